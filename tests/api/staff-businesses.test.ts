/**
 * The staff's All Businesses calls (issue 9): GET /business's search by card id and SPEC §5's
 * filters (payment done / not done, card active / inactive), with each role and another
 * agency; what the staff screens chain: register a customer then their first business, edit,
 * clone (a double submit makes one copy) and delete (admins only; others' are 404).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard, insertBusiness } from "../support/factories.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

type Row = { businessId: number; businessName: string; card: { cardId: string; status: string } | null; paymentStatus: number };
async function list(role: RoleName, query: Record<string, string | number>) {
  const res = await t.requestAs(role, "GET", "/business", { query: { pageSize: 100, ...query } as never });
  expect(res.status, res.text).toBe(200);
  return res.json as { businesses: Row[]; total: number };
}
const names = (r: { businesses: Row[] }) => r.businesses.map((b) => b.businessName).sort();
const byName = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0];

describe("GET /business: search and filters", () => {
  test("search finds a business by its card id (part of it, any case)", async () => {
    expect(names(await list("admin", { search: "sharma-swe" }))).toEqual(["Sharma Sweets"]);
    expect(names(await list("admin", { search: "SHARMA-SWEETS" }))).toEqual(["Sharma Sweets"]);
    // Another agency's card id finds nothing for this agency's staff.
    const dental = await t.db.select().from(cards).where(eq(cards.businessId, (await byName("Smile Care Dental Clinic")).businessId));
    expect(dental).toHaveLength(1);
    expect((await list("admin", { search: dental[0].cardId })).total).toBe(0);
  });

  test("search by name, phone (as people type it) and email still works", async () => {
    expect(names(await list("admin", { search: "gupta elec" }))).toEqual(["Gupta Electricals"]);
    expect(names(await list("admin", { search: "sales@guptaelectricals" }))).toEqual(["Gupta Electricals"]);
    expect(names(await list("admin", { search: "91234 56780" }))).toEqual(["Gupta Electricals"]);
  });

  test("payment: done / not done mean paid / unpaid", async () => {
    const done = await list("admin", { payment: "done" });
    const paid = await list("admin", { payment: "paid" });
    expect(names(done)).toEqual(names(paid));
    expect(done.businesses.every((b) => b.paymentStatus === 1)).toBe(true);
    const notDone = await list("admin", { payment: "not done" });
    expect(names(notDone)).toEqual(names(await list("admin", { payment: "unpaid" })));
    expect(notDone.businesses.every((b) => b.paymentStatus === 0)).toBe(true);
    expect(names(notDone)).toContain("Iyer Consulting");
  });

  test("cardStatus: active / inactive cards; businesses without a card match neither", async () => {
    const card = await createCard(t, { name: "Inactive Card Shop", role: "admin" });
    await t.db.update(cards).set({ status: "inactive" }).where(eq(cards.cardNo, card.cardNo));
    const inactive = await list("admin", { cardStatus: "inactive" });
    expect(names(inactive)).toContain("Inactive Card Shop");
    expect(inactive.businesses.every((b) => b.card?.status === "inactive")).toBe(true);
    const active = await list("admin", { cardStatus: "Active" });
    expect(names(active)).toContain("Sharma Sweets");
    expect(names(active)).not.toContain("Inactive Card Shop");
    expect(active.businesses.every((b) => b.card?.status === "active")).toBe(true);
  });

  test("filters combine with search and paging; a page past the end keeps the total", async () => {
    const res = await list("admin", { search: "Inactive Card", cardStatus: "inactive", payment: "not-done" });
    expect(names(res)).toEqual(["Inactive Card Shop"]);
    const past = await t.requestAs("admin", "GET", "/business", { query: { cardStatus: "inactive", page: 50, pageSize: 10 } });
    expect(past.json.businesses).toEqual([]);
    expect(past.json.total).toBeGreaterThanOrEqual(1);
  });

  test("an unknown filter value is 422 with a clear message", async () => {
    const res = await t.requestAsUnchecked("admin", "GET", "/business", { query: { cardStatus: "sleeping" } });
    expect(res.status).toBe(422);
    expect(res.text).toContain("cardStatus must be one of: active, inactive.");
    expect((await t.requestAsUnchecked("admin", "GET", "/business", { query: { payment: "maybe" } })).status).toBe(422);
  });

  test("a franchisee's search covers only the businesses they made; another agency's admin only theirs", async () => {
    expect(names(await list("franchisee", { search: "sharma-sweets" }))).toEqual([]);
    expect(names(await list("franchisee", { search: "Gupta" }))).toEqual(["Gupta Electricals"]);
    expect(names(await list("otherAgencyAdmin", { search: "Sharma" }))).toEqual([]);
    expect((await t.requestAs("customer", "GET", "/business", { query: { search: "Sharma" } })).status).toBe(403);
  });
});

describe("what the staff screens chain", () => {
  test("register a new customer by phone, then their first business with its card: it lists, made by the admin", async () => {
    const reg = await t.requestAs("admin", "POST", "/business/registerUserAndGetBusinesses", { body: { phoneNumber: "98100 00077" } });
    expect(reg.status).toBe(200);
    expect(reg.json).toMatchObject({ created: true, businesses: [], user: { phoneNumber: "9810000077", isForeignUser: false } });
    const body = { businessName: "Nair Bakery", category: "Bakery", userId: reg.json.user.userId, createDigitalCard: true };
    const [a, b] = await Promise.all([t.requestAs("admin", "POST", "/business", { body }), t.requestAs("admin", "POST", "/business", { body })]);
    expect(a.json.business.businessId).toBe(b.json.business.businessId);
    expect(a.json.card.cardId).toBeTruthy();
    const found = await list("admin", { search: "9810000077" });
    expect(found.businesses.map((r) => [r.businessName, r.card?.cardId])).toEqual([["Nair Bakery", a.json.card.cardId]]);
    // Registering the same phone again finds the customer and their business.
    const again = await t.requestAs("admin", "POST", "/business/registerUserAndGetBusinesses", { body: { phoneNumber: "9810000077" } });
    expect(again.json.created).toBe(false);
    expect(again.json.businesses.map((x: Row) => x.businessName)).toEqual(["Nair Bakery"]);
  });

  test("a customer abroad by email; phone and email together is refused", async () => {
    const reg = await t.requestAs("admin", "POST", "/business/registerUserAndGetBusinesses", { body: { email: "Abroad@Example.com", isForeignUser: true } });
    expect(reg.json.user).toMatchObject({ email: "abroad@example.com", isForeignUser: true, phoneNumber: null });
    const both = await t.requestAs("admin", "POST", "/business/registerUserAndGetBusinesses", { body: { phoneNumber: "9810000078", email: "x@example.com" } });
    expect(both.status).toBe(422);
  });

  test("staff edit a business's details", async () => {
    const b = await insertBusiness(t, { name: "Edit Me Shop" });
    const res = await t.requestAs("admin", "POST", "/business/updateBusinessMetadata", { body: { businessId: b.businessId, businessName: "Edited Shop", category: "Tailor" } });
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ businessName: "Edited Shop", category: "Tailor" });
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/business/updateBusinessMetadata", { body: { businessId: b.businessId, businessName: "Hijack" } })).status).toBe(404);
  });

  test("clone: a double submit makes one copy (with its card); the copy is unpaid", async () => {
    const card = await createCard(t, { name: "Clone Source Shop", role: "admin", paid: true });
    const body = { businessId: card.businessId };
    const [a, b] = await Promise.all([
      t.requestAs("admin", "POST", "/business/cloneBusiness", { body }),
      t.requestAs("admin", "POST", "/business/cloneBusiness", { body }),
    ]);
    expect(a.status).toBe(200);
    expect(b.json.business.businessId).toBe(a.json.business.businessId);
    expect(a.json.business).toMatchObject({ businessName: "Clone Source Shop (copy)", paymentStatus: 0 });
    expect(a.json.card.cardId).not.toBe(card.cardId);
    expect((await list("admin", { search: "Clone Source Shop (copy)" })).total).toBe(1);
  });

  test("delete: admins only (a franchisee is refused), another agency's is 404, then it is gone from the list", async () => {
    const b = await insertBusiness(t, { name: "Delete Me Shop" });
    // The answers say so first, so the pages offer Delete only to those who may.
    for (const [role, may] of [["admin", true], ["franchiseeAllCards", false]] as const) {
      expect((await t.requestAs(role, "GET", `/business/${b.businessId}`)).json.allowed, role).toEqual({ delete: may });
      expect((await t.requestAs(role, "GET", "/business", { query: { search: "Delete Me Shop" } })).json.allowed, role).toEqual({ delete: may });
    }
    expect((await t.requestAsUnchecked("franchiseeAllCards", "DELETE", `/business/${b.businessId}`)).status).toBe(403);
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "DELETE", `/business/${b.businessId}`)).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "DELETE", `/business/${b.businessId}`)).status).toBe(200);
    expect((await list("admin", { search: "Delete Me Shop" })).total).toBe(0);
    // Again: it is not there any more.
    expect((await t.requestAsUnchecked("admin", "DELETE", `/business/${b.businessId}`)).status).toBe(404);
  });
});

describe("search in every script (issue 24)", () => {
  test("a card whose owner gave a Hindi and a Latin company name is found by either, in All Businesses and All Projects", async () => {
    const card = await createCard(t, { name: "Kirana Test Business" });
    const [row] = await t.db.select().from(cards).where(eq(cards.cardNo, card.cardNo));
    // "क़" stored as one code point (U+0958), searched below as क + nukta: the same letter to a reader.
    await t.db
      .update(cards)
      .set({
        basicDetails: { ...row.basicDetails, companyName: "गुप्ता \u0958िराना स्टोर" },
        secondLanguage: { primaryLanguage: "hi", secondLanguage: "en", texts: { companyName: "Gupta Kirana Store", products: [], links: [] } },
      })
      .where(eq(cards.cardNo, card.cardNo));
    for (const search of ["गुप्ता", "क\u093Cिराना", "gupta kirana", "KIRANA STORE"]) {
      expect(names(await list("admin", { search })), search).toEqual(["Kirana Test Business"]);
      const projects = await t.requestAs("admin", "GET", "/getcardlist", { query: { pageSize: 100, search, searchBy: "companyName" } });
      expect(projects.json.cards.map((c: { cardId: string }) => c.cardId), search).toEqual([card.cardId]);
    }
    // Another agency's admin finds nothing by either name.
    expect(names(await list("otherAgencyAdmin", { search: "गुप्ता" }))).toEqual([]);
  });
});
