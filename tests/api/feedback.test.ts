/**
 * GET/DELETE /feedback (SPEC §7): who sees which messages left on public cards, paging, newest
 * first, and deleting one's own. Another customer's or agency's message is 404, never 403.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { businesses, feedback } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { insertFeedback } from "../support/factories.ts";

let t: TestApi;
const ids: Record<string, { businessId: number; agencyId: number }> = {};

beforeAll(async () => {
  t = await createTestApi();
  for (const b of await t.db.select().from(businesses)) ids[b.businessName] = { businessId: b.businessId, agencyId: b.agencyId };
});
afterAll(() => t?.close());

const list = (role: RoleName, query: Record<string, string | number> = {}) => t.requestAs(role, "GET", "/feedback", { query });
const remove = (role: RoleName, id: number | string) => t.requestAs(role, "DELETE", "/feedback", { query: { id } });
const businessesIn = (res: { json: { list: { businessName: string }[] } }) => [...new Set(res.json.list.map((r) => r.businessName))].sort();

describe("GET /feedback", () => {
  test("a customer sees their active business's messages by default, newest first", async () => {
    const older = await insertFeedback(t, "Sharma Sweets", { minutesAgo: 5 });
    const newer = await insertFeedback(t, "Sharma Sweets", { minutesAgo: 1 });
    const res = await list("customer");
    expect(res.status).toBe(200);
    expect(res.json.businessId).toBe(ids["Sharma Sweets"].businessId);
    expect(businessesIn(res)).toEqual(["Sharma Sweets"]);
    const order = res.json.list.map((r: { id: number }) => r.id);
    expect(order.indexOf(newer.id)).toBeLessThan(order.indexOf(older.id));
    const times = res.json.list.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.json.list.find((r: { id: number }) => r.id === newer.id)).toMatchObject({
      kind: "enquiry",
      name: newer.name,
      message: newer.message,
      phoneNumber: "9811122334",
      businessName: "Sharma Sweets",
    });
    // The two seeded messages are there too (one feedback, one enquiry).
    expect(res.json.total).toBeGreaterThanOrEqual(4);
    expect(new Set(res.json.list.map((r: { kind: string }) => r.kind))).toEqual(new Set(["feedback", "enquiry"]));
  });

  test("the default follows the business the customer switched to", async () => {
    const gupta = await insertFeedback(t, "Gupta Electricals");
    const [rajesh] = await t.db.select().from(users).where(eq(users.phoneNumber, "9876543210"));
    await t.db.update(users).set({ preference: { activeBusinessId: ids["Gupta Electricals"].businessId } }).where(eq(users.id, rajesh.id));
    try {
      const res = await list("customer");
      expect(res.json.businessId).toBe(ids["Gupta Electricals"].businessId);
      expect(res.json.list.map((r: { id: number }) => r.id)).toContain(gupta.id);
      expect(businessesIn(res)).toEqual(["Gupta Electricals"]);
    } finally {
      await t.db.update(users).set({ preference: rajesh.preference }).where(eq(users.id, rajesh.id));
    }
  });

  test("?businessId: own businesses only; another customer's or agency's is 404", async () => {
    const own = await list("customer", { businessId: ids["Gupta Electricals"].businessId });
    expect(own.status).toBe(200);
    expect(businessesIn(own)).toEqual(["Gupta Electricals"]);
    for (const other of ["Iyer Consulting", "Smile Care Dental Clinic"]) {
      const res = await list("customer", { businessId: ids[other].businessId });
      expect(res.status, other).toBe(404);
      expect(res.json.message).toBe("We could not find this business.");
    }
    expect((await list("customer", { businessId: 999999 })).status).toBe(404);
  });

  test("kind filter and paging", async () => {
    for (let i = 0; i < 12; i++) await insertFeedback(t, "Iyer Consulting", { minutesAgo: 100 - i, kind: i % 3 === 0 ? "feedback" : "enquiry" });
    const all = await list("foreignCustomer", { pageSize: 100 });
    const total = all.json.total;
    expect(total).toBe(all.json.list.length);
    const p1 = await list("foreignCustomer", { pageSize: 5, page: 1 });
    const p3 = await list("foreignCustomer", { pageSize: 5, page: 3 });
    expect(p1.json).toMatchObject({ total, page: 1, pageSize: 5 });
    expect(p1.json.list).toHaveLength(5);
    expect(p3.json.list).toHaveLength(total - 10);
    expect([...p1.json.list, ...(await list("foreignCustomer", { pageSize: 5, page: 2 })).json.list, ...p3.json.list].map((r: { id: number }) => r.id)).toEqual(
      all.json.list.map((r: { id: number }) => r.id),
    );
    const fb = await list("foreignCustomer", { kind: "feedback", pageSize: 100 });
    expect(fb.json.list.length).toBe(4);
    expect(fb.json.list.every((r: { kind: string }) => r.kind === "feedback")).toBe(true);
    expect((await list("foreignCustomer", { kind: "spam" })).status).toBe(422);
    expect((await list("foreignCustomer", { pageSize: 500 })).status).toBe(422);
  });

  test("staff: admins and all-card franchisees see the agency's; a franchisee only businesses they made", async () => {
    await insertFeedback(t, "Smile Care Dental Clinic");
    expect(businessesIn(await list("admin", { pageSize: 100 }))).toEqual(["Gupta Electricals", "Iyer Consulting", "Sharma Sweets"]);
    expect(businessesIn(await list("franchiseeAllCards", { pageSize: 100 }))).toEqual(["Gupta Electricals", "Iyer Consulting", "Sharma Sweets"]);
    expect(businessesIn(await list("franchisee", { pageSize: 100 }))).toEqual(["Gupta Electricals"]);
    expect(businessesIn(await list("otherAgencyAdmin", { pageSize: 100 }))).toEqual(["Smile Care Dental Clinic"]);
    expect((await list("franchisee", { businessId: ids["Sharma Sweets"].businessId })).status).toBe(404);
    expect((await list("otherAgencyAdmin", { businessId: ids["Sharma Sweets"].businessId })).status).toBe(404);
  });

  test("signed out: 401", async () => {
    expect((await t.request("GET", "/feedback")).status).toBe(401);
  });
});

describe("DELETE /feedback", () => {
  const exists = async (id: number) => (await t.db.select().from(feedback).where(eq(feedback.id, id))).length === 1;

  test("the owner deletes a message; it leaves the list", async () => {
    const row = await insertFeedback(t, "Sharma Sweets");
    const res = await remove("customer", row.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, id: row.id });
    expect(await exists(row.id)).toBe(false);
    expect((await list("customer", { pageSize: 100 })).json.list.map((r: { id: number }) => r.id)).not.toContain(row.id);
    expect((await remove("customer", row.id)).status).toBe(404);
  });

  test("another customer's, another agency's or an unmade business's message is 404 and stays", async () => {
    const sharma = await insertFeedback(t, "Sharma Sweets");
    const smile = await insertFeedback(t, "Smile Care Dental Clinic");
    for (const [role, id] of [
      ["foreignCustomer", sharma.id],
      ["otherAgencyCustomer", sharma.id],
      ["otherAgencyAdmin", sharma.id],
      ["franchisee", sharma.id],
      ["customer", smile.id],
      ["admin", smile.id],
    ] as const) {
      const res = await remove(role, id);
      expect(res.status, `${role} deleting ${id}`).toBe(404);
      expect(res.json.message).toBe("We could not find this message.");
    }
    expect(await exists(sharma.id)).toBe(true);
    expect(await exists(smile.id)).toBe(true);
    expect((await remove("admin", sharma.id)).status).toBe(200);
    expect((await remove("otherAgencyAdmin", smile.id)).status).toBe(200);
  });

  test("bad input is 422; signed out is 401", async () => {
    expect((await remove("customer", "abc")).status).toBe(422);
    expect((await t.request("DELETE", "/feedback", { cookie: await t.signInAs("customer") })).status).toBe(422);
    expect((await t.request("DELETE", "/feedback", { query: { id: 1 } })).status).toBe(401);
  });
});
