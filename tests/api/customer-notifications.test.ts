/**
 * GET /customer/notifications (ADR 0043): the customer's bell lists their own events, newest
 * first, each with the page it leads to; nobody else's; staff are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertBusiness, insertFeedback } from "../support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

type Item = { key: string; kind: string; businessId: number; title: string; body: string | null; href: string; at: string };
const list = async (role: "customer" | "foreignCustomer" | "otherAgencyCustomer") => {
  const res = await t.requestAs(role, "GET", "/customer/notifications");
  expect(res.status, res.text).toBe(200);
  return res.json.notifications as Item[];
};

describe("GET /customer/notifications", () => {
  test("an enquiry, a paid plan and an ending trial, newest first, each with its link", async () => {
    const enquiry = await insertFeedback(t, "Sharma Sweets", { message: "Do you deliver kaju katli to Malviya Nagar?" });
    const [sharma] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets"));
    const [paid] = await t.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.businessId, sharma.businessId));
    const trial = await insertBusiness(t, { name: "Trial Tea Stall", expiry: new Date(Date.now() + 3 * DAY + 60_000) });

    const items = await list("customer");
    const times = items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toMatchObject({
      kind: "enquiry",
      title: `Enquiry from ${enquiry.name} for Sharma Sweets`,
      body: "Do you deliver kaju katli to Malviya Nagar?",
      href: `/panel/customer/feedback?businessId=${sharma.businessId}`,
    });
    expect(items).toContainEqual(
      expect.objectContaining({ kind: "payment", title: "Payment received for Sharma Sweets", href: `/panel/customer/businesses/${sharma.businessId}/receipts/${paid.recordNo}` }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ kind: "expiring", businessId: trial.businessId, title: expect.stringMatching(/^The free trial of Trial Tea Stall ends on /), href: `/panel/customer/plans?businessId=${trial.businessId}` }),
    );
    expect(items.length).toBeLessThanOrEqual(30);
  });

  test("only the customer's own: another customer, of this agency or another, sees none of them", async () => {
    const mine = new Set((await list("customer")).map((i) => i.businessId));
    for (const other of ["foreignCustomer", "otherAgencyCustomer"] as const) {
      for (const item of await list(other)) expect(mine.has(item.businessId)).toBe(false);
    }
  });

  test("in the request's language (ADR 0066): the titles come from the notifications catalogue", async () => {
    const res = await t.requestAsUnchecked("customer", "GET", "/customer/notifications", { headers: { "accept-language": "hi" } });
    expect(res.status, res.text).toBe(200);
    const titles = (res.json.notifications as Item[]).map((i) => i.title);
    expect(titles).toContain("Sharma Sweets का भुगतान मिल गया");
    expect(titles.some((x) => /^Trial Tea Stall का फ़्री ट्रायल .+ को खत्म होगा$/.test(x))).toBe(true);
  });

  test("staff are refused", async () => {
    const res = await t.requestAsUnchecked("admin", "GET", "/customer/notifications");
    expect(res.status).toBe(403);
  });
});
