/**
 * Where card visitors come from (issue 25, ADR 0068): the link's `src` counted per business,
 * India day, source (and greeting) and event in batched counter rows; the owner's weekly report
 * by source (GET /dashboard/card-report); the Monday report through the outbox, once per business
 * and week, with quiet hours and the one-tap unsubscribe.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { businesses, cards, cardSourceStats } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { imagePosts } from "#server/db/schema/content.ts";
import { flushCardStats } from "#server/services/card-stats.ts";
import { runWeeklyCardReports } from "#server/api/dashboard/weekly-report.ts";
import { cardReport, lastWeekStart, weekStartOf } from "#server/api/dashboard/card-report.ts";
import { sendMessageJob } from "#server/api/messages/outbox.ts";
import { parseSource, withSource } from "#contracts/card-sources.ts";
import { createTestApi, PLATFORM_HOST, type TestApi } from "../support/api-harness.ts";
import { decodeQr } from "../support/qr-decode.ts";
import sharp from "sharp";

let t: TestApi;
let sharma: { businessId: number; cardNo: number; agencyId: number };
let greetingId: number;

beforeAll(async () => {
  t = await createTestApi();
  const [c] = await t.db.select({ businessId: cards.businessId, cardNo: cards.cardNo, agencyId: cards.agencyId }).from(cards).where(eq(cards.cardId, "sharma-sweets"));
  sharma = c!;
  const [post] = await t.db.select({ id: imagePosts.imageId }).from(imagePosts).limit(1);
  greetingId = post?.id ?? 424242;
});
afterAll(async () => t?.close());
afterEach(() => t.clock.reset());

/** Wednesday 2026-12-02, 11:00 India time. */
const WEDNESDAY = new Date("2026-12-02T05:30:00Z");

const rowsOf = async (day: string) =>
  (await t.db.select().from(cardSourceStats).where(and(eq(cardSourceStats.businessId, sharma.businessId), eq(cardSourceStats.day, day))))
    .map((r) => ({ source: r.source, greetingId: r.greetingId, event: r.event, count: r.count }))
    .sort((a, b) => `${a.source}${a.greetingId}${a.event}`.localeCompare(`${b.source}${b.greetingId}${b.event}`));

const view = (src?: string, ua?: string) => t.request("GET", "/public-card/sharma-sweets/view.gif", { query: src ? { src } : {}, headers: ua ? { "user-agent": ua } : {} });
const tap = (kind: string, src?: string) =>
  t.requestUnchecked("POST", "/public-card/sharma-sweets/tap", { query: { kind, ...(src ? { src } : {}) }, rawBody: "PING", headers: { "content-type": "text/ping" } });

describe("the src parameter", () => {
  test("names a channel or a greeting; anything else is a direct visit", () => {
    expect(parseSource("qr")).toEqual({ source: "qr", greetingId: 0 });
    expect(parseSource("greeting-42")).toEqual({ source: "greeting", greetingId: 42 });
    expect(parseSource("greeting-0")).toEqual({ source: "direct", greetingId: 0 });
    expect(parseSource("9876543210")).toEqual({ source: "direct", greetingId: 0 });
    expect(parseSource(undefined)).toEqual({ source: "direct", greetingId: 0 });
    expect(withSource("https://a.in/sharma-sweets", "idcard")).toBe("https://a.in/sharma-sweets?src=idcard");
    expect(withSource("https://a.in/sharma-sweets", { source: "greeting", greetingId: 7 })).toBe("https://a.in/sharma-sweets?src=greeting-7");
  });
});

describe("counting by source", () => {
  test("visits, calls, WhatsApp taps, saves and enquiries by source: batched, one row per (business, day, source, event)", async () => {
    t.clock.set(WEDNESDAY);
    const day = "2026-12-02";
    await flushCardStats(t.db);
    const before = await rowsOf(day);
    expect(before).toEqual([]);

    for (let i = 0; i < 3; i++) expect((await view("qr")).status).toBe(200);
    await view(`greeting-${greetingId}`);
    await view(`greeting-${greetingId}`);
    await view();
    await view("not-a-source");
    // A link preview is not a visitor.
    await view("qr", "WhatsApp/2.23.20.0");
    expect((await tap("call", "qr")).status).toBe(204);
    expect((await tap("whatsapp", `greeting-${greetingId}`)).status).toBe(204);
    // Other taps count in the card's totals only.
    expect((await tap("email", "qr")).status).toBe(204);
    expect((await t.request("GET", "/public-card/sharma-sweets/vcard", { query: { src: "idcard" } })).status).toBe(200);
    // The enquiry form carries the page's src.
    const page = await t.request("GET", "/public-card/sharma-sweets");
    t.clock.advance(5000);
    const sent = await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", {
      body: { name: "Neha", phoneNumber: "98111 22334", message: "Kaju katli for 50?", token: page.json.enquiryToken, src: "whatsapp" },
    });
    expect(sent.status, sent.text).toBe(200);

    // Nothing written on the request: the counters wait for the batch.
    expect(await rowsOf(day)).toEqual([]);
    await flushCardStats(t.db);
    expect(await rowsOf(day)).toEqual([
      { source: "direct", greetingId: 0, event: "visit", count: 2 },
      { source: "greeting", greetingId, event: "visit", count: 2 },
      { source: "greeting", greetingId, event: "whatsapp", count: 1 },
      { source: "idcard", greetingId: 0, event: "save", count: 1 },
      { source: "qr", greetingId: 0, event: "call", count: 1 },
      { source: "qr", greetingId: 0, event: "visit", count: 3 },
      { source: "whatsapp", greetingId: 0, event: "enquiry", count: 1 },
    ]);
    // More of the same adds to the same rows.
    await view("qr");
    await flushCardStats(t.db);
    expect((await rowsOf(day)).find((r) => r.source === "qr" && r.event === "visit")!.count).toBe(4);
  });

  test("the card's QR code and a branded greeting's QR code lead to the card with their source", async () => {
    const png = await t.api.request(`http://${PLATFORM_HOST}/api/v1/public-card/sharma-sweets/qr.png`);
    expect(png.status).toBe(200);
    expect((await decodeQr(Buffer.from(await png.arrayBuffer())))?.text).toBe(`http://${PLATFORM_HOST}/sharma-sweets?src=qr`);

    const raw = await t.api.request(`http://${PLATFORM_HOST}/api/v1/image-post/${greetingId}/branded?businessId=${sharma.businessId}&size=full`, {
      headers: { cookie: await t.signInAs("customer") },
    });
    expect(raw.status).toBe(200);
    const jpeg = Buffer.from(await raw.arrayBuffer());
    const { height } = await sharp(jpeg).metadata();
    // The frame's band is at the bottom: read the QR code there, as a phone's camera would.
    const band = Math.round(height! * 0.3);
    expect((await decodeQr(jpeg, { left: 0, top: height! - band, width: 1080, height: band }))?.text).toBe(`http://${PLATFORM_HOST}/sharma-sweets?src=greeting-${greetingId}`);
  });
});

describe("GET /dashboard/card-report", () => {
  test("weeks run Monday to Sunday on India's calendar", () => {
    expect(weekStartOf("2026-12-02")).toBe("2026-11-30");
    expect(weekStartOf("2026-11-30")).toBe("2026-11-30");
    expect(weekStartOf("2026-12-06")).toBe("2026-11-30");
    // Monday 09:00 India time reports the week before.
    expect(lastWeekStart(new Date("2026-12-07T03:30:00Z"))).toBe("2026-11-30");
  });

  test("by source per week, the best greeting, and Sunday night vs Monday morning in India", async () => {
    // Sunday 6 December, 23:50 India time: last day of the week of 30 November.
    t.clock.set(new Date("2026-12-06T18:20:00Z"));
    await view("idcard");
    // Monday 7 December, 00:10 India time (still Sunday in UTC): the new week.
    t.clock.set(new Date("2026-12-06T18:40:00Z"));
    await view("idcard");
    await view("idcard");
    await view(`greeting-${greetingId + 1}`);
    await view(`greeting-${greetingId + 1}`);
    await view(`greeting-${greetingId + 2}`);
    await tap("call", `greeting-${greetingId + 2}`);
    await flushCardStats(t.db);

    // The route's answer is this service's; called directly because the sessions live on the real clock.
    const [now, before] = await cardReport(t.db, sharma.agencyId, sharma.businessId, new Date("2026-12-08T06:00:00Z"), 2);
    expect(now).toMatchObject({ weekStart: "2026-12-07", weekEnd: "2026-12-13" });
    expect(now!.bySource.find((s) => s.source === "idcard")).toMatchObject({ visit: 2 });
    expect(now!.totals).toEqual({ visit: 5, save: 0, call: 1, whatsapp: 0, enquiry: 0 });
    expect(now!.topGreeting).toMatchObject({ greetingId: greetingId + 1, visits: 2, actions: 0 });
    expect(before).toMatchObject({ weekStart: "2026-11-30", weekEnd: "2026-12-06" });
    expect(before!.bySource.find((s) => s.source === "idcard")).toMatchObject({ visit: 1 });
    // Last week's Wednesday counts (the test above) are there too, and its best greeting.
    expect(before!.bySource.find((s) => s.source === "qr")).toMatchObject({ visit: 4, call: 1 });
    expect(before!.topGreeting).toMatchObject({ greetingId, visits: 2, actions: 1 });
  });

  test("another customer's or another agency's business is 404", async () => {
    const q = { query: { businessId: sharma.businessId } };
    expect((await t.requestAs("foreignCustomer", "GET", "/dashboard/card-report", q)).status).toBe(404);
    expect((await t.requestAs("otherAgencyCustomer", "GET", "/dashboard/card-report", q)).status).toBe(404);
    const own = await t.requestAs("customer", "GET", "/dashboard/card-report", { query: { businessId: sharma.businessId, weeks: 3 } });
    expect(own.status, own.text).toBe(200);
    expect(own.json.weeks).toHaveLength(3);
    expect(own.json.weeks[0]!.bySource.map((b: { source: string }) => b.source)).toEqual(["direct", "greeting", "qr", "whatsapp", "idcard"]);
    expect((await t.requestAs("admin", "GET", "/dashboard/card-report", q)).status).toBe(200);
  });

  test("the customer's GET /dashboard carries the same four weeks, so the home page makes one call", async () => {
    const home = await t.requestAs("customer", "GET", "/dashboard", { query: { businessId: sharma.businessId } });
    expect(home.status, home.text).toBe(200);
    const report = await t.requestAs("customer", "GET", "/dashboard/card-report", q4());
    expect(home.json.sourceWeeks).toEqual(report.json.weeks);
    expect(home.json.sourceWeeks).toHaveLength(4);
  });
});

const q4 = () => ({ query: { businessId: sharma.businessId, weeks: 4 } });

describe("the weekly card report", () => {
  const reportRows = (week: string) =>
    t.db
      .select()
      .from(outboundMessages)
      .where(like(outboundMessages.eventKey, `card-report:${sharma.businessId}:${week}`));
  /** How long each send job of a message waits (pg-boss times it from the database's real clock, plus our delay). */
  const jobsFor = async (id: number) => {
    const r = await t.db.execute(
      sql`select extract(epoch from (start_after - created_on))::float as wait from pgboss.job where name = ${sendMessageJob.name} and data->>'messageId' = ${String(id)}`,
    );
    return (r as unknown as { rows: { wait: number }[] }).rows.map((x) => Number(x.wait));
  };

  test("Monday 09:00: last week's numbers by SMS and e-mail, once per business and week", async () => {
    const [owner] = await t.db.select({ phone: users.phoneNumber, email: users.email }).from(businesses).innerJoin(users, eq(users.id, businesses.userId)).where(eq(businesses.businessId, sharma.businessId));
    // Monday 7 December 09:00 India time: the week of 30 November.
    t.clock.set(new Date("2026-12-07T03:30:00Z"));
    const first = await runWeeklyCardReports(t.deps, t.clock.now());
    expect(first.weekStart).toBe("2026-11-30");
    expect(first.queued).toBeGreaterThan(0);
    const rows = await reportRows("2026-11-30");
    const sms = rows.find((r) => r.channel === "sms")!;
    expect(sms).toMatchObject({ purpose: "report", status: "queued", recipient: owner!.phone });
    expect(sms.body).toContain("Sharma Sweets: your card last week (2026-11-30 to 2026-12-06)");
    expect(sms.body).toContain("9 visits, 1 contact saves, 1 calls, 1 WhatsApp taps, 1 enquiries");
    expect(sms.body).toContain(`Best greeting:`);
    expect(sms.body).toContain(`/panel/customer?businessId=${sharma.businessId}`);
    expect(sms.body).toMatch(/Stop these messages: http:\/\/[^/]+\/unsubscribe\/\S+/);
    if (owner!.email) {
      const email = rows.find((r) => r.channel === "email")!;
      expect(email.subject).toBe("Sharma Sweets: 9 card visits last week");
      expect(email.body).toContain("QR code: 4 visits, 0 contact saves, 1 calls, 0 WhatsApp taps, 0 enquiries");
    }
    // 09:00 is outside quiet hours: the send job starts at once.
    expect((await jobsFor(sms.id))[0]).toBeLessThan(60);

    // A second run (a retry, a second server) queues nothing new.
    const again = await runWeeklyCardReports(t.deps, new Date("2026-12-07T04:00:00Z"));
    expect(again.queued).toBe(0);
    expect(await reportRows("2026-11-30")).toHaveLength(rows.length);
  });

  test("a run late in the evening waits for the morning; an unsubscribed owner gets nothing", async () => {
    // Monday 14 December, 22:00 India time (the server was down all day).
    t.clock.set(new Date("2026-12-14T16:30:00Z"));
    await runWeeklyCardReports(t.deps, t.clock.now());
    const [sms] = (await reportRows("2026-12-07")).filter((r) => r.channel === "sms");
    const [wait] = await jobsFor(sms!.id);
    // Until Tuesday 08:00 India time: 10 hours.
    expect(wait).toBeGreaterThan(10 * 3600 - 60);
    expect(wait).toBeLessThan(10 * 3600 + 60);

    // The one-tap link, without signing in.
    const token = /\/unsubscribe\/(\S+)/.exec(sms!.body)![1]!;
    const res = await t.request("POST", `/messages/unsubscribe/${token}` as "/messages/unsubscribe/{token}", { host: PLATFORM_HOST });
    expect(res.status).toBe(200);
    t.clock.set(new Date("2026-12-21T03:30:00Z"));
    await runWeeklyCardReports(t.deps, t.clock.now());
    const [next] = (await reportRows("2026-12-14")).filter((r) => r.channel === "sms");
    expect(next).toMatchObject({ status: "suppressed" });
    expect(await jobsFor(next!.id)).toHaveLength(0);
  });
});
