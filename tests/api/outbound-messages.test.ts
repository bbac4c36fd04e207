/**
 * Every outbound message through one module on the job queue (ADR 0053): once per event and
 * channel, quiet hours, per-recipient rate limit, one-tap unsubscribe without sign-in, WhatsApp
 * through a loopback stand-in of the Cloud API, and the dead-letter list staff see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { agencies, users } from "#server/db/schema/core.ts";
import { businesses, cards, feedback } from "#server/db/schema/business.ts";
import { agencyWhatsappSettings, outboundMessages } from "#server/db/schema/messages.ts";
import {
  deliverMessage,
  PER_RECIPIENT_PER_HOUR,
  queueMessage,
  quietHoursDelaySeconds,
  readUnsubscribeToken,
  sendMessageJob,
  startMessageJobs,
  unsubscribeToken,
  type MessageRequest,
} from "#server/api/messages/outbox.ts";
import { createTestApi, PLATFORM_HOST, SECOND_AGENCY_HOST, type TestApi } from "../support/api-harness.ts";
import { startWhatsappStandIn, WA_PHONE_NUMBER_ID, WA_TOKEN } from "../support/whatsapp-stand-in.ts";

let t: TestApi;
let wa: Awaited<ReturnType<typeof startWhatsappStandIn>>;
let agencyId: number;
let otherAgencyId: number;
let seq = 0;

beforeAll(async () => {
  wa = await startWhatsappStandIn();
  t = await createTestApi({ env: wa.env });
  const rows = await t.db.select({ id: agencies.id, host: agencies.host }).from(agencies);
  agencyId = rows.find((r) => r.host === PLATFORM_HOST)!.id;
  otherAgencyId = rows.find((r) => r.host === SECOND_AGENCY_HOST)!.id;
});
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

/** 10:00 India time on a weekday: outside quiet hours. */
const DAYTIME = new Date("2026-12-02T04:30:00Z");
/** 22:30 India time. */
const NIGHT = new Date("2026-12-02T17:00:00Z");

const msg = (o: Partial<MessageRequest> = {}): MessageRequest => ({
  agencyId,
  eventKey: `test:${++seq}`,
  channel: "sms",
  purpose: "alert",
  to: `98${String(70000000 + seq)}`,
  text: "New enquiry from Asha",
  ...o,
});

const row = async (id: number) => (await t.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;
const deliver = (id: number, isLastAttempt = false) => deliverMessage(t.deps, t.queue, { data: { messageId: id }, isLastAttempt });
/** The pg-boss job's start time for a message (quiet hours and rate limits move it). */
async function jobsFor(id: number) {
  const r = await t.db.execute(sql`select start_after from pgboss.job where name = ${sendMessageJob.name} and data->>'messageId' = ${String(id)} order by created_on`);
  return (r as unknown as { rows: { start_after: Date }[] }).rows.map((x) => new Date(x.start_after));
}

describe("outbound messages", () => {
  it("queues one message per event and channel, and sends it once", async () => {
    t.clock.set(DAYTIME);
    const m = msg();
    const id = await queueMessage(t.deps, m);
    expect(id).toEqual(expect.any(Number));
    // The same event again (a retried request, a re-run schedule): nothing new.
    expect(await queueMessage(t.deps, m)).toBeNull();
    expect(await queueMessage(t.deps, { ...m, text: "different words" })).toBeNull();
    // Another channel for the same event is its own message.
    expect(await queueMessage(t.deps, { ...m, channel: "email", to: "owner@example.com" })).toEqual(expect.any(Number));
    expect(await jobsFor(id!)).toHaveLength(1);

    await deliver(id!);
    await deliver(id!); // a duplicate job for the same row
    expect(t.outbox.count(m.to)).toBe(1);
    expect(t.outbox.to(m.to)[0]!.text).toBe("New enquiry from Asha");
    expect(await row(id!)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a WhatsApp message queued after a provider error, and sends it on the retry", async () => {
    t.clock.set(DAYTIME);
    await t.db.insert(agencyWhatsappSettings).values({ agencyId, phoneNumberId: WA_PHONE_NUMBER_ID, accessToken: WA_TOKEN });
    const before = wa.sent.length;
    const id = (await queueMessage(t.deps, msg({ channel: "whatsapp", to: "9812345679", text: "retry me" })))!;
    wa.failNext(1, 503);
    await expect(deliver(id)).rejects.toThrow(/503/);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
    await deliver(id);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(wa.sent.length - before).toBe(1);
  });

  it("puts a message the provider refused as 'too many' (429) back unsent, its attempt not counted, for the provider's Retry-After", async () => {
    t.clock.set(DAYTIME);
    const before = wa.sent.length;
    const id = (await queueMessage(t.deps, msg({ channel: "whatsapp", to: "9812345690", text: "busy provider" })))!;
    wa.failNext(1, 429);
    const queuedAt = Date.now();
    await deliver(id, true); // even on its last attempt: the provider's pushback is not a failure
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0, lastError: expect.stringMatching(/429/) });
    const jobs = await jobsFor(id);
    expect(jobs).toHaveLength(2);
    // The new job starts after the provider's Retry-After (30 s), by the database's clock.
    expect(jobs[1]!.getTime() - queuedAt).toBeGreaterThan(25_000);
    await deliver(id);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(wa.sent.length - before).toBe(1);
  });

  it("lists a message that failed every attempt for the agency's admins only", async () => {
    t.clock.set(DAYTIME);
    const id = (await queueMessage(t.deps, msg({ channel: "whatsapp", to: "9812345680" })))!;
    wa.failNext(1, 500);
    await deliver(id, true);
    expect(await row(id)).toMatchObject({ status: "dead", lastError: expect.stringMatching(/500/) });

    // A bad token is permanent: dead at once, no retries wasted.
    await t.db.update(agencyWhatsappSettings).set({ accessToken: "wrong" }).where(eq(agencyWhatsappSettings.agencyId, agencyId));
    const bad = (await queueMessage(t.deps, msg({ channel: "whatsapp", to: "9812345681" })))!;
    await deliver(bad);
    expect(await row(bad)).toMatchObject({ status: "dead", lastError: expect.stringMatching(/401/) });
    await t.db.update(agencyWhatsappSettings).set({ accessToken: WA_TOKEN }).where(eq(agencyWhatsappSettings.agencyId, agencyId));

    const res = await t.requestAs("admin", "GET", "/messages/dead");
    expect(res.status).toBe(200);
    const ids = (res.json.messages as { messageId: number }[]).map((m) => m.messageId);
    expect(ids).toEqual(expect.arrayContaining([id, bad]));
    expect((await t.requestAs("customer", "GET", "/messages/dead")).status).toBe(403);
    expect((await t.requestAs("franchisee", "GET", "/messages/dead")).status).toBe(403);
    // Another agency's admin sees none of ours.
    const other = await t.requestAs("otherAgencyAdmin", "GET", "/messages/dead");
    expect((other.json.messages as { messageId: number }[]).map((m) => m.messageId)).not.toContain(id);
  });

  it("lists dead letters 20 a page, newest first, with the total; a bad page is 422", async () => {
    t.clock.set(DAYTIME);
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const id = (await queueMessage(t.deps, msg({ eventKey: `paging:${i}` })))!;
      await t.db.update(outboundMessages).set({ status: "dead", lastError: "provider down" }).where(eq(outboundMessages.id, id));
      ids.push(id);
    }
    const first = await t.requestAs("admin", "GET", "/messages/dead");
    expect(first.json).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.json.total).toBeGreaterThanOrEqual(23);
    expect(first.json.messages).toHaveLength(20);
    expect(first.json.messages[0].messageId).toBe(ids.at(-1));
    const pages = Math.ceil(first.json.total / 20);
    const last = await t.requestAs("admin", "GET", `/messages/dead?page=${pages}` as "/messages/dead");
    expect(last.json.messages).toHaveLength(first.json.total - 20 * (pages - 1));
    // Every dead letter is on exactly one page.
    const seen = new Set<number>();
    for (let p = 1; p <= pages; p++) for (const m of (await t.requestAs("admin", "GET", `/messages/dead?page=${p}` as "/messages/dead")).json.messages) seen.add(m.messageId);
    expect(seen.size).toBe(first.json.total);
    expect((await t.requestAsUnchecked("admin", "GET", "/messages/dead?page=0")).status).toBe(422);
  });

  it("stops a message left mid-send by a killed process instead of sending it twice", async () => {
    t.clock.set(DAYTIME);
    const m = msg();
    const id = (await queueMessage(t.deps, m))!;
    await t.db.update(outboundMessages).set({ status: "sending" }).where(eq(outboundMessages.id, id));
    await deliver(id);
    expect(await row(id)).toMatchObject({ status: "dead" });
    expect(t.outbox.count(m.to)).toBe(0);
  });

  it("holds reminders and marketing through quiet hours (21:00–08:00 India time); alerts and OTPs go at once", async () => {
    expect(quietHoursDelaySeconds("reminder", DAYTIME)).toBe(0);
    expect(quietHoursDelaySeconds("reminder", NIGHT)).toBe(9.5 * 3600); // 22:30 → 08:00
    expect(quietHoursDelaySeconds("marketing", new Date("2026-12-02T01:30:00Z"))).toBe(3600); // 07:00 → 08:00
    expect(quietHoursDelaySeconds("report", new Date("2026-12-02T15:30:00Z"))).toBe(11 * 3600); // 21:00 sharp
    expect(quietHoursDelaySeconds("report", new Date("2026-12-02T15:29:59Z"))).toBe(0); // 20:59:59
    expect(quietHoursDelaySeconds("alert", NIGHT)).toBe(0);
    expect(quietHoursDelaySeconds("otp", NIGHT)).toBe(0);

    t.clock.set(NIGHT);
    const reminder = (await queueMessage(t.deps, msg({ purpose: "reminder" })))!;
    const alert = (await queueMessage(t.deps, msg({ purpose: "alert" })))!;
    // pg-boss times the job from the database clock (real now), plus the delay we computed.
    const [rStart] = await jobsFor(reminder);
    const [aStart] = await jobsFor(alert);
    expect(rStart!.getTime() - aStart!.getTime()).toBeGreaterThan(9 * 3600_000);
    expect(rStart!.getTime() - aStart!.getTime()).toBeLessThan(10 * 3600_000);
  });

  it("rate-limits reminders per recipient: over the limit a message waits, it is not dropped", async () => {
    t.clock.set(DAYTIME);
    const to = "9811100000";
    const ids: number[] = [];
    for (let i = 0; i < PER_RECIPIENT_PER_HOUR + 1; i++) ids.push((await queueMessage(t.deps, msg({ purpose: "reminder", to })))!);
    for (const id of ids) await deliver(id);
    expect(t.outbox.count(to)).toBe(PER_RECIPIENT_PER_HOUR);
    const last = ids.at(-1)!;
    expect(await row(last)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await jobsFor(last)).toHaveLength(2); // its job, and the one that waits out the limit

    // An hour later it goes.
    t.clock.set(new Date(DAYTIME.getTime() + 3601_000));
    await deliver(last);
    expect(await row(last)).toMatchObject({ status: "sent" });
  });

  it("unsubscribes with one tap, without signing in; alerts still reach the owner", async () => {
    t.clock.set(DAYTIME);
    const to = "owner-unsub@example.com";
    const id = (await queueMessage(t.deps, msg({ channel: "email", purpose: "report", to, subject: "Your week" })))!;
    await deliver(id);
    const text = t.outbox.to(to)[0]!.text;
    const link = /Stop these messages: (\S+)/.exec(text)![1]!;
    const url = new URL(link);
    expect(url.hostname).toBe(PLATFORM_HOST);
    const token = url.pathname.replace("/unsubscribe/", "");
    expect(readUnsubscribeToken(t.config.sessionSecret, token)).toEqual({ agencyId, channel: "email", recipient: to });

    // GET (what a mail scanner does) changes nothing.
    const info = await t.request("GET", `/messages/unsubscribe/${token}` as "/messages/unsubscribe/{token}", { host: PLATFORM_HOST });
    expect(info.status).toBe(200);
    expect(info.json).toEqual({ channel: "email", recipient: "o***@example.com", unsubscribed: false });

    const post = () => t.request("POST", `/messages/unsubscribe/${token}` as "/messages/unsubscribe/{token}", { host: PLATFORM_HOST });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toMatchObject({ unsubscribed: true });

    const report = (await queueMessage(t.deps, msg({ channel: "email", purpose: "report", to })))!;
    expect(await row(report)).toMatchObject({ status: "suppressed" });
    expect(await jobsFor(report)).toHaveLength(0);
    // An alert about the owner's own enquiry is not marketing: it still goes, with no unsubscribe line.
    const alert = (await queueMessage(t.deps, msg({ channel: "email", purpose: "alert", to })))!;
    await deliver(alert);
    expect(await row(alert)).toMatchObject({ status: "sent" });
    expect(t.outbox.to(to).at(-1)!.text).not.toMatch(/Stop these messages/);
  });

  it("refuses a forged link, and one from another agency, with 404", async () => {
    const token = unsubscribeToken(t.config.sessionSecret, agencyId, "sms", "9800000000");
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const path = (tk: string) => `/messages/unsubscribe/${tk}` as "/messages/unsubscribe/{token}";
    expect((await t.request("POST", path(forged), { host: PLATFORM_HOST })).status).toBe(404);
    expect((await t.request("POST", path(token), { host: SECOND_AGENCY_HOST })).status).toBe(404);
    expect((await t.request("POST", path("nonsense"), { host: PLATFORM_HOST })).status).toBe(404);
    const otherToken = unsubscribeToken(t.config.sessionSecret, otherAgencyId, "sms", "9800000000");
    expect((await t.request("POST", path(otherToken), { host: SECOND_AGENCY_HOST })).status).toBe(200);
    const rows = await t.db.execute(sql`select count(*)::int as n from message_opt_outs where recipient = '9800000000' and agency_id = ${agencyId}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
  it("sends a new enquiry to the card's owner at once by SMS, e-mail and WhatsApp, with one-tap call and WhatsApp links", async () => {
    t.clock.set(NIGHT); // an owner's own enquiry does not wait for the morning
    const [biz] = await t.db.select({ userId: businesses.userId }).from(businesses).innerJoin(cards, eq(cards.businessId, businesses.businessId)).where(eq(cards.cardId, "sharma-sweets"));
    await t.db.update(users).set({ email: "sharma-owner@example.com" }).where(eq(users.id, biz!.userId));
    const token = (await t.requestUnchecked("GET", "/public-card/sharma-sweets")).json.enquiryToken as string;
    t.clock.advance(5000);
    const body = { token, name: "Neha Verma", phoneNumber: "98111 22334", email: "neha@example.com", message: "Bulk order for Diwali?" };
    expect((await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", { body })).status).toBe(200);
    // The same form sent again (a double tap): one enquiry, so one alert per channel.
    expect((await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", { body })).status).toBe(200);
    const [fb] = await t.db.select({ id: feedback.id, businessId: feedback.businessId }).from(feedback).where(eq(feedback.message, "Bulk order for Diwali?"));
    const alerts = await t.db.select().from(outboundMessages).where(eq(outboundMessages.eventKey, `enquiry:${fb!.id}`));
    expect(alerts.map((a) => a.channel).sort()).toEqual(["email", "sms", "whatsapp"]);
    const [owner] = await t.db.select({ phone: users.phoneNumber }).from(businesses).innerJoin(users, eq(users.id, businesses.userId)).where(eq(businesses.businessId, fb!.businessId));
    const sms = alerts.find((a) => a.channel === "sms")!;
    expect(sms).toMatchObject({ purpose: "alert", recipient: owner!.phone, status: "queued" });
    const [start] = await jobsFor(sms.id);
    expect(Math.abs(start!.getTime() - Date.now())).toBeLessThan(60_000);
    await deliver(sms.id);
    const text = t.outbox.to(owner!.phone!).at(-1)!.text;
    expect(text).toContain("From: Neha Verma");
    expect(text).toContain("Bulk order for Diwali?");
    expect(text).toContain("Call: tel:+919811122334");
    expect(text).toContain("WhatsApp: https://wa.me/919811122334");
    expect(text).not.toContain("Stop these messages");
    await deliver(alerts.find((a) => a.channel === "email")!.id);
    expect(t.outbox.to("sharma-owner@example.com").at(-1)!.text).toContain("Bulk order for Diwali?");
  });

  it("writes an enquiry alert in the owner's language (their own choice, else the agency's); the visitor's words stay as written", async () => {
    t.clock.set(DAYTIME);
    const [biz] = await t.db.select({ userId: businesses.userId }).from(businesses).innerJoin(cards, eq(cards.businessId, businesses.businessId)).where(eq(cards.cardId, "sharma-sweets"));
    await t.db.update(users).set({ language: "hi" }).where(eq(users.id, biz!.userId));
    try {
      const token = (await t.requestUnchecked("GET", "/public-card/sharma-sweets")).json.enquiryToken as string;
      t.clock.advance(5000);
      const body = { token, name: "Ravi Kumar", phoneNumber: "98111 55667", email: "ravi@example.com", message: "Kaju katli 2 kg chahiye" };
      expect((await t.requestUnchecked("POST", "/public-card/sharma-sweets/enquiry", { body })).status).toBe(200);
      const [fb] = await t.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.message, "Kaju katli 2 kg chahiye"));
      const alerts = await t.db.select().from(outboundMessages).where(eq(outboundMessages.eventKey, `enquiry:${fb!.id}`));
      const sms = alerts.find((a) => a.channel === "sms")!;
      expect(sms.body).toContain("आपके कार्ड Sharma Sweets पर नई पूछताछ");
      expect(sms.body).toContain("किसने भेजा: Ravi Kumar");
      expect(sms.body).toContain("कॉल करें: tel:+919811155667");
      expect(sms.body).toContain("Kaju katli 2 kg chahiye");
      expect(alerts.find((a) => a.channel === "email")!.subject).toBe("Ravi Kumar की नई पूछताछ");
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, biz!.userId));
    }
  });

  it("sends through the real queue worker (last: its worker then races the direct deliveries above)", async () => {
    t.clock.set(DAYTIME);
    await startMessageJobs(t.deps, t.queue);
    const before = wa.sent.length;
    const id = await queueMessage(t.deps, msg({ channel: "whatsapp", to: "9812345678", text: "Hello on WhatsApp" }));
    const mine = () => wa.sent.slice(before).filter((m) => m.body === "Hello on WhatsApp");
    await expect.poll(() => mine().length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(mine()[0]).toEqual({ phoneNumberId: WA_PHONE_NUMBER_ID, to: "919812345678", body: "Hello on WhatsApp" });
    await expect.poll(async () => (await row(id!)).status, { timeout: 5000, interval: 100 }).toBe("sent");
  });

});
