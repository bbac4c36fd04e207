/**
 * GET /dashboard: the customer's active business with payment state, card and counters (by
 * India's calendar day), enquiries; staff counts scoped like GET /business.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { businesses, cardDailyStats, cards, feedback } from "#server/db/schema/business.ts";
import { agencies } from "#server/db/schema/core.ts";
import { indiaDate } from "#contracts/india-time.ts";
import { createTestApi, PLATFORM_HOST, SECOND_AGENCY_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
let sharma: { businessId: number; cardNo: number };
let gupta: number;
let iyer: number;
let dental: number;
let platformId: number;

beforeAll(async () => {
  t = await createTestApi();
  const byName = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;
  const [card] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
  sharma = { businessId: card.businessId, cardNo: card.cardNo };
  gupta = await byName("Gupta Electricals");
  iyer = await byName("Iyer Consulting");
  dental = await byName("Smile Care Dental Clinic");
  platformId = (await t.db.select().from(agencies).where(eq(agencies.host, PLATFORM_HOST)))[0].id;
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

const HOSTS: Partial<Record<RoleName, string>> = { otherAgencyAdmin: SECOND_AGENCY_HOST, otherAgencyCustomer: SECOND_AGENCY_HOST };
async function dashboard(role: RoleName, query?: Record<string, string | number>) {
  return t.request("GET", "/dashboard", { cookie: await t.signInAs(role), host: HOSTS[role] ?? PLATFORM_HOST, query });
}

describe("customer dashboard", () => {
  test("the active business: payment state, card with its public path, every business for the selector", async () => {
    const res = await dashboard("customer");
    expect(res.status).toBe(200);
    expect(res.json.kind).toBe("customer");
    expect(res.json.activeBusinessId).toBe(sharma.businessId);
    expect(res.json.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(["Gupta Electricals", "Sharma Sweets"]);
    expect(res.json.business).toMatchObject({ businessId: sharma.businessId, businessName: "Sharma Sweets", paymentState: "paid", category: "Sweet Shop" });
    expect(res.json.business.remainingDays).toBeGreaterThan(290);
    expect(res.json.card).toEqual({ cardNo: sharma.cardNo, cardId: "sharma-sweets", status: "active", publicPath: "/sharma-sweets" });
  });

  test("views, taps and saves: today and the last 7 days by India's calendar, total with the card's historical views", async () => {
    // 19:00 UTC is 00:30 the next day in India: "today" there is the UTC date + 1.
    const utcDate = new Date().toISOString().slice(0, 10);
    t.clock.set(new Date(`${utcDate}T19:00:00Z`));
    const day = (back: number) => new Date(Date.parse(`${utcDate}T00:00:00Z`) + (1 - back) * DAY).toISOString().slice(0, 10);
    expect(indiaDate(t.clock.now())).toBe(day(0));
    const stat = (back: number, views: number, taps: number, saves: number) => ({ cardNo: sharma.cardNo, agencyId: platformId, day: day(back), views, taps, saves });
    await t.db.insert(cardDailyStats).values([
      stat(0, 5, 2, 1), // today in India
      stat(1, 3, 1, 0), // yesterday in India (still "today" in UTC)
      stat(6, 7, 0, 2), // 6 days ago: inside the last 7 days
      stat(7, 100, 50, 20), // 7 days ago: outside
    ]);
    // The public card counts a view in both places: the day's row and the card's all-time viewCount.
    await t.db.update(cards).set({ viewCount: sql`${cards.viewCount} + 115` }).where(eq(cards.cardNo, sharma.cardNo));
    const res = await dashboard("customer");
    expect(res.json.stats).toEqual({
      views: { today: 5, last7Days: 15, total: 128 + 115 }, // 128 seeded views from before daily stats
      taps: { today: 2, last7Days: 3, total: 53 },
      saves: { today: 1, last7Days: 3, total: 23 },
    });
  });

  test("enquiries: the last 7 days and in total (feedback of other kinds and businesses not counted)", async () => {
    const before = (await dashboard("customer")).json.enquiries;
    const base = { agencyId: platformId, businessId: sharma.businessId, cardNo: sharma.cardNo, name: "Visitor", message: "Hello" };
    const now = t.clock.now().getTime();
    await t.db.insert(feedback).values([
      { ...base, kind: "enquiry", createdAt: new Date(now - 1 * DAY) },
      { ...base, kind: "enquiry", createdAt: new Date(now - 10 * DAY) },
      { ...base, kind: "feedback", createdAt: new Date(now - 1 * DAY) },
      { ...base, businessId: gupta, cardNo: null, kind: "enquiry" },
    ]);
    const after = (await dashboard("customer")).json.enquiries;
    expect(after).toEqual({ last7Days: before.last7Days + 1, total: before.total + 2 });
  });

  test("?businessId picks another own business (expired here); someone else's is 404", async () => {
    const res = await dashboard("customer", { businessId: gupta });
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ businessId: gupta, paymentState: "expired" });
    expect(res.json.business.remainingDays).toBeLessThan(0);
    expect(res.json.card.cardId).toBe("gupta-electricals");
    expect(res.json.activeBusinessId).toBe(gupta);
    for (const id of [iyer, dental, 999999]) {
      const other = await dashboard("customer", { businessId: id });
      expect(other.status, String(id)).toBe(404);
    }
    expect((await dashboard("otherAgencyCustomer", { businessId: sharma.businessId })).status).toBe(404);
    expect((await dashboard("customer", { businessId: "abc" })).status).toBe(422);
  });

  test("expiring soon: the business of the other agency has 5 days left", async () => {
    const res = await dashboard("otherAgencyCustomer");
    expect(res.json.business).toMatchObject({ businessId: dental, paymentState: "expiring-soon" });
    expect(res.json.business.remainingDays).toBeGreaterThanOrEqual(4);
    expect(res.json.business.remainingDays).toBeLessThanOrEqual(5);
  });

  test("a new customer without a business gets an empty dashboard; after adding one, it is active with no card", async () => {
    const { browser } = await t.signUp({ phoneNumber: `95${String(Date.now()).slice(-8)}` });
    const empty = await browser.get("/dashboard");
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ kind: "customer", businesses: [], activeBusinessId: null, business: null, card: null, stats: null, enquiries: null, sourceWeeks: null });
    const made = await browser.post("/business", { businessName: "Fresh Start" });
    const res = await browser.get("/dashboard");
    expect(res.json).toMatchObject({
      activeBusinessId: made.json.business.businessId,
      // On its 7-day trial (ADR 0015): 6 whole days and some hours left a moment later.
      business: { businessName: "Fresh Start", paymentState: "unpaid", remainingDays: 6 },
      card: null,
      stats: null,
      enquiries: { last7Days: 0, total: 0 },
    });
  });

  test("no preference yet (a business staff made for them): the oldest business is active, with its card", async () => {
    const admin = await t.signInAs("admin");
    const phone = `97${String(Date.now()).slice(-8)}`;
    const reg = await t.request("POST", "/business/registerUserAndGetBusinesses", { cookie: admin, body: { phoneNumber: phone } });
    const made = await t.request("POST", "/business", { cookie: admin, body: { businessName: "Staff Made", userId: reg.json.user.userId, createDigitalCard: true } });
    const { browser } = await t.signUp({ phoneNumber: phone });
    expect((await browser.get("/user")).json.user.preference.activeBusinessId ?? null).toBeNull();
    const res = await browser.get("/dashboard");
    expect(res.json).toMatchObject({ activeBusinessId: made.json.business.businessId, card: { cardId: made.json.card.cardId }, enquiries: { total: 0 } });
    expect(res.json.stats.views).toEqual({ today: 0, last7Days: 0, total: 0 });
  });

  test("a deleted card is not shown", async () => {
    const { browser } = await t.signUp({ phoneNumber: `96${String(Date.now()).slice(-8)}` });
    const made = await browser.post("/business", { businessName: "Card Then Gone", createDigitalCard: true });
    expect((await browser.get("/dashboard")).json.card.cardId).toBe(made.json.card.cardId);
    await t.db.update(cards).set({ deletedAt: new Date() }).where(eq(cards.cardNo, made.json.card.cardNo));
    expect((await browser.get("/dashboard")).json.card).toBeNull();
  });
});

describe("staff dashboard", () => {
  test("an admin gets the agency's counts; a franchisee only theirs; another agency its own", async () => {
    const admin = await dashboard("admin");
    expect(admin.status).toBe(200);
    expect(admin.json.kind).toBe("staff");
    const [list] = [await t.request("GET", "/business", { cookie: await t.signInAs("admin"), query: { pageSize: 100 } })];
    expect(admin.json.counts.businesses).toBe(list.json.total);
    expect(admin.json.counts.expired).toBeGreaterThanOrEqual(1);
    expect(admin.json.counts.cardsActive).toBeGreaterThanOrEqual(3);

    const franchisee = await dashboard("franchisee");
    const own = await t.request("GET", "/business", { cookie: await t.signInAs("franchisee"), query: { pageSize: 100 } });
    expect(franchisee.json.counts.businesses).toBe(own.json.total);
    expect(franchisee.json.counts.businesses).toBeLessThan(admin.json.counts.businesses);
    expect(franchisee.json.counts.expired).toBe(1); // Gupta Electricals

    const sunrise = await dashboard("otherAgencyAdmin");
    expect(sunrise.json.counts).toMatchObject({ businesses: 1, cardsActive: 1, cardsInactive: 0, expired: 0, expiringSoon: 1 });
  });

  test("inactive cards are counted apart", async () => {
    const before = (await dashboard("franchiseeAllCards")).json.counts;
    await t.db.update(cards).set({ status: "inactive" }).where(eq(cards.cardId, "iyer-consulting"));
    const after = (await dashboard("franchiseeAllCards")).json.counts;
    expect(after.cardsInactive).toBe(before.cardsInactive + 1);
    expect(after.cardsActive).toBe(before.cardsActive - 1);
  });

  test("without a session: 401", async () => {
    expect((await t.request("GET", "/dashboard")).status).toBe(401);
  });
});
