/**
 * GET/POST /business/subscription-plan and DELETE /business/subscription-plan/{id} (SPEC §3, §7;
 * ADR 0015): the agency's plans in order, a business's custom plan, how the caller may buy,
 * admins create/update/retire, and nobody reaches another agency's plans.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { agencies } from "#server/db/schema/core.ts";
import { CUSTOM_PLAN_DEFAULT_LIMITS, PLAN_MESSAGES, type SubscriptionPlan } from "#contracts/plans.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

let t: TestApi;
let ids: Record<string, number>;
let platformId: number;
let sunriseId: number;

beforeAll(async () => {
  t = await createTestApi();
  ids = Object.fromEntries((await t.db.select().from(businesses)).map((b) => [b.businessName, b.businessId]));
  const rows = await t.db.select().from(agencies);
  platformId = rows.find((a) => a.roles.includes("superadmin"))!.id;
  sunriseId = rows.find((a) => !a.roles.includes("superadmin"))!.id;
});
afterAll(() => t?.close());

const names = (res: { json: { list: SubscriptionPlan[] } }) => res.json.list.map((p) => p.name);
const planInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  price: 149900,
  validity: 1,
  limits: CUSTOM_PLAN_DEFAULT_LIMITS,
  ...extra,
});

describe("GET /business/subscription-plan", () => {
  test("a customer: the agency's active plans by sortOrder, numeric ids, paise; the PDF plan; online purchase", async () => {
    const res = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: ids["Sharma Sweets"] } });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Basic", "Premium", "Premium 3 Years"]);
    expect(res.json.list[0]).toMatchObject({ price: 99900, validity: 1, isCustom: false, isActive: true, businessId: null });
    expect(typeof res.json.list[0].subscriptionPlanId).toBe("number");
    expect(res.json.singlePdfCardPlan).toEqual({ id: 1, price: 9900 });
    expect(res.json.purchase).toEqual({ mode: "online", gateway: "test", contact: null });
    expect(res.json.products).toEqual({ imagePosts: true, videoPosts: true, pdfCard: true, video: true });
  });

  test("a business made by a franchisee: online when the agency allows that source, else contact-admin", async () => {
    const gupta = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: ids["Gupta Electricals"] } });
    expect(gupta.json.purchase.mode).toBe("online"); // the demo allows "franchisee"
    const b = await insertBusiness(t, { name: "Made By Creator" });
    await t.db.update(businesses).set({ businessMadeBy: "creator" }).where(eq(businesses.businessId, b.businessId));
    const res = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: b.businessId } });
    // Whom to connect with (issue 22): the agency's name, its admin's phone and email.
    expect(res.json.purchase).toEqual({
      mode: "contact-admin",
      gateway: null,
      contact: { name: "Card Panel", phoneNumber: "9000000001", email: "rohit.mehra@cardpanel.in" },
    });
  });

  test("an agency with online payment off: contact-admin, no PDF plan, its own plans and flags", async () => {
    const res = await t.requestAs("otherAgencyCustomer", "GET", "/business/subscription-plan");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Starter", "Business"]);
    expect(res.json.purchase).toEqual({
      mode: "contact-admin",
      gateway: null,
      contact: { name: "Sunrise Media", phoneNumber: "9000000011", email: "vikram.rao@sunrisemedia.in" },
    });
    expect(res.json.singlePdfCardPlan).toBeNull();
    expect(res.json.products).toEqual({ imagePosts: true, videoPosts: false, pdfCard: false, video: false });
  });

  test("staff: purchase mode admin", async () => {
    for (const role of ["admin", "franchiseeAllCards"] as const) {
      const res = await t.requestAs(role, "GET", "/business/subscription-plan", { query: { businessId: ids["Sharma Sweets"] } });
      expect(res.json.purchase, role).toEqual({ mode: "admin", gateway: null, contact: null });
    }
  });

  test("a business's custom plan is listed only with that business", async () => {
    const [custom] = await t.db
      .insert(subscriptionPlans)
      .values({ agencyId: platformId, name: "Custom", price: 5000, limits: CUSTOM_PLAN_DEFAULT_LIMITS, isCustom: true, businessId: ids["Sharma Sweets"], sortOrder: 0 })
      .returning();
    const own = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: ids["Sharma Sweets"] } });
    expect(names(own)).toEqual(["Basic", "Premium", "Premium 3 Years", "Custom"]);
    expect(own.json.list[3]).toMatchObject({ isCustom: true, businessId: ids["Sharma Sweets"] });
    const other = await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: ids["Gupta Electricals"] } });
    expect(names(other)).not.toContain("Custom");
    expect(names(await t.requestAs("admin", "GET", "/business/subscription-plan"))).not.toContain("Custom");
    await t.db.delete(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, custom.subscriptionPlanId));
  });

  test("another agency's business or plans: 404 (customers and non-superadmin staff); superadmin may read another agency's", async () => {
    const dental = ids["Smile Care Dental Clinic"];
    expect((await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { businessId: dental } })).status).toBe(404);
    expect((await t.requestAs("customer", "GET", "/business/subscription-plan", { query: { agencyId: sunriseId } })).status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/business/subscription-plan", { query: { agencyId: platformId } })).status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/business/subscription-plan", { query: { businessId: ids["Sharma Sweets"] } })).status).toBe(404);
    // Another customer's business of the same agency.
    expect((await t.requestAs("foreignCustomer", "GET", "/business/subscription-plan", { query: { businessId: ids["Sharma Sweets"] } })).status).toBe(404);
    const sa = await t.requestAs("admin", "GET", "/business/subscription-plan", { query: { agencyId: sunriseId } });
    expect(sa.status).toBe(200);
    expect(names(sa)).toEqual(["Starter", "Business"]);
    expect((await t.requestAs("admin", "GET", "/business/subscription-plan", { query: { agencyId: 999999 } })).status).toBe(404);
  });

  test("without a session: 401", async () => {
    expect((await t.request("GET", "/business/subscription-plan")).status).toBe(401);
  });
});

describe("POST /business/subscription-plan", () => {
  test("an admin creates a plan (price in paise), then updates it; a double click makes one plan", async () => {
    const body = planInput("Gold", { sortOrder: 5, frameVisibility: { hideRegularFrame: true, hideProductFrame: false, hidePoliticalFrame: false } });
    const [a, b] = await Promise.all([
      t.requestAs("otherAgencyAdmin", "POST", "/business/subscription-plan", { body }),
      t.requestAs("otherAgencyAdmin", "POST", "/business/subscription-plan", { body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.plan.subscriptionPlanId).toBe(b.json.plan.subscriptionPlanId);
    expect([a.json.created, b.json.created].sort()).toEqual([false, true]);
    expect(a.json.plan).toMatchObject({ agencyId: sunriseId, name: "Gold", price: 149900, validity: 1, sortOrder: 5, isActive: true, isCustom: false });
    expect(a.json.plan.frameVisibility.hideRegularFrame).toBe(true);

    const id = a.json.plan.subscriptionPlanId;
    const updated = await t.requestAs("otherAgencyAdmin", "POST", "/business/subscription-plan", {
      body: planInput("Gold Plus", { subscriptionPlanId: id, price: 199900, validity: 2, sortOrder: 5 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ created: false, plan: { subscriptionPlanId: id, name: "Gold Plus", price: 199900, validity: 2 } });
    const list = await t.requestAs("otherAgencyCustomer", "GET", "/business/subscription-plan");
    expect(names(list)).toEqual(["Starter", "Business", "Gold Plus"]);
  });

  test("SPEC §5 messages and limit/toggle contradictions are 422 and change nothing", async () => {
    const before = (await t.db.select().from(subscriptionPlans)).length;
    const empty = await t.requestAsUnchecked("admin", "POST", "/business/subscription-plan", { body: { limits: CUSTOM_PLAN_DEFAULT_LIMITS } });
    expect(empty.status).toBe(422);
    expect(empty.json.fieldErrors).toMatchObject({ name: [PLAN_MESSAGES.name], price: [PLAN_MESSAGES.price], validity: [PLAN_MESSAGES.validity] });
    const contradicts = await t.requestAs("admin", "POST", "/business/subscription-plan", {
      body: planInput("Odd", { limits: { ...CUSTOM_PLAN_DEFAULT_LIMITS, pdfCardIncluded: true, pdfCardLimit: null, digitalCardIncluded: false } }),
    });
    expect(contradicts.status).toBe(422);
    expect(contradicts.json.fieldErrors).toEqual({
      "limits.digitalCardIncluded": ["Every plan includes the digital card."],
      "limits.digitalCardLimit": ["A limit needs its option switched on."],
      "limits.pdfCardLimit": ["Enter a limit, or -1 for unlimited."],
    });
    expect((await t.db.select().from(subscriptionPlans)).length).toBe(before);
  });

  test("superadmin creates for another agency; another agency's admin cannot, nor update a plan not theirs", async () => {
    const sa = await t.requestAs("admin", "POST", "/business/subscription-plan", { body: { ...planInput("From Platform"), agencyId: sunriseId } });
    expect(sa.status).toBe(200);
    expect(sa.json.plan.agencyId).toBe(sunriseId);
    const refused = await t.requestAs("otherAgencyAdmin", "POST", "/business/subscription-plan", { body: { ...planInput("Sneaky"), agencyId: platformId } });
    expect(refused.status).toBe(404);
    const [basic] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Basic"));
    const update = await t.requestAs("otherAgencyAdmin", "POST", "/business/subscription-plan", { body: planInput("Hijack", { subscriptionPlanId: basic.subscriptionPlanId }) });
    expect(update.status).toBe(404);
    expect((await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, basic.subscriptionPlanId)))[0].name).toBe("Basic");
  });

  test("customers and non-admin staff may not", async () => {
    for (const role of ["customer", "franchisee", "franchiseeAllCards", "creator"] as const) {
      expect((await t.requestAs(role, "POST", "/business/subscription-plan", { body: planInput("Nope") })).status, role).toBe(403);
      expect((await t.requestAsUnchecked(role, "DELETE", "/business/subscription-plan/1")).status, role).toBe(403);
    }
  });
});

describe("DELETE /business/subscription-plan/{subscriptionPlanId}", () => {
  const del = (role: "admin" | "otherAgencyAdmin", id: number) =>
    t.requestAsUnchecked(role, "DELETE", `/business/subscription-plan/${id}`);

  test("a plan nobody bought is deleted; one that was bought is retired and no longer offered, but kept", async () => {
    const fresh = await t.requestAs("admin", "POST", "/business/subscription-plan", { body: planInput("Short Lived") });
    const freshId = fresh.json.plan.subscriptionPlanId;
    expect((await del("admin", freshId)).json).toEqual({ subscriptionPlanId: freshId, outcome: "deleted" });
    expect(await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, freshId))).toEqual([]);
    expect((await del("admin", freshId)).status).toBe(404);

    const bought = await t.requestAs("admin", "POST", "/business/subscription-plan", { body: planInput("Bought Once") });
    const boughtId = bought.json.plan.subscriptionPlanId;
    const b = await insertBusiness(t);
    await t.db.insert(cardPayments).values({ agencyId: platformId, businessId: b.businessId, subscriptionPlanId: boughtId, amount: 149900, status: "paid" });
    expect((await del("admin", boughtId)).json).toEqual({ subscriptionPlanId: boughtId, outcome: "retired" });
    expect((await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, boughtId)))[0].isActive).toBe(false);
    expect(names(await t.requestAs("customer", "GET", "/business/subscription-plan"))).not.toContain("Bought Once");
    // The plans page asks for retired plans too.
    const all = await t.requestAs("admin", "GET", "/business/subscription-plan", { query: { includeRetired: "true" } });
    expect(all.json.list.find((p: SubscriptionPlan) => p.subscriptionPlanId === boughtId)).toMatchObject({ isActive: false });
  });

  test("a plan a business is on (seeded without a payment row) is retired too", async () => {
    const [starter] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Starter"));
    await t.db.delete(cardPayments).where(eq(cardPayments.subscriptionPlanId, starter.subscriptionPlanId));
    expect((await del("otherAgencyAdmin", starter.subscriptionPlanId)).json.outcome).toBe("retired");
  });

  test("another agency's plan is 404 for its admin", async () => {
    const [premium] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Premium"));
    expect((await del("otherAgencyAdmin", premium.subscriptionPlanId)).status).toBe(404);
    expect((await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, premium.subscriptionPlanId)))[0].isActive).toBe(true);
  });
});
