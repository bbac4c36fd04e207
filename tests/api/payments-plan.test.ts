/**
 * POST /card-payment (staff's manual payment), GET /card-payment, GET /card-payment/last-active
 * and DELETE /card-payment (admin's reversal): SPEC §7, ADR 0015. Grants go through
 * server/api/payments/grant.ts; these tests see them through the API and the rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { franchisees } from "#server/db/schema/core.ts";
import { addYears } from "#server/domain/subscription.ts";
import { CUSTOM_PLAN, CUSTOM_PLAN_DEFAULT_LIMITS, PLAN_MESSAGES } from "#contracts/plans.ts";
import { PAYMENT_AMOUNT_MESSAGE } from "#contracts/payments.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
let ids: Record<string, number>;
let plans: Record<string, typeof subscriptionPlans.$inferSelect>;
let adminId: number;

beforeAll(async () => {
  t = await createTestApi();
  ids = Object.fromEntries((await t.db.select().from(businesses)).map((b) => [b.businessName, b.businessId]));
  plans = Object.fromEntries((await t.db.select().from(subscriptionPlans)).map((p) => [p.name, p]));
  [{ id: adminId }] = await t.db.select({ id: franchisees.id }).from(franchisees).where(eq(franchisees.phoneNumber, "9000000001"));
});
afterAll(() => t?.close());

const businessRow = async (id: number) => (await t.db.select().from(businesses).where(eq(businesses.businessId, id)))[0];
const pay = (role: RoleName, body: Record<string, unknown>) => t.requestAsUnchecked(role, "POST", "/card-payment", { body: { isManualUpdate: true, ...body } });
const paymentsOf = async (businessId: number) => t.db.select().from(cardPayments).where(eq(cardPayments.businessId, businessId));

describe("POST /card-payment (manual)", () => {
  test("renews the expired demo business from now; the amount defaults to the plan's price; recorded by the staff member", async () => {
    const before = Date.now();
    const res = await pay("admin", { businessId: ids["Gupta Electricals"], planId: plans.Premium.subscriptionPlanId });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ planId: plans.Premium.subscriptionPlanId, duplicate: false });
    const row = (await t.db.select().from(cardPayments).where(eq(cardPayments.recordNo, res.json.recordNo)))[0];
    expect(row).toMatchObject({
      amount: plans.Premium.price,
      status: "paid",
      throughGateway: false,
      isManualUpdate: true,
      recordedByFranchiseeId: adminId,
      planName: "Premium",
      razorpayOrderId: null,
    });
    // Expired 10 days ago: the year starts now, not at the old expiry.
    expect(row.validFrom!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.validUntil).toEqual(addYears(row.validFrom!, 1));
    expect(await businessRow(ids["Gupta Electricals"])).toMatchObject({
      paymentStatus: 1,
      isSubscriptionActive: true,
      subscriptionPlanId: plans.Premium.subscriptionPlanId,
      planLimits: plans.Premium.limits,
      expiryDateForCustomer: row.validUntil,
    });
    // The public card is back.
    expect((await t.request("GET", "/public-card/gupta-electricals")).json.state).toBe("live");
  });

  test("renewing early keeps the days left; a collected amount other than the price is recorded as given", async () => {
    const sharma = await businessRow(ids["Sharma Sweets"]);
    const res = await pay("admin", { businessId: sharma.businessId, planId: plans.Basic.subscriptionPlanId, paymentAmount: 50000 });
    expect(res.status).toBe(200);
    expect((await businessRow(sharma.businessId)).expiryDateForCustomer).toEqual(addYears(sharma.expiryDateForCustomer!, 1));
    expect((await t.db.select().from(cardPayments).where(eq(cardPayments.recordNo, res.json.recordNo)))[0].amount).toBe(50000);
  });

  test("a manual payment of ₹0 is refused on its field and grants nothing (issue 22 L1)", async () => {
    const b = await insertBusiness(t, { expiry: new Date(Date.now() + 7 * DAY) });
    const before = await businessRow(b.businessId);
    const res = await pay("admin", { businessId: b.businessId, planId: plans.Premium.subscriptionPlanId, paymentAmount: 0 });
    expect(res.status, res.text).toBe(422);
    expect(res.json.fieldErrors).toEqual({ paymentAmount: [PAYMENT_AMOUNT_MESSAGE] });
    expect(await paymentsOf(b.businessId)).toHaveLength(0);
    expect(await businessRow(b.businessId)).toEqual(before);
  });

  test("a double click (two identical posts at once) grants once; the same payment later is a new one", async () => {
    const b = await insertBusiness(t, { expiry: new Date(Date.now() + 7 * DAY) });
    const body = { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId };
    const [x, y] = await Promise.all([pay("admin", body), pay("admin", body)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.json.recordNo).toBe(y.json.recordNo);
    expect([x.json.duplicate, y.json.duplicate].sort()).toEqual([false, true]);
    expect(await paymentsOf(b.businessId)).toHaveLength(1);
    const expiry = (await businessRow(b.businessId)).expiryDateForCustomer!;

    t.clock.set(new Date(Date.now() + 11_000));
    try {
      const later = await pay("admin", body);
      expect(later.json.duplicate).toBe(false);
      expect(await paymentsOf(b.businessId)).toHaveLength(2);
      expect((await businessRow(b.businessId)).expiryDateForCustomer).toEqual(addYears(expiry, 1));
    } finally {
      t.clock.reset();
    }
  });

  test("CUSTOM_PLAN: the custom plan is made for this business and granted in one go", async () => {
    const b = await insertBusiness(t, { expiry: new Date(Date.now() + DAY) });
    const customPlan = {
      name: "Custom",
      price: 120000,
      validity: 2,
      limits: { ...CUSTOM_PLAN_DEFAULT_LIMITS, greetingVideosIncluded: true, greetingVideosLimit: 3 },
      frameVisibility: { hideRegularFrame: false, hideProductFrame: true, hidePoliticalFrame: false },
    };
    const res = await pay("admin", { businessId: b.businessId, planId: CUSTOM_PLAN, customPlan });
    expect(res.status).toBe(200);
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, res.json.planId));
    expect(plan).toMatchObject({ isCustom: true, businessId: b.businessId, name: "Custom", price: 120000, validityYears: 2, isActive: true });
    expect(await businessRow(b.businessId)).toMatchObject({ paymentStatus: 1, subscriptionPlanId: plan.subscriptionPlanId, planLimits: customPlan.limits, frameVisibility: customPlan.frameVisibility });
    const [row] = await paymentsOf(b.businessId);
    expect(row).toMatchObject({ amount: 120000, validUntil: addYears(row.validFrom!, 2) });
    // The owner sees it with the business's plans; nobody else does.
    const list = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: b.businessId } });
    expect(list.json.list.map((p: { subscriptionPlanId: number }) => p.subscriptionPlanId)).toContain(plan.subscriptionPlanId);
    // …and staff may not buy another business's custom plan.
    const other = await insertBusiness(t, { expiry: new Date() });
    expect((await pay("admin", { businessId: other.businessId, planId: plan.subscriptionPlanId })).status).toBe(404);
  });

  test("CUSTOM_PLAN without its details, or with SPEC §5 gaps: 422, nothing made", async () => {
    const b = await insertBusiness(t, { expiry: new Date() });
    const plansBefore = (await t.db.select().from(subscriptionPlans)).length;
    const missing = await pay("admin", { businessId: b.businessId, planId: CUSTOM_PLAN });
    expect(missing.status).toBe(422);
    expect(missing.json.fieldErrors.customPlan).toBeDefined();
    const gaps = await pay("admin", { businessId: b.businessId, planId: CUSTOM_PLAN, customPlan: { limits: CUSTOM_PLAN_DEFAULT_LIMITS } });
    expect(gaps.status).toBe(422);
    expect(gaps.json.fieldErrors).toMatchObject({
      "customPlan.name": [PLAN_MESSAGES.name],
      "customPlan.validity": [PLAN_MESSAGES.validity],
      "customPlan.price": [PLAN_MESSAGES.price],
    });
    const contradiction = await pay("admin", {
      businessId: b.businessId,
      planId: CUSTOM_PLAN,
      customPlan: { name: "Custom", price: 1, validity: 1, limits: { ...CUSTOM_PLAN_DEFAULT_LIMITS, pdfCardIncluded: true } },
    });
    expect(contradiction.status).toBe(422);
    expect(contradiction.json.fieldErrors).toEqual({ "customPlan.limits.pdfCardLimit": ["Enter a limit, or -1 for unlimited."] });
    expect((await t.db.select().from(subscriptionPlans)).length).toBe(plansBefore);
    expect(await paymentsOf(b.businessId)).toEqual([]);
  });

  test("another agency's business or plan: 404; a retired plan: 409; customers: 403; a franchisee only for businesses they made", async () => {
    const b = await insertBusiness(t, { expiry: new Date() });
    expect((await pay("admin", { businessId: ids["Smile Care Dental Clinic"], planId: plans.Basic.subscriptionPlanId })).status).toBe(404);
    expect((await pay("otherAgencyAdmin", { businessId: ids["Smile Care Dental Clinic"], planId: plans.Basic.subscriptionPlanId })).status).toBe(404);
    expect((await pay("admin", { businessId: b.businessId, planId: plans.Starter.subscriptionPlanId })).status).toBe(404);
    expect((await pay("customer", { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId })).status).toBe(403);
    expect((await pay("franchisee", { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId })).status).toBe(404);
    const [retired] = await t.db
      .insert(subscriptionPlans)
      .values({ agencyId: plans.Basic.agencyId, name: "Old Plan", price: 100, limits: CUSTOM_PLAN_DEFAULT_LIMITS, isActive: false })
      .returning();
    expect((await pay("admin", { businessId: b.businessId, planId: retired.subscriptionPlanId })).status).toBe(409);
    expect(await paymentsOf(b.businessId)).toEqual([]);
    expect((await businessRow(b.businessId)).paymentStatus).toBe(0);
  });
});

describe("GET /card-payment and /card-payment/last-active", () => {
  test("the owner and staff who may see the business read its payments, newest first; others get 404", async () => {
    const own = await t.requestAs("customer", "GET", "/card-payment", { query: { businessId: ids["Sharma Sweets"] } });
    expect(own.status).toBe(200);
    expect(own.json.list.length).toBeGreaterThanOrEqual(1);
    expect(own.json.list.at(-1)).toMatchObject({ product: "card", businessName: "Sharma Sweets", planName: "Premium", amount: 249900, status: "paid", isManualUpdate: true });
    const times = own.json.list.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: ids["Sharma Sweets"] } })).status).toBe(200);
    for (const role of ["foreignCustomer", "otherAgencyAdmin", "otherAgencyCustomer", "franchisee"] as const) {
      expect((await t.requestAs(role, "GET", "/card-payment", { query: { businessId: ids["Sharma Sweets"] } })).status, role).toBe(404);
      expect((await t.requestAs(role, "GET", "/card-payment/last-active", { query: { businessId: ids["Sharma Sweets"] } })).status, role).toBe(404);
    }
  });

  test("last-active: the paid payment running latest; null when none runs past now", async () => {
    const b = await insertBusiness(t, { expiry: new Date(Date.now() + DAY) });
    const none = await t.requestAs("admin", "GET", "/card-payment/last-active", { query: { businessId: b.businessId } });
    expect(none.json).toEqual({ payment: null });
    await pay("admin", { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId });
    t.clock.set(new Date(Date.now() + 11_000));
    try {
      const second = await pay("admin", { businessId: b.businessId, planId: plans["Premium 3 Years"].subscriptionPlanId });
      const last = await t.requestAs("customer", "GET", "/card-payment/last-active", { query: { businessId: b.businessId } });
      expect(last.json.payment).toMatchObject({ recordNo: second.json.recordNo, planName: "Premium 3 Years", status: "paid" });
    } finally {
      t.clock.reset();
    }
  });
});

describe("GET /card-payment/receipts", () => {
  test("only paid purchases have receipts, the latest paid first: not an abandoned order nor a reversed payment; others get 404", async () => {
    const b = await insertBusiness(t, { expiry: new Date(Date.now() + DAY) });
    const basic = await pay("admin", { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId });
    t.clock.set(new Date(Date.now() + 11_000));
    try {
      const reversed = await pay("admin", { businessId: b.businessId, planId: plans["Premium 3 Years"].subscriptionPlanId });
      expect((await t.requestAsUnchecked("admin", "DELETE", "/card-payment", { query: { recordNo: reversed.json.recordNo } })).status).toBe(200);
      t.clock.set(new Date(Date.now() + 22_000));
      const premium = await pay("admin", { businessId: b.businessId, planId: plans.Premium.subscriptionPlanId });
      // A checkout opened and closed: an order, never paid.
      await t.db.insert(cardPayments).values({
        agencyId: b.agencyId,
        businessId: b.businessId,
        subscriptionPlanId: plans.Basic.subscriptionPlanId,
        planName: "Basic",
        amount: plans.Basic.price,
        status: "created",
        throughGateway: true,
        razorpayOrderId: "order_abandoned_receipt",
      });

      const res = await t.requestAs("customer", "GET", "/card-payment/receipts", { query: { businessId: b.businessId } });
      expect(res.status).toBe(200);
      expect(res.json.list.map((r: { recordNo: number }) => r.recordNo)).toEqual([premium.json.recordNo, basic.json.recordNo]);
      expect(res.json.list[0]).toMatchObject({ planName: "Premium", status: "paid", amount: plans.Premium.price });
      for (const role of ["foreignCustomer", "otherAgencyAdmin", "otherAgencyCustomer"] as const) {
        expect((await t.requestAs(role, "GET", "/card-payment/receipts", { query: { businessId: b.businessId } })).status, role).toBe(404);
      }
    } finally {
      t.clock.reset();
    }
  });
});

describe("DELETE /card-payment?recordNo", () => {
  test("an admin reverses a payment: refunded, the business back to its trial, unpaid, plan cleared; a repeat changes nothing", async () => {
    const trialEnd = new Date(Date.now() + 4 * DAY);
    const b = await insertBusiness(t, { expiry: trialEnd });
    const paid = await pay("admin", { businessId: b.businessId, planId: plans.Basic.subscriptionPlanId });
    const res = await t.requestAs("admin", "DELETE", "/card-payment", { query: { recordNo: paid.json.recordNo } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recordNo: paid.json.recordNo, stillPaid: false, alreadyReversed: false });
    expect(await businessRow(b.businessId)).toMatchObject({ paymentStatus: 0, isSubscriptionActive: false, subscriptionPlanId: null, planLimits: null, expiryDateForCustomer: trialEnd });
    expect((await paymentsOf(b.businessId))[0].status).toBe("refunded");
    const again = await t.requestAs("admin", "DELETE", "/card-payment", { query: { recordNo: paid.json.recordNo } });
    expect(again.json.alreadyReversed).toBe(true);
    const list = await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: b.businessId } });
    expect(list.json.list[0].status).toBe("refunded");
  });

  test("only admins, only their agency's payments", async () => {
    const [sharmaPayment] = await paymentsOf(ids["Sharma Sweets"]);
    // The payment list says who may reverse, so the page offers Delete only to them.
    expect((await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: ids["Sharma Sweets"] } })).json.allowed).toEqual({ reverse: true });
    expect((await t.requestAs("customer", "GET", "/card-payment", { query: { businessId: ids["Sharma Sweets"] } })).json.allowed).toEqual({ reverse: false });
    for (const role of ["customer", "franchisee", "franchiseeAllCards", "creator"] as const) {
      expect((await t.requestAs(role, "DELETE", "/card-payment", { query: { recordNo: sharmaPayment.recordNo } })).status, role).toBe(403);
    }
    expect((await t.requestAs("otherAgencyAdmin", "DELETE", "/card-payment", { query: { recordNo: sharmaPayment.recordNo } })).status).toBe(404);
    expect((await paymentsOf(ids["Sharma Sweets"])).find((p) => p.recordNo === sharmaPayment.recordNo)!.status).toBe("paid");
    expect((await t.requestAs("admin", "DELETE", "/card-payment", { query: { recordNo: 999999 } })).status).toBe(404);
  });
});
