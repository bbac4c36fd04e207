/**
 * The subscription lifecycle (ADR 0015): a new business starts on the agency's trial, migration
 * 0004 gives every business without an expiry the same trial, and grantPlan / reverseGrant
 * (server/api/payments/grant.ts) extend and take back exactly one payment's period.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { migrationsFolder } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { agencies } from "#server/db/schema/core.ts";
import { grantPlan, reverseGrant } from "#server/api/payments/grant.ts";
import { addYears } from "#server/domain/subscription.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
let platformId: number;
let sunriseId: number;
let plans: Record<string, typeof subscriptionPlans.$inferSelect>;

beforeAll(async () => {
  t = await createTestApi();
  const rows = await t.db.select().from(agencies);
  platformId = rows.find((a) => a.roles.includes("superadmin"))!.id;
  sunriseId = rows.find((a) => !a.roles.includes("superadmin"))!.id;
  plans = Object.fromEntries((await t.db.select().from(subscriptionPlans)).map((p) => [p.name, p]));
});
afterAll(() => t?.close());

const businessRow = async (businessId: number) => (await t.db.select().from(businesses).where(eq(businesses.businessId, businessId)))[0];
const paymentRow = async (recordNo: number) => (await t.db.select().from(cardPayments).where(eq(cardPayments.recordNo, recordNo)))[0];

async function setTrialDays(agencyId: number, trialDays: unknown) {
  const [a] = await t.db.select().from(agencies).where(eq(agencies.id, agencyId));
  const configuration = { ...a.configuration } as Record<string, unknown>;
  if (trialDays === undefined) delete configuration.trialDays;
  else configuration.trialDays = trialDays;
  await t.db.update(agencies).set({ configuration }).where(eq(agencies.id, agencyId));
}

const grant = (businessId: number, planName: string, now: Date) =>
  t.db.transaction((tx) =>
    grantPlan(tx, {
      businessId,
      agencyId: platformId,
      planId: plans[planName].subscriptionPlanId,
      now,
      payment: { create: { amount: plans[planName].price, throughGateway: false, isManualUpdate: true, recordedByFranchiseeId: null } },
    }),
  );
const reverse = (recordNo: number, now: Date) => t.db.transaction((tx) => reverseGrant(tx, recordNo, { agencyId: platformId, now }));

describe("a new business starts on the agency's trial", () => {
  test("POST /business: expiry = creation + 7 days, unpaid, no plan", async () => {
    const res = await t.requestAs("customer", "POST", "/business", { body: { businessName: "Trial Tea Stall" } });
    expect(res.status).toBe(200);
    const b = res.json.business;
    expect(Date.parse(b.expiryDateForCustomer) - Date.parse(b.createdAt)).toBe(7 * DAY);
    expect(b).toMatchObject({ paymentStatus: 0, isSubscriptionActive: false, paymentState: "unpaid" });
    expect((await businessRow(b.businessId)).subscriptionPlanId).toBeNull();
  });

  test("the agency's configuration.trialDays decides (staff creating for a customer too)", async () => {
    await setTrialDays(platformId, 30);
    try {
      const customer = await t.requestAs("customer", "GET", "/business/getBusinessesByUser");
      const [owner] = await t.db.select().from(businesses).where(eq(businesses.businessId, customer.json.businesses[0].businessId));
      const res = await t.requestAs("admin", "POST", "/business", { body: { businessName: "Thirty Day Tailors", userId: owner.userId } });
      expect(res.status).toBe(200);
      expect(Date.parse(res.json.business.expiryDateForCustomer) - Date.parse(res.json.business.createdAt)).toBe(30 * DAY);
    } finally {
      await setTrialDays(platformId, undefined);
    }
  });

  test("a clone starts unpaid on its own trial, whatever the original's plan", async () => {
    const [sharma] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    const res = await t.requestAs("customer", "POST", "/business/cloneBusiness", { body: { businessId: sharma.businessId } });
    expect(res.status).toBe(200);
    const copy = await businessRow(res.json.business.businessId);
    expect(copy).toMatchObject({ paymentStatus: 0, isSubscriptionActive: false, subscriptionPlanId: null, planLimits: null });
    expect(copy.expiryDateForCustomer!.getTime() - copy.createdAt.getTime()).toBe(7 * DAY);
  });

  test("the demo seed: no business without an expiry", async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(businesses).where(sql`${businesses.expiryDateForCustomer} is null`);
    expect(n).toBe(0);
  });
});

describe("migration 0004 backfills every business without an expiry", () => {
  const migration = fs
    .readFileSync(path.join(migrationsFolder, "0004_business_trial_expiry.sql"), "utf8")
    .split("--> statement-breakpoint");

  test("creation + the agency's trial days (default 7; odd values default or clamp); an existing expiry stays", async () => {
    const createdAt = new Date("2026-01-10T08:00:00.000Z");
    const set = new Date("2030-01-01T00:00:00.000Z");
    const platformA = await insertBusiness(t, { name: "Backfill Default" });
    const platformB = await insertBusiness(t, { name: "Backfill Already Set", expiry: set });
    const [meera] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Smile Care Dental Clinic"));
    const sunriseA = await insertBusiness(t, { name: "Backfill Sunrise", userId: meera.userId });
    for (const b of [platformA, platformB, sunriseA]) await t.db.update(businesses).set({ createdAt }).where(eq(businesses.businessId, b.businessId));
    await t.db.update(businesses).set({ expiryDateForCustomer: null }).where(eq(businesses.businessId, platformA.businessId));

    const run = async () => {
      for (const statement of migration) await t.db.execute(sql.raw(statement));
    };
    try {
      await setTrialDays(sunriseId, 14);
      await run();
      expect((await businessRow(platformA.businessId)).expiryDateForCustomer).toEqual(new Date(createdAt.getTime() + 7 * DAY));
      expect((await businessRow(platformB.businessId)).expiryDateForCustomer).toEqual(set);
      expect((await businessRow(sunriseA.businessId)).expiryDateForCustomer).toEqual(new Date(createdAt.getTime() + 14 * DAY));

      for (const [configured, days] of [
        [1000, 365],
        [-3, 0],
        [2.5, 7],
        ["10", 7],
      ] as const) {
        await setTrialDays(sunriseId, configured);
        await t.db.update(businesses).set({ expiryDateForCustomer: null }).where(eq(businesses.businessId, sunriseA.businessId));
        await run();
        expect((await businessRow(sunriseA.businessId)).expiryDateForCustomer, `trialDays ${configured}`).toEqual(new Date(createdAt.getTime() + days * DAY));
      }
    } finally {
      await setTrialDays(sunriseId, undefined);
    }
  });
});

describe("grantPlan and reverseGrant", () => {
  test("bought during the trial: the plan starts when the trial ends (no day lost); the business is paid on it", async () => {
    const now = new Date();
    const trialEnd = new Date(now.getTime() + 5 * DAY);
    const b = await insertBusiness(t, { expiry: trialEnd });
    const r = await grant(b.businessId, "Basic", now);
    expect(r).toMatchObject({ validFrom: trialEnd, validUntil: addYears(trialEnd, 1), alreadyGranted: false });
    const row = await businessRow(b.businessId);
    expect(row).toMatchObject({
      paymentStatus: 1,
      isSubscriptionActive: true,
      subscriptionPlanId: plans.Basic.subscriptionPlanId,
      planLimits: plans.Basic.limits,
      frameVisibility: plans.Basic.frameVisibility,
      expiryDateForCustomer: addYears(trialEnd, 1),
    });
    expect(await paymentRow(r.recordNo)).toMatchObject({ status: "paid", paidAt: now, validFrom: trialEnd, validUntil: addYears(trialEnd, 1), planName: "Basic" });
  });

  test("renewing early keeps the days left; an expired business renews from now", async () => {
    const now = new Date();
    const ahead = new Date(now.getTime() + 100 * DAY);
    const early = await insertBusiness(t, { expiry: ahead, paid: true });
    expect((await grant(early.businessId, "Premium 3 Years", now)).validUntil).toEqual(addYears(ahead, 3));

    const expired = await insertBusiness(t, { expiry: new Date(now.getTime() - 40 * DAY), paid: true });
    const r = await grant(expired.businessId, "Basic", now);
    expect(r.validFrom).toEqual(now);
    expect((await businessRow(expired.businessId)).expiryDateForCustomer).toEqual(addYears(now, 1));
  });

  test("a stored order row is granted once: a second grant of the same row changes nothing", async () => {
    const now = new Date();
    const b = await insertBusiness(t, { expiry: new Date(now.getTime() + DAY) });
    const [order] = await t.db
      .insert(cardPayments)
      .values({ agencyId: platformId, businessId: b.businessId, subscriptionPlanId: plans.Basic.subscriptionPlanId, amount: plans.Basic.price, razorpayOrderId: "order_lifecycle_1" })
      .returning();
    const args = { businessId: b.businessId, agencyId: platformId, planId: plans.Basic.subscriptionPlanId, payment: { recordNo: order.recordNo, razorpayPaymentId: "pay_lifecycle_1" } };
    const [first, second] = await Promise.all([
      t.db.transaction((tx) => grantPlan(tx, { ...args, now })),
      t.db.transaction((tx) => grantPlan(tx, { ...args, now: new Date(now.getTime() + 1000) })),
    ]);
    expect([first.alreadyGranted, second.alreadyGranted].sort()).toEqual([false, true]);
    expect((await businessRow(b.businessId)).expiryDateForCustomer).toEqual(addYears(new Date(now.getTime() + DAY), 1));
    expect(await paymentRow(order.recordNo)).toMatchObject({ status: "paid", razorpayPaymentId: "pay_lifecycle_1" });
  });

  test("another agency's business or plan is 404; a custom plan only for its own business", async () => {
    const now = new Date();
    const [dental] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Smile Care Dental Clinic"));
    await expect(grant(dental.businessId, "Basic", now)).rejects.toMatchObject({ status: 404 });
    const b = await insertBusiness(t, { expiry: now });
    const starter = plans.Starter;
    await expect(
      t.db.transaction((tx) =>
        grantPlan(tx, { businessId: b.businessId, agencyId: platformId, planId: starter.subscriptionPlanId, now, payment: { create: { amount: 1, throughGateway: false, isManualUpdate: true, recordedByFranchiseeId: null } } }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    const other = await insertBusiness(t, { expiry: now });
    const [custom] = await t.db
      .insert(subscriptionPlans)
      .values({ agencyId: platformId, name: "Custom", price: 100, limits: plans.Basic.limits, isCustom: true, businessId: other.businessId })
      .returning();
    await expect(
      t.db.transaction((tx) =>
        grantPlan(tx, { businessId: b.businessId, agencyId: platformId, planId: custom.subscriptionPlanId, now, payment: { create: { amount: 1, throughGateway: false, isManualUpdate: true, recordedByFranchiseeId: null } } }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await t.db.select().from(cardPayments).where(eq(cardPayments.businessId, b.businessId))).toEqual([]);
  });

  test("reversing the only payment: back to the trial it was bought in, unpaid, plan cleared, row refunded", async () => {
    const now = new Date();
    const trialEnd = new Date(now.getTime() + 3 * DAY);
    const b = await insertBusiness(t, { expiry: trialEnd });
    const { recordNo } = await grant(b.businessId, "Premium", now);
    const r = await reverse(recordNo, new Date(now.getTime() + 60_000));
    expect(r).toMatchObject({ stillPaid: false, alreadyReversed: false, expiryDateForCustomer: trialEnd });
    expect(await businessRow(b.businessId)).toMatchObject({
      paymentStatus: 0,
      isSubscriptionActive: false,
      subscriptionPlanId: null,
      planLimits: null,
      frameVisibility: null,
      expiryDateForCustomer: trialEnd,
    });
    expect((await paymentRow(recordNo)).status).toBe("refunded");
    // A repeated DELETE changes nothing more.
    expect(await reverse(recordNo, now)).toMatchObject({ alreadyReversed: true });
    expect((await businessRow(b.businessId)).expiryDateForCustomer).toEqual(trialEnd);
  });

  test("reversing a payment with another stacked after it: the later one moves up, keeps its length and its plan stays", async () => {
    const now = new Date();
    const start = new Date(now.getTime() + 2 * DAY);
    const b = await insertBusiness(t, { expiry: start });
    const first = await grant(b.businessId, "Basic", now);
    const second = await grant(b.businessId, "Premium", new Date(now.getTime() + DAY));
    expect(second.validFrom).toEqual(first.validUntil);

    const r = await reverse(first.recordNo, new Date(now.getTime() + 2 * DAY));
    const span = first.validUntil.getTime() - first.validFrom.getTime();
    expect(r.stillPaid).toBe(true);
    const moved = await paymentRow(second.recordNo);
    expect(moved.validFrom).toEqual(start);
    expect(moved.validUntil).toEqual(new Date(second.validUntil.getTime() - span));
    expect(await businessRow(b.businessId)).toMatchObject({
      paymentStatus: 1,
      subscriptionPlanId: plans.Premium.subscriptionPlanId,
      expiryDateForCustomer: moved.validUntil,
    });
  });

  test("reversing the later of two: the earlier one's plan and expiry come back", async () => {
    const now = new Date();
    const b = await insertBusiness(t, { expiry: now });
    const first = await grant(b.businessId, "Basic", now);
    const second = await grant(b.businessId, "Premium", now);
    await reverse(second.recordNo, now);
    expect(await businessRow(b.businessId)).toMatchObject({
      paymentStatus: 1,
      subscriptionPlanId: plans.Basic.subscriptionPlanId,
      planLimits: plans.Basic.limits,
      expiryDateForCustomer: first.validUntil,
    });
  });

  test("a payment whose period ran out long ago, then a renewal after a gap: reversing the old one leaves the renewal alone", async () => {
    const now = new Date();
    const b = await insertBusiness(t, { expiry: new Date(now.getTime() - 800 * DAY) });
    const old = await grant(b.businessId, "Basic", new Date(now.getTime() - 800 * DAY));
    const renewal = await grant(b.businessId, "Basic", now);
    expect(renewal.validFrom).toEqual(now);
    await reverse(old.recordNo, now);
    expect(await paymentRow(renewal.recordNo)).toMatchObject({ validFrom: now, validUntil: renewal.validUntil });
    expect(await businessRow(b.businessId)).toMatchObject({ paymentStatus: 1, expiryDateForCustomer: renewal.validUntil });
  });

  test("only a paid row can be reversed; another agency's is 404", async () => {
    const b = await insertBusiness(t, { expiry: new Date() });
    const [order] = await t.db
      .insert(cardPayments)
      .values({ agencyId: platformId, businessId: b.businessId, subscriptionPlanId: plans.Basic.subscriptionPlanId, amount: 1 })
      .returning();
    await expect(reverse(order.recordNo, new Date())).rejects.toMatchObject({ status: 409 });
    const [dentalPayment] = await t.db.select().from(cardPayments).where(and(eq(cardPayments.agencyId, sunriseId), eq(cardPayments.status, "paid")));
    await expect(reverse(dentalPayment.recordNo, new Date())).rejects.toMatchObject({ status: 404 });
  });
});
