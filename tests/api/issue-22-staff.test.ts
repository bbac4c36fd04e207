/**
 * Issue 22 ("What a new user found"), the staff side (ADR 0044): how a manual payment was made,
 * a new card's greetings shown as they work, a paid card in the running bill at once, and the
 * platform's answer about itself. Each test failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { agencies, users } from "#server/db/schema/core.ts";
import { DEMO_ACCOUNTS } from "#server/db/demo-accounts.ts";
import { periodOf } from "#server/api/billing/rules.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";
import { createCard, insertBusiness } from "../support/factories.ts";
import { csvObjects } from "../support/csv.ts";

let t: TestApi;
let sunriseId: number;
let sunriseUserId: number;
beforeAll(async () => {
  t = await createTestApi();
  sunriseId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.otherAgencyAdmin.host)))[0].id;
  sunriseUserId = (await t.db.select().from(users).where(eq(users.phoneNumber, DEMO_ACCOUNTS.otherAgencyCustomer.login.phoneNumber)))[0].id;
});
afterAll(async () => {
  await t?.close();
});

async function firstPlanId(role: "admin" | "otherAgencyAdmin", businessId: number) {
  const plans = await t.requestAs(role, "GET", "/business/subscription-plan", { query: { businessId } });
  expect(plans.status, plans.text).toBe(200);
  return (plans.json.list as { subscriptionPlanId: number; price: number }[])[0];
}

describe("issue 22: a manual payment says how it was paid", () => {
  test("POST /card-payment keeps the method and reference; GET /card-payment shows them", async () => {
    const b = await insertBusiness(t);
    const plan = await firstPlanId("admin", b.businessId);
    const res = await t.requestAs("admin", "POST", "/card-payment", {
      body: { businessId: b.businessId, planId: plan.subscriptionPlanId, isManualUpdate: true, paymentMethod: "cheque", paymentReference: "  Cheque 004512  " },
    });
    expect(res.status, res.text).toBe(200);
    const list = await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: b.businessId } });
    expect(list.json.list[0]).toMatchObject({ paymentMethod: "cheque", paymentReference: "Cheque 004512" });
  });

  test("an unknown method or a reference too long is 422 and records nothing", async () => {
    const b = await insertBusiness(t);
    const plan = await firstPlanId("admin", b.businessId);
    const base = { businessId: b.businessId, planId: plan.subscriptionPlanId, isManualUpdate: true };
    const wrong = await t.requestAsUnchecked("admin", "POST", "/card-payment", { body: { ...base, paymentMethod: "barter" } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.fieldErrors.paymentMethod[0]).toBe("Choose how you were paid: cash, UPI, cheque or bank transfer.");
    const long = await t.requestAsUnchecked("admin", "POST", "/card-payment", { body: { ...base, paymentMethod: "upi", paymentReference: "x".repeat(61) } });
    expect(long.status).toBe(422);
    const list = await t.requestAs("admin", "GET", "/card-payment", { query: { businessId: b.businessId } });
    expect(list.json.list).toHaveLength(0);
  });
});

describe("issue 22: a new card's greetings read as they work", () => {
  test("a new card is listed with greeting posts on, and the report says Enabled", async () => {
    const c = await createCard(t);
    const list = await t.requestAs("admin", "GET", "/getcardlist", { query: { pageSize: 100, search: c.cardId } });
    const row = (list.json.cards as { cardId: string; imagePostEnabled: boolean }[]).find((r) => r.cardId === c.cardId)!;
    expect(row.imagePostEnabled).toBe(true);
    const cookie = await t.signInAs("admin");
    const csv = await t.api.request(`http://${ROLES.admin.host}/api/v1/reports/project-report/digital-card`, { headers: { cookie, "x-panel-client-ip": "10.9.0.1" } });
    const rows = csvObjects(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer()));
    expect(rows.find((r) => r["Card ID"] === c.cardId)?.["Image posts"]).toBe("Enabled");
    // Greetings work for it (they always did): the list and the report now agree with them.
    const off = await t.requestAs("admin", "POST", "/updateImagePostStatus", { body: { cardNo: c.cardNo, imagePostEnabled: false } });
    expect(off.json.updatedCard.imagePostEnabled).toBe(false);
  });
});

describe("issue 22: a paid card is in the running month bill at once", () => {
  test("staff record a payment: the agency's bill for this month lists the card without Generate", async () => {
    const b = await insertBusiness(t, { agencyId: sunriseId, userId: sunriseUserId, name: `Rapid Bill Shop ${Date.now()}` });
    const plan = await firstPlanId("otherAgencyAdmin", b.businessId);
    const paid = await t.requestAs("otherAgencyAdmin", "POST", "/card-payment", {
      body: { businessId: b.businessId, planId: plan.subscriptionPlanId, isManualUpdate: true, paymentMethod: "cash" },
    });
    expect(paid.status, paid.text).toBe(200);
    const view = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: periodOf(t.clock.now()) });
    expect(view.status, view.text).toBe(200);
    const names = (view.json.bill?.items ?? []).map((i: { businessName: string | null }) => i.businessName);
    expect(names).toContain(b.businessName);
    // Generate has nothing left to add for it.
    const again = await t.requestAs("admin", "POST", "/month-payments/generate", { body: { agencyId: sunriseId } });
    expect(again.json).toMatchObject({ linesAdded: 0 });
  });
});

describe("issue 22: the platform's invoice details have a form", () => {
  test("the platform's admin reads and saves them; a bad GSTIN is 422 and changes nothing; other agencies cannot", async () => {
    const before = await t.requestAs("admin", "GET", "/invoice-issuer");
    expect(before.status, before.text).toBe(200);
    expect(before.json.issuer).toMatchObject({ gstin: "27AABCC1234D1Z5" });
    const bad = await t.requestAsUnchecked("admin", "PUT", "/invoice-issuer", { body: { legalName: "X", address: "Y", gstin: "27AABCC1234" } });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.gstin[0]).toBe("A GSTIN has 15 characters, like 27AABCC1234D1Z5.");
    expect((await t.requestAs("admin", "GET", "/invoice-issuer")).json.issuer).toEqual(before.json.issuer);
    const saved = await t.requestAs("admin", "PUT", "/invoice-issuer", { body: { legalName: "Card Panel Technologies LLP", address: "  ", gstin: "29aabcc1234d1z5" } });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.requestAs("admin", "GET", "/invoice-issuer")).json.issuer).toEqual({ legalName: "Card Panel Technologies LLP", address: null, gstin: "29AABCC1234D1Z5" });
    // The rest of the platform's configuration is kept.
    const [platform] = await t.db.select().from(agencies).where(eq(agencies.host, ROLES.admin.host));
    expect(platform.configuration.imagePost?.enableImagePost).toBe(true);
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "PUT", "/invoice-issuer", { body: { legalName: "Mine", address: null, gstin: null } })).status).toBe(403);
    expect((await t.requestAsUnchecked("franchiseeAllCards", "GET", "/invoice-issuer")).status).toBe(403);
    await t.requestAs("admin", "PUT", "/invoice-issuer", { body: before.json.issuer });
  });
});
