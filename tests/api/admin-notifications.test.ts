/**
 * GET /analytics/admin-notification and PUT …/{id}/read (ADR 0016): a notice for each new
 * business, payment and enquiry, written with the event; expiring cards from a daily job, once
 * each (reading writes nothing); who sees a notice is who sees its business; read marks per staff member.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { adminNotifications } from "#server/db/schema/core.ts";
import { createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { insertBusiness, seededCustomer } from "../support/factories.ts";
import { deriveExpiringNotices, startNotificationJobs } from "#server/api/notifications/jobs.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

type Notice = { notificationId: number; kind: string; businessId: number; title: string; body: string | null; read: boolean };
async function list(role: RoleName, query: Record<string, string | number | boolean> = {}) {
  const res = await t.requestAs(role, "GET", "/analytics/admin-notification", { query: { pageSize: 100, ...query } as never });
  expect(res.status, res.text).toBe(200);
  return res.json as { notifications: Notice[]; total: number; unread: number; page: number; pageSize: number };
}
const titles = async (role: RoleName) => (await list(role)).notifications.map((n) => n.title);
/** The daily job's run (server/api/notifications/jobs.ts), as of the test clock. */
const sweep = () => deriveExpiringNotices(t.db, t.clock.now());
const businessId = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;

describe("notices written with their event", () => {
  test("a business staff add for a customer: the admin sees it unread, newest first", async () => {
    const customer = await seededCustomer(t);
    const res = await t.requestAs("admin", "POST", "/business", { body: { businessName: "Kapoor Opticians", userId: customer.id } });
    expect(res.status).toBe(200);
    const { notifications, unread } = await list("admin");
    expect(notifications.find((n) => n.businessId === res.json.business.businessId)).toMatchObject({ kind: "new-business", businessId: res.json.business.businessId, title: "New business: Kapoor Opticians", body: "Added by admin", read: false });
    expect(unread).toBeGreaterThanOrEqual(1);
  });

  test("a customer's own new business says so; a double submit is one business and one notice", async () => {
    const body = { businessName: "Verma Tailors" };
    const [a, b] = await Promise.all([t.requestAs("customer", "POST", "/business", { body }), t.requestAs("customer", "POST", "/business", { body })]);
    expect(a.json.business.businessId).toBe(b.json.business.businessId);
    const mine = (await list("admin")).notifications.filter((n) => n.title === "New business: Verma Tailors");
    expect(mine).toHaveLength(1);
    expect(mine[0].body).toBe("Registered by the customer");
  });

  test("a manual payment: amount in ₹, the plan, who recorded it; a repeated request adds no second notice", async () => {
    const id = await businessId("Iyer Consulting");
    const plans = await t.requestAs("admin", "GET", "/business/subscription-plan", { query: { businessId: id } });
    const plan = plans.json.list[0];
    const body = { businessId: id, planId: plan.subscriptionPlanId, isManualUpdate: true as const };
    const first = await t.requestAs("admin", "POST", "/card-payment", { body });
    expect(first.status).toBe(200);
    await t.requestAs("admin", "POST", "/card-payment", { body });
    const payments = (await list("admin")).notifications.filter((n) => n.kind === "payment" && n.businessId === id);
    expect(payments).toHaveLength(1);
    expect(payments[0].title).toBe("Payment: Iyer Consulting");
    expect(payments[0].body).toMatch(new RegExp(`^₹[\\d,]+ for ${plan.name} \\(recorded by staff\\)$`));
  });

  test("an enquiry left on a public card", async () => {
    const read = await t.request("GET", "/public-card/sharma-sweets");
    t.clock.advance(5_000);
    const res = await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", {
      body: { name: "Neha Verma", phoneNumber: "98111 22334", message: "Bulk order for Diwali?", token: read.json.enquiryToken },
    });
    expect(res.status).toBe(200);
    const [notice] = (await list("admin")).notifications.filter((n) => n.kind === "enquiry");
    expect(notice).toMatchObject({ title: "Enquiry for Sharma Sweets", body: "From Neha Verma", businessId: await businessId("Sharma Sweets") });
  });
});

describe("expiring cards, from the daily job", () => {
  test("a business whose expiry is 1–7 days away gets one notice however often the job runs; reading adds none", async () => {
    const soon = await insertBusiness(t, { name: "Soon Expiring Shop", expiry: new Date(Date.now() + 3.5 * 86_400_000), paid: true });
    expect((await list("admin")).notifications.filter((n) => n.businessId === soon.businessId)).toHaveLength(0);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await sweep()).toBe(0);
    const notices = (await list("admin")).notifications.filter((n) => n.businessId === soon.businessId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "expiring-card", title: "Card expiring soon: Soon Expiring Shop" });
    expect(notices[0].body).toMatch(/^Expires on \d\d [A-Z][a-z]{2} \d{4}$/);
    // An expired one or one far away is not "expiring soon".
    expect(await titles("admin")).not.toContain("Card expiring soon: Sharma Sweets");
    expect(await titles("admin")).not.toContain("Card expiring soon: Gupta Electricals");
  });

  test("on the queue: the server's start sends a run, and the worker adds the notices", async () => {
    const soon = await insertBusiness(t, { name: "Queue Expiring Shop", expiry: new Date(Date.now() + 2.5 * 86_400_000), paid: true });
    await startNotificationJobs(t.deps, t.queue);
    await expect.poll(async () => (await list("admin")).notifications.some((n) => n.businessId === soon.businessId), { timeout: 20_000 }).toBe(true);
  });

  test("a new expiry day (renewed, expiring again) is a new notice", async () => {
    const b = await insertBusiness(t, { name: "Twice Expiring Shop", expiry: new Date(Date.now() + 2.5 * 86_400_000), paid: true });
    await sweep();
    await t.db.update(businesses).set({ expiryDateForCustomer: new Date(Date.now() + 5.5 * 86_400_000) }).where(eq(businesses.businessId, b.businessId));
    await sweep();
    const rows = await t.db.select().from(adminNotifications).where(eq(adminNotifications.businessId, b.businessId));
    expect(rows.map((r) => r.kind)).toEqual(["expiring-card", "expiring-card"]);
  });
});

describe("who sees what", () => {
  test("a franchisee sees only their own customers' notices; all-card staff see the agency's", async () => {
    const gupta = await businessId("Gupta Electricals");
    await t.db.update(businesses).set({ expiryDateForCustomer: new Date(Date.now() + 4.5 * 86_400_000) }).where(eq(businesses.businessId, gupta));
    await sweep();
    const own = (await list("franchisee")).notifications;
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((n) => n.businessId))).toEqual(new Set([gupta]));
    expect(await titles("franchiseeAllCards")).toEqual(expect.arrayContaining(["Card expiring soon: Gupta Electricals", "New business: Kapoor Opticians"]));
  });

  test("another agency's staff see only their agency's", async () => {
    await sweep();
    const other = await titles("otherAgencyAdmin");
    expect(other).toContain("Card expiring soon: Smile Care Dental Clinic");
    expect(other.some((s) => /Kapoor|Iyer|Sharma|Gupta/.test(s))).toBe(false);
  });

  test("customers are refused; signed out is 401", async () => {
    expect((await t.requestAs("customer", "GET", "/analytics/admin-notification")).status).toBe(403);
    expect((await t.request("GET", "/analytics/admin-notification")).status).toBe(401);
  });
});

describe("PUT /analytics/admin-notification/{id}/read", () => {
  test("marks it read for the caller only, again changes nothing, and the unread count drops", async () => {
    const before = await list("admin", { unread: true });
    const target = before.notifications[0];
    const res = await t.requestAsUnchecked("admin", "PUT", `/analytics/admin-notification/${target.notificationId}/read`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ notificationId: target.notificationId, read: true });
    expect((await t.requestAsUnchecked("admin", "PUT", `/analytics/admin-notification/${target.notificationId}/read`)).status).toBe(200);
    const after = await list("admin", { unread: true });
    expect(after.unread).toBe(before.unread - 1);
    expect(after.notifications.map((n) => n.notificationId)).not.toContain(target.notificationId);
    expect((await list("admin")).notifications.find((n) => n.notificationId === target.notificationId)?.read).toBe(true);
    // Read marks are per person: the all-card franchisee still has it unread.
    expect((await list("franchiseeAllCards")).notifications.find((n) => n.notificationId === target.notificationId)?.read).toBe(false);
  });

  test("one the caller may not see is 404: another agency's, another franchisee's customer's, an unknown id", async () => {
    const [sunrise] = await t.db
      .select()
      .from(adminNotifications)
      .where(and(eq(adminNotifications.businessId, await businessId("Smile Care Dental Clinic")), eq(adminNotifications.kind, "expiring-card")));
    expect((await t.requestAsUnchecked("admin", "PUT", `/analytics/admin-notification/${sunrise.id}/read`)).status).toBe(404);
    const kapoor = (await list("admin")).notifications.find((n) => n.title === "New business: Kapoor Opticians")!;
    expect((await t.requestAsUnchecked("franchisee", "PUT", `/analytics/admin-notification/${kapoor.notificationId}/read`)).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "PUT", `/analytics/admin-notification/${999_999}/read`)).status).toBe(404);
    expect((await t.requestAsUnchecked("customer", "PUT", `/analytics/admin-notification/${kapoor.notificationId}/read`)).status).toBe(403);
  });
});

describe("paging", () => {
  test("pages of one, newest first, with the same total; past the end is empty with the total", async () => {
    const all = await list("admin");
    const first = await list("admin", { pageSize: 1, page: 1 });
    const second = await list("admin", { pageSize: 1, page: 2 });
    expect(first.total).toBe(all.total);
    expect([first.notifications[0].notificationId, second.notifications[0].notificationId]).toEqual(all.notifications.slice(0, 2).map((n) => n.notificationId));
    const past = await list("admin", { pageSize: 50, page: 99 });
    expect(past.notifications).toEqual([]);
    expect(past.total).toBe(all.total);
    expect(past.unread).toBe(all.unread);
  });
});

describe("GET /dashboard for staff: the Home's numbers and chart", () => {
  type Month = { month: string; cardsSold: number; renewalsDue: number; future: boolean };
  const dash = async (role: RoleName) => {
    const res = await t.requestAs(role, "GET", "/dashboard");
    expect(res.status).toBe(200);
    return res.json as { kind: "staff"; counts: Record<string, number>; paymentsThisMonth: { count: number; amount: number }; enquiries: { total: number; thisMonth: number }; months: Month[] };
  };
  const thisMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

  test("15 India months (12 back, 3 ahead); a manual payment counts in this month's payments (₹ in paise) and cards sold", async () => {
    const before = await dash("admin");
    expect(before.months).toHaveLength(15);
    expect(before.months.filter((m) => m.future)).toHaveLength(3);
    expect(before.months[11].month).toBe(thisMonth());
    const b = await insertBusiness(t, { name: "Chart Shop" });
    const plan = (await t.requestAs("admin", "GET", "/business/subscription-plan", { query: { businessId: b.businessId } })).json.list[0];
    const paid = await t.requestAs("admin", "POST", "/card-payment", { body: { businessId: b.businessId, planId: plan.subscriptionPlanId, isManualUpdate: true as const, paymentAmount: 123_456 } });
    expect(paid.status).toBe(200);
    const after = await dash("admin");
    expect(after.paymentsThisMonth.count).toBe(before.paymentsThisMonth.count + 1);
    expect(after.paymentsThisMonth.amount).toBe(before.paymentsThisMonth.amount + 123_456);
    expect(after.months[11].cardsSold).toBe(before.months[11].cardsSold + 1);
    // Its renewal falls due in the month the plan ends (within the chart only if that is ≤ 3 months away).
    const total = (d: typeof after) => d.months.reduce((s, m) => s + m.renewalsDue, 0);
    expect(total(after)).toBeGreaterThanOrEqual(total(before));
  });

  test("enquiries are counted; a franchisee's numbers are only their customers'; another agency has its own", async () => {
    const admin = await dash("admin");
    expect(admin.enquiries.total).toBeGreaterThanOrEqual(1);
    const franchisee = await dash("franchisee");
    expect(franchisee.counts.businesses).toBeLessThan(admin.counts.businesses);
    expect(franchisee.paymentsThisMonth.count).toBe(0);
    const other = await dash("otherAgencyAdmin");
    expect(other.counts.businesses).toBe(1);
    expect(other.paymentsThisMonth.count).toBe(0);
  });
});
