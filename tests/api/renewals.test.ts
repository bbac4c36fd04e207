/**
 * Renewals that collect themselves (issue 25, ADR 0067): reminders 7 days before, 1 day before
 * and 3 days after a paid card's expiry through the outbox (once each, quiet hours, one-tap
 * unsubscribe), a pay link the owner opens without signing in that becomes a Razorpay Payment
 * Link (the real SDK against the loopback stand-in), and payment_link.paid granting once through
 * grantPlan whatever the replays, duplicates and races. The pipeline keeps staff tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { agencies, users } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { renewals } from "#server/db/schema/renewals.ts";
import { deliverMessage, sendMessageJob } from "#server/api/messages/outbox.ts";
import { queueRenewalReminders, reconcileRenewalLinks } from "#server/api/renewals/service.ts";
import { insertBusiness } from "../support/factories.ts";
import { createTestApi, PLATFORM_HOST, SECOND_AGENCY_HOST, type TestApi } from "../support/api-harness.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-stand-in.ts";

let rzp: RazorpayStandIn;
let t: TestApi;
let agencyId: number;
let sharma: number;
let gupta: number;
let plan: { subscriptionPlanId: number; price: number; validityYears: number };

/** 10:00 India time: outside quiet hours. */
const DAYTIME = new Date("2026-12-02T04:30:00Z");
/** 22:30 India time. */
const NIGHT = new Date("2026-12-02T17:00:00Z");
const DAY = 86_400_000;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApi({ env: rzp.env });
  agencyId = (await t.db.select().from(agencies).where(eq(agencies.host, PLATFORM_HOST)))[0]!.id;
  const id = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0]!;
  const s = await id("Sharma Sweets");
  sharma = s.businessId;
  gupta = (await id("Gupta Electricals")).businessId;
  [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, s.subscriptionPlanId!));
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});

const setExpiry = (businessId: number, at: Date) => t.db.update(businesses).set({ expiryDateForCustomer: at, paymentStatus: 1 }).where(eq(businesses.businessId, businessId));
const reminderRows = (businessId: number) =>
  t.db.select().from(outboundMessages).where(like(outboundMessages.eventKey, `renewal:${businessId}:%`)).orderBy(outboundMessages.id);
async function jobStart(messageId: number) {
  const r = await t.db.execute(sql`select start_after from pgboss.job where name = ${sendMessageJob.name} and data->>'messageId' = ${String(messageId)}`);
  return (r as unknown as { rows: { start_after: Date }[] }).rows.map((x) => new Date(x.start_after));
}
const deliver = (id: number) => deliverMessage(t.deps, t.queue, { data: { messageId: id }, isLastAttempt: false });
const linkIn = (text: string) => /(https?:\/\/\S+\/renew\/\S+)/.exec(text)![1]!;
const tokenOf = (link: string) => new URL(link).pathname.replace("/renew/", "");
const info = (token: string, host = PLATFORM_HOST) => t.request("GET", `/renewals/pay/${token}` as "/renewals/pay/{token}", { host });
const pay = (token: string, host = PLATFORM_HOST) => t.request("POST", `/renewals/pay/${token}` as "/renewals/pay/{token}", { host });
const deliverWebhook = (w: { body: string; headers: Record<string, string> }) => t.requestUnchecked("POST", "/razorpay/webhook", { rawBody: w.body, headers: w.headers });
const expiryOf = async (businessId: number) => (await t.db.select().from(businesses).where(eq(businesses.businessId, businessId)))[0]!.expiryDateForCustomer!;

describe("settings", () => {
  test("agency admins turn reminders on and pick the days; franchisees and customers may not", async () => {
    expect((await t.requestAs("franchisee", "PUT", "/renewals/settings", { body: { enabled: true, days: [-7] } })).status).toBe(403);
    expect((await t.requestAs("customer", "PUT", "/renewals/settings", { body: { enabled: true, days: [-7] } })).status).toBe(403);
    const bad = await t.requestAsUnchecked("admin", "PUT", "/renewals/settings", { body: { enabled: true, days: [-8] } });
    expect(bad.status).toBe(422);
    const res = await t.requestAs("admin", "PUT", "/renewals/settings", { body: { enabled: true, days: [3, -1, -7, -7] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ enabled: true, days: [-7, -1, 3] });
  });
});

describe("reminders", () => {
  test("go 7 days before, 1 day before and 3 days after, once each, with the pay link; a re-run sends nothing", async () => {
    t.clock.set(DAYTIME);
    const expiry = new Date(DAYTIME.getTime() + 7 * DAY);
    await setExpiry(sharma, expiry);
    const first = await queueRenewalReminders(t.deps);
    expect(first.messages).toBeGreaterThanOrEqual(1);
    let rows = await reminderRows(sharma);
    expect(rows.map((r) => [r.channel, r.purpose, r.status])).toEqual([["sms", "reminder", "queued"]]);
    expect(rows[0]!.eventKey).toMatch(new RegExp(`^renewal:${sharma}:\\d{4}-\\d{2}-\\d{2}:-7$`));
    expect(rows[0]!.body).toContain(`expires on`);
    expect(rows[0]!.body).toContain("Stop these messages:");

    // The same day again (a second server, the start-up run): nothing new.
    expect((await queueRenewalReminders(t.deps)).messages).toBe(0);
    // The next day the -7 reminder is not repeated (yesterday's catch-up finds it sent).
    t.clock.set(new Date(DAYTIME.getTime() + DAY));
    await queueRenewalReminders(t.deps);
    expect(await reminderRows(sharma)).toHaveLength(1);

    t.clock.set(new Date(DAYTIME.getTime() + 6 * DAY));
    await queueRenewalReminders(t.deps);
    t.clock.set(new Date(DAYTIME.getTime() + 10 * DAY));
    await queueRenewalReminders(t.deps);
    await queueRenewalReminders(t.deps);
    rows = await reminderRows(sharma);
    expect(rows.map((r) => r.eventKey.split(":").at(-1))).toEqual(["-7", "-1", "3"]);
    expect(rows[2]!.body).toContain("expired on");
    const [renewal] = await t.db.select().from(renewals).where(eq(renewals.businessId, sharma));
    expect(renewal).toMatchObject({ reminders: 3, agencyId });

    // Sent once through the outbox, with the link.
    await deliver(rows[0]!.id);
    await deliver(rows[0]!.id);
    const sent = t.outbox.to(rows[0]!.recipient);
    expect(sent.filter((m) => m.text.includes("/renew/"))).toHaveLength(1);
    expect(linkIn(sent.at(-1)!.text)).toMatch(new RegExp(`^http://${PLATFORM_HOST.replace(/\./g, "\\.")}(:\\d+)?/renew/`));
  });

  test("wait out quiet hours (21:00–08:00 India time)", async () => {
    t.clock.set(NIGHT);
    await setExpiry(gupta, new Date(NIGHT.getTime() + 1 * DAY));
    await queueRenewalReminders(t.deps);
    const [row] = await reminderRows(gupta);
    expect(row!.eventKey).toMatch(/:-1$/);
    const [start] = await jobStart(row!.id);
    // pg-boss times the job from the database's clock (real now) plus our delay: 22:30 → 08:00.
    expect(start!.getTime() - Date.now()).toBeGreaterThan(9 * 3600_000);
    expect(start!.getTime() - Date.now()).toBeLessThan(10 * 3600_000);
  });

  test("stop after a one-tap unsubscribe: the next reminder is stored suppressed and never queued", async () => {
    const [sent] = await reminderRows(sharma);
    const token = new URL(/Stop these messages: (\S+)/.exec(sent!.body)![1]!).pathname.replace("/unsubscribe/", "");
    const res = await t.request("POST", `/messages/unsubscribe/${token}` as "/messages/unsubscribe/{token}", { host: PLATFORM_HOST });
    expect(res.json).toMatchObject({ unsubscribed: true });
    // A new cycle: the card expires in 7 days again.
    t.clock.set(new Date(DAYTIME.getTime() + 40 * DAY));
    await setExpiry(sharma, new Date(DAYTIME.getTime() + 47 * DAY));
    await queueRenewalReminders(t.deps);
    const last = (await reminderRows(sharma)).at(-1)!;
    expect(last.eventKey).toMatch(/:-7$/);
    expect(last.status).toBe("suppressed");
    expect(await jobStart(last.id)).toHaveLength(0);
  });

  test("nothing goes for an agency that has them off", async () => {
    t.clock.set(DAYTIME);
    const [other] = await t.db.select().from(agencies).where(eq(agencies.host, SECOND_AGENCY_HOST));
    const before = await t.db.select().from(outboundMessages).where(eq(outboundMessages.agencyId, other!.id));
    await queueRenewalReminders(t.deps);
    expect(await t.db.select().from(outboundMessages).where(eq(outboundMessages.agencyId, other!.id))).toHaveLength(before.length);
  });
});

describe("the pay link", () => {
  let token: string;

  test("opens without signing in; Pay makes one Razorpay Payment Link at the plan's price, tied to the business and plan", async () => {
    t.clock.set(DAYTIME);
    await setExpiry(sharma, new Date(DAYTIME.getTime() + 7 * DAY));
    const link = await t.requestAs("admin", "POST", "/renewals/link", { body: { businessId: sharma } });
    expect(link.status, link.text).toBe(200);
    token = tokenOf(link.json.url);
    const before = await info(token);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ businessName: "Sharma Sweets", amount: plan.price, state: "open", cardUrl: null });

    const res = await pay(token);
    expect(res.status, res.text).toBe(200);
    const sent = rzp.requests.filter((r) => r.path === "/v1/payment_links");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.auth).toBe(true);
    const [row] = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, sharma), eq(cardPayments.status, "created")));
    expect(sent[0]!.body).toMatchObject({
      amount: plan.price,
      currency: "INR",
      reference_id: `card-${row!.recordNo}`,
      callback_method: "get",
      notify: { sms: false, email: false },
      notes: { businessId: String(sharma), planId: String(plan.subscriptionPlanId), recordNo: String(row!.recordNo) },
    });
    expect(String(sent[0]!.body.callback_url)).toContain(`/api/v1/razorpay/payment-link/callback?return=${encodeURIComponent(`/renew/${token}`)}`);
    const linkEntity = [...rzp.paymentLinks.values()].at(-1)!;
    expect(res.json.url).toBe(linkEntity.short_url);
    // A second tap (another phone) goes to the same link.
    expect((await pay(token)).json.url).toBe(linkEntity.short_url);
    expect(rzp.requests.filter((r) => r.path === "/v1/payment_links")).toHaveLength(1);
  });

  test("a forged link, or another agency's, is 404", async () => {
    expect((await info(`${token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await info(token, SECOND_AGENCY_HOST)).status).toBe(404);
    expect((await pay(token, SECOND_AGENCY_HOST)).status).toBe(404);
  });

  test("payment_link.paid grants the plan once: replays, duplicates and the browser's callback change nothing more", async () => {
    const linkEntity = [...rzp.paymentLinks.values()].at(-1)!;
    const expiryBefore = await expiryOf(sharma);
    const { payment, query } = rzp.payLink(linkEntity.id);
    const w = rzp.webhook("payment_link.paid", payment.id);
    // The webhook, its replay (same event id) and a duplicate delivery (new event id) at once.
    const [a, b, c] = await Promise.all([deliverWebhook(w), deliverWebhook(w), deliverWebhook(rzp.webhook("payment_link.paid", payment.id))]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect([a, b, c].filter((r) => r.json.action === "granted")).toHaveLength(1);

    const after = await expiryOf(sharma);
    expect(after.getTime() - expiryBefore.getTime()).toBeGreaterThan(360 * DAY * plan.validityYears);
    const paid = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, sharma), eq(cardPayments.razorpayPaymentId, payment.id)));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "paid", amount: plan.price });

    // The browser comes back afterwards: the same grant, answered as paid.
    const back = await t.requestUnchecked("GET", `/razorpay/payment-link/callback?return=${encodeURIComponent(`/renew/${token}`)}&${new URLSearchParams(query)}` as "/razorpay/payment-link/callback", { host: PLATFORM_HOST });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(new RegExp(`^/renew/${token.replace(".", "\\.")}\\?payment=paid`));
    expect((await expiryOf(sharma)).getTime()).toBe(after.getTime());

    const now = await info(token);
    expect(now.json).toMatchObject({ state: "paid" });
    expect((await pay(token)).status).toBe(409);
  });

  test("the callback and the webhook racing grant once; a forged callback grants nothing", async () => {
    await setExpiry(gupta, new Date(DAYTIME.getTime() - 2 * DAY));
    const link = await t.requestAs("admin", "POST", "/renewals/link", { body: { businessId: gupta } });
    const tok = tokenOf(link.json.url);
    await pay(tok);
    const linkEntity = [...rzp.paymentLinks.values()].at(-1)!;
    const { payment, query } = rzp.payLink(linkEntity.id);
    const before = await expiryOf(gupta);

    const forged = await t.requestUnchecked("GET", `/razorpay/payment-link/callback?return=/renew/${tok}&${new URLSearchParams({ ...query, razorpay_signature: "0".repeat(64) })}` as "/razorpay/payment-link/callback", { host: PLATFORM_HOST });
    expect(forged.headers.get("location")).toMatch(/payment=failed/);
    expect((await expiryOf(gupta)).getTime()).toBe(before.getTime());

    const callback = () => t.requestUnchecked("GET", `/razorpay/payment-link/callback?return=/renew/${tok}&${new URLSearchParams(query)}` as "/razorpay/payment-link/callback", { host: PLATFORM_HOST });
    const results = await Promise.all([callback(), deliverWebhook(rzp.webhook("payment_link.paid", payment.id)), callback()]);
    expect(results.map((r) => r.status)).toEqual([303, 200, 303]);
    const paid = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, gupta), eq(cardPayments.status, "paid"), eq(cardPayments.razorpayPaymentId, payment.id)));
    expect(paid).toHaveLength(1);
    // An expired card renews from today: one plan period from now, not two.
    const after = await expiryOf(gupta);
    expect(after.getTime()).toBeGreaterThan(DAYTIME.getTime() + 360 * DAY * plan.validityYears);
    expect(after.getTime()).toBeLessThan(DAYTIME.getTime() + 370 * DAY * plan.validityYears);
  });
});

describe("in the owner's language", () => {
  test("a Hindi-reading owner gets the reminder, its subject and the unsubscribe line in Hindi; the link and price stay as they are", async () => {
    t.clock.set(DAYTIME);
    const [owner] = await t.db.insert(users).values({ agencyId, phoneNumber: "9812398123", email: "hindi.owner@example.in", language: "hi" }).returning();
    const b = await insertBusiness(t, { userId: owner!.id, name: "Hindi Mithai", paid: true, expiry: new Date(DAYTIME.getTime() + 7 * DAY) });
    await t.db.update(businesses).set({ subscriptionPlanId: plan.subscriptionPlanId }).where(eq(businesses.businessId, b.businessId));
    await queueRenewalReminders(t.deps);
    const rows = await reminderRows(b.businessId);
    const sms = rows.find((r) => r.channel === "sms")!;
    const email = rows.find((r) => r.channel === "email")!;
    expect(sms.body).toContain('आपका डिजिटल कार्ड "Hindi Mithai"');
    expect(sms.body).toContain("दिस॰ 2026"); // the date with Hindi month names, Latin digits
    expect(sms.body).toMatch(/एक टैप में रिन्यू करें.*https?:\/\/\S+\/renew\//);
    expect(sms.body).toMatch(/ये मैसेज बंद करें: https?:\/\/\S+\/unsubscribe\//);
    expect(sms.body).not.toContain("Stop these messages");
    expect(email.subject).toBe("अपना डिजिटल कार्ड रिन्यू करें: Hindi Mithai");
  });
});

describe("reconciliation", () => {
  test("a link paid while the callback and the webhook both went missing is granted by the next run, once", async () => {
    t.clock.set(DAYTIME);
    const b = await insertBusiness(t, { name: "Reconcile Sweets", paid: true, expiry: new Date(DAYTIME.getTime() + 3 * DAY) });
    await t.db.update(businesses).set({ subscriptionPlanId: plan.subscriptionPlanId }).where(eq(businesses.businessId, b.businessId));
    const link = await t.requestAs("admin", "POST", "/renewals/link", { body: { businessId: b.businessId } });
    const tok = tokenOf(link.json.url);
    expect((await pay(tok)).status).toBe(200);
    const linkEntity = [...rzp.paymentLinks.values()].at(-1)!;
    rzp.payLink(linkEntity.id); // paid at Razorpay; neither the browser nor the webhook reaches us
    const before = await expiryOf(b.businessId);

    // Younger than 10 minutes: probably still being paid, not asked about.
    expect(await reconcileRenewalLinks(t.deps)).toBe(0);
    t.clock.set(new Date(DAYTIME.getTime() + 11 * 60_000));
    expect(await reconcileRenewalLinks(t.deps)).toBe(1);
    expect(await reconcileRenewalLinks(t.deps)).toBe(0);
    expect((await expiryOf(b.businessId)).getTime() - before.getTime()).toBeGreaterThan(360 * DAY * plan.validityYears);
    const paid = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, b.businessId), eq(cardPayments.status, "paid")));
    expect(paid).toHaveLength(1);
    expect((await info(tok)).json).toMatchObject({ state: "paid" });
    // The webhook arriving late after all: recorded, nothing granted again.
    const late = await deliverWebhook(rzp.webhook("payment_link.paid", paid[0]!.razorpayPaymentId!));
    expect(late.json.action).not.toBe("granted");
    expect(await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, b.businessId), eq(cardPayments.status, "paid")))).toHaveLength(1);
    t.clock.set(DAYTIME);
  });
});

describe("the pipeline", () => {
  test("shows due, reminded, paid and lost with the rate per month and per franchisee, within the caller's tenancy", async () => {
    t.clock.set(DAYTIME);
    const admin = await t.requestAs("admin", "GET", "/renewals/pipeline?stage=paid");
    expect(admin.status, admin.text).toBe(200);
    expect(admin.json.counts.paid).toBeGreaterThanOrEqual(2);
    expect(admin.json.rows.map((r: { businessName: string }) => r.businessName)).toEqual(expect.arrayContaining(["Sharma Sweets", "Gupta Electricals"]));
    expect(admin.json.canEdit).toBe(true);
    expect(admin.json.months.length).toBeGreaterThan(0);
    expect(admin.json.months.every((m: { rate: number | null }) => m.rate === null || (m.rate >= 0 && m.rate <= 1))).toBe(true);
    expect(admin.json.franchisees.length).toBeGreaterThan(0);

    // The franchisee made Gupta Electricals, not Sharma Sweets: sees only their own.
    const fr = await t.requestAs("franchisee", "GET", "/renewals/pipeline?stage=paid");
    expect(fr.status).toBe(200);
    const names = fr.json.rows.map((r: { businessName: string }) => r.businessName);
    expect(names).not.toContain("Sharma Sweets");
    expect(fr.json.canEdit).toBe(false);
    // Another agency's admin sees none of ours.
    const other = await t.requestAs("otherAgencyAdmin", "GET", "/renewals/pipeline?stage=paid");
    expect(other.json.rows.map((r: { businessName: string }) => r.businessName)).not.toContain("Sharma Sweets");
    expect((await t.requestAs("customer", "GET", "/renewals/pipeline")).status).toBe(403);
    // Staff may not make a pay link for a business they may not see.
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/renewals/link", { body: { businessId: sharma } })).status).toBe(404);
  });

  test("lists a paid card expiring within the first reminder day as due, and an unpaid cycle past its last reminder as lost", async () => {
    t.clock.set(DAYTIME);
    const [dental] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Iyer Consulting"));
    await setExpiry(dental!.businessId, new Date(DAYTIME.getTime() + 5 * DAY));
    const due = await t.requestAs("admin", "GET", "/renewals/pipeline?stage=due");
    expect(due.json.rows.map((r: { businessName: string }) => r.businessName)).toContain("Iyer Consulting");
    // A card that expired 5 days ago, reminded the day before it expired and never renewed: lost
    // (past the last reminder day, 3 after). The clock moves back, not forward: sessions stay fresh.
    await setExpiry(dental!.businessId, new Date(DAYTIME.getTime() - 5 * DAY));
    t.clock.set(new Date(DAYTIME.getTime() - 6 * DAY));
    await queueRenewalReminders(t.deps);
    t.clock.set(DAYTIME);
    const lost = await t.requestAs("admin", "GET", "/renewals/pipeline?stage=lost");
    expect(lost.status, lost.text).toBe(200);
    expect(lost.json.rows.map((r: { businessName: string }) => r.businessName)).toContain("Iyer Consulting");
  });
});


