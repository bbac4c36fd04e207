/**
 * Agency billing (SPEC §7 Month payments, Annual payment, Agency image payment; ADR 0023): month
 * bills generated idempotently on Asia/Kolkata month boundaries, move-out / add-in totals, offline
 * and online payments (the gateway's machinery against the Razorpay stand-in; a replay pays
 * once), the annual fee, the greeting-image pause, tenancy and roles, the audit trail, downloads.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { businesses, cards } from "#server/db/schema/business.ts";
import { agencies, franchisees, users } from "#server/db/schema/core.ts";
import { cardPayments, monthBillPayments, monthPayments } from "#server/db/schema/billing.ts";
import { generateMonthBills } from "#server/api/billing/generate.ts";
import { monthlyBills, runMonthBills, startBillingJobs } from "#server/api/billing/jobs.ts";
import { greetingImagesPaused } from "#server/api/billing/service.ts";
import { BILLING_MESSAGES, monthWindow, periodOf } from "#server/api/billing/rules.ts";
import { DEMO_ACCOUNTS } from "#server/db/demo-accounts.ts";
import type { BillDetail } from "#contracts/billing.ts";
import { createTestApi, DEMO_PASSWORD, ROLES, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-stand-in.ts";

type Item = BillDetail["items"][number];
type AuditEntry = { action: string; actorName: string; reason: string | null };

let rzp: RazorpayStandIn;
let t: TestApi;
let platformId: number;
let sunriseId: number;
let moonId: number;
let sunriseUserId: number;
let moonUserId: number;

/** A business of the agency whose card was paid at `paidAt` (a paid card payment, as grantPlan leaves it). */
async function paidCard(agencyId: number, userId: number, paidAt: Date, amount = 79900) {
  const b = await insertBusiness(t, { agencyId, userId, paid: true });
  await t.db.insert(cardPayments).values({ agencyId, businessId: b.businessId, planName: "Starter", amount, status: "paid", isManualUpdate: true, paidAt, createdAt: paidAt });
  return b.businessId;
}

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApi({ env: rzp.env });
  platformId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.admin.host)))[0].id;
  sunriseId = (await t.db.select().from(agencies).where(eq(agencies.host, ROLES.otherAgencyAdmin.host)))[0].id;
  sunriseUserId = (await t.db.select().from(users).where(eq(users.phoneNumber, DEMO_ACCOUNTS.otherAgencyCustomer.login.phoneNumber)))[0].id;
  // A third agency nobody of Sunrise may see.
  const [moon] = await t.db
    .insert(agencies)
    .values({ agencyName: "Moon Prints", host: "moon.localhost", configuration: { billing: { perCardPrice: 1000, gstPercent: 0 } } })
    .returning();
  moonId = moon.id;
  const [moonUser] = await t.db.insert(users).values({ agencyId: moonId, phoneNumber: "9876500099" }).returning();
  moonUserId = moonUser.id;
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});

const now = () => t.clock.now();
const thisMonth = () => periodOf(now());

describe("month bills", () => {
  test("generation is idempotent: twice makes one bill with one line per card paid this month, priced from the agency's configuration", async () => {
    const p = thisMonth();
    const { start } = monthWindow(p);
    await paidCard(sunriseId, sunriseUserId, new Date(start.getTime() + 60_000));
    await paidCard(sunriseId, sunriseUserId, new Date(start.getTime() + 120_000));
    const first = await t.requestAs("admin", "POST", "/month-payments/generate", { body: { agencyId: sunriseId } });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ ...p, billsCreated: 1, linesAdded: 2 });
    const again = await t.requestAs("admin", "POST", "/month-payments/generate", { body: { agencyId: sunriseId } });
    expect(again.json).toMatchObject({ billsCreated: 0, linesAdded: 0 });
    const rows = await t.db.select().from(monthPayments).where(and(eq(monthPayments.agencyId, sunriseId), eq(monthPayments.year, p.year), eq(monthPayments.month, p.month)));
    expect(rows).toHaveLength(1);

    const view = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: {} });
    expect(view.status, view.text).toBe(200);
    const bill = view.json.bill!;
    // Sunrise: ₹49 a card, 18% GST (server/db/seed/billing.ts).
    expect(bill).toMatchObject({ cards: 2, perCardPrice: 4900, subtotal: 9800, gstPercent: 18, gstAmount: 1764, amount: 11564, outstanding: 11564, status: "pending" });
    expect(bill.items.map((i: Item) => i.customerPrice)).toEqual([79900, 79900]);
    expect(view.json.bills[0].monthPaymentId).toBe(bill.monthPaymentId);
  });

  test("a card paid at the last millisecond of a month (Asia/Kolkata) lands in that month's bill only", async () => {
    const jan = { year: 2025, month: 1 };
    const feb = { year: 2025, month: 2 };
    const lastOfJan = new Date(monthWindow(feb).start.getTime() - 1); // 31 Jan 23:59:59.999 IST = 18:29:59.999 UTC
    expect(lastOfJan.toISOString()).toBe("2025-01-31T18:29:59.999Z");
    const janCard = await paidCard(moonId, moonUserId, lastOfJan);
    const febCard = await paidCard(moonId, moonUserId, monthWindow(feb).start);
    await generateMonthBills(t.db, { ...jan, now: now(), agencyIds: [moonId] });
    await generateMonthBills(t.db, { ...feb, now: now(), agencyIds: [moonId] });
    await generateMonthBills(t.db, { ...jan, now: now() });
    for (const [p, business] of [[jan, janCard], [feb, febCard]] as const) {
      const res = await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId, ...p } });
      expect(res.json.bill?.items.map((i: Item) => i.businessId), `${p.month}`).toEqual([business]);
      expect(res.json.bill?.amount).toBe(1000);
    }
  });

  test("moving a card out (with a reason) and back in keeps the totals right; repeats change nothing; all of it is audited", async () => {
    const view = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: {} });
    const item = view.json.bill!.items[0];
    const noReason = await t.requestAsUnchecked("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: item.itemId } });
    expect(noReason.status).toBe(422);
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "GET", "/month-payments", { query: { month: "13", year: "2026" } })).status).toBe(422);
    expect((await t.requestAsUnchecked("admin", "POST", "/month-payments/generate", { body: { agencyId: sunriseId, year: 2099, month: 1 } })).status).toBe(400);
    const out = await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: item.itemId, reason: "Customer cancelled the same day" } });
    expect(out.status, out.text).toBe(200);
    expect(out.json).toMatchObject({ changed: true, bill: { cards: 1, subtotal: 4900, gstAmount: 882, amount: 5782, outstanding: 5782 } });
    const twice = await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: item.itemId, reason: "Customer cancelled the same day" } });
    expect(twice.json).toMatchObject({ changed: false, bill: { amount: 5782 } });
    // Only the platform puts a card back.
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/add-card-in-bill", { body: { itemId: item.itemId, reason: "Back in" } })).status).toBe(403);
    const back = await t.requestAs("admin", "POST", "/month-payments/add-card-in-bill", { body: { agencyId: sunriseId, itemId: item.itemId, reason: "The card was used after all" } });
    expect(back.json).toMatchObject({ changed: true, bill: { cards: 2, amount: 11564 } });
    // Generating again does not undo a move-out, nor re-add what is there.
    await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: item.itemId, reason: "Disputed again" } });
    await t.requestAs("admin", "POST", "/month-payments/generate", { body: { agencyId: sunriseId } });
    const after = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: {} });
    expect(after.json.bill).toMatchObject({ cards: 1, amount: 5782 });
    expect(after.json.bill!.items.find((i: Item) => i.itemId === item.itemId)).toMatchObject({ movedOutReason: "Disputed again" });

    const trail = await t.requestAs("admin", "GET", "/billing-audit", { query: { agencyId: sunriseId } });
    const actions = trail.json.list.map((e: AuditEntry) => `${e.action}:${e.actorName}`);
    expect(actions).toContain("card-moved-out:Vikram Rao");
    expect(actions).toContain("card-added-in:Rohit Mehra");
    const moved = trail.json.list.find((e: AuditEntry) => e.action === "card-added-in")!;
    expect(moved).toMatchObject({ reason: "The card was used after all", before: { amount: 5782 }, after: { amount: 11564 } });
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/billing-audit", { query: { agencyId: sunriseId } })).status).toBe(403);
  });

  test("the agency pays online; a replayed make-payment and the webhook after it pay once; outstanding drops to zero (annual fee recorded)", async () => {
    const p = thisMonth();
    // The annual fee (₹12,000) is due until the platform records it.
    const before = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments/getOutstandingAmount", { query: {} });
    expect(before.json).toMatchObject({ bills: 5782, annualFee: 1_200_000, outstanding: 1_205_782 });
    const annual = await t.requestAs("admin", "POST", "/annual-payment", { body: { agencyId: sunriseId, note: "NEFT ref 4411" } });
    expect(annual.status, annual.text).toBe(200);
    expect(annual.json).toMatchObject({ duplicate: false, payment: { amount: 1_200_000, recordedBy: "Rohit Mehra" } });
    const doubleClick = await t.requestAs("admin", "POST", "/annual-payment", { body: { agencyId: sunriseId } });
    expect(doubleClick.json).toMatchObject({ duplicate: true, payment: { id: annual.json.payment.id } });
    const annualView = await t.requestAs("otherAgencyAdmin", "GET", "/annual-payment", { query: {} });
    expect(annualView.json).toMatchObject({ annualFee: 1_200_000, due: false, dueAmount: 0 });
    expect(annualView.json.list).toHaveLength(1);
    expect(new Date(annualView.json.paidUntil!).getTime()).toBeGreaterThan(now().getTime() + 360 * 86_400_000);
    // An agency does not record its own annual fee.
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/annual-payment", { body: { agencyId: sunriseId } })).status).toBe(403);

    const order = await t.requestAsUnchecked("otherAgencyAdmin", "POST", "/month-payments/order", { body: { ...p, amount: 1 } });
    expect(order.status, order.text).toBe(200);
    expect(order.json.order.amount).toBe(5782);
    // A second click on Pay gets the same open order, not a second one.
    const again = await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/order", { body: p });
    expect(again.json.order.id).toBe(order.json.order.id);
    expect(rzp.requests.at(-1)?.body.notes).toMatchObject({ product: "month", agencyId: String(sunriseId) });
    const fields = rzp.pay(order.json.order.id);
    const body = { ...p, ...fields };
    const [a, b] = await Promise.all([
      t.requestAs("otherAgencyAdmin", "POST", "/month-payments/gateway", { body }),
      t.requestAs("otherAgencyAdmin", "POST", "/month-payments/gateway", { body }),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    const hook = rzp.webhook("payment.captured", fields.razorpay_payment_id);
    const delivered = await t.requestUnchecked("POST", "/razorpay/webhook", { rawBody: hook.body, headers: hook.headers });
    expect(delivered.json).toMatchObject({ action: "already-granted" });
    const paidRows = await t.db.select().from(monthBillPayments).where(and(eq(monthBillPayments.agencyId, sunriseId), eq(monthBillPayments.status, "paid")));
    expect(paidRows).toHaveLength(1);
    const after = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments/getOutstandingAmount", { query: {} });
    expect(after.json).toMatchObject({ outstanding: 0, bills: 0, annualFee: 0 });
    const view = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: p });
    expect(view.json.bill).toMatchObject({ status: "paid", amountPaid: 5782, outstanding: 0 });
    // Nothing left to pay: no new order; a paid bill keeps its cards.
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/order", { body: p })).status).toBe(409);
    const paidItem = view.json.bill!.items.find((i: Item) => i.movedOutAt === null)!;
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: paidItem.itemId, reason: "Too late" } })).status).toBe(409);
    // The annual fee is paid for a year: recording it again (after the double-click window) is 409.
    t.clock.advance(60_000);
    expect((await t.requestAs("admin", "POST", "/annual-payment", { body: { agencyId: sunriseId } })).status).toBe(409);
    t.clock.reset();
  });

  test("the platform records an offline month payment of what is outstanding; again is a duplicate, not a second payment", async () => {
    const res = await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId, year: 2025, month: 1 } });
    expect(res.json.bill?.outstanding).toBe(1000);
    const body = { agencyId: moonId, year: 2025, month: 1, note: "Cheque 000123" };
    const first = await t.requestAsUnchecked("admin", "POST", "/month-payments", { body: { ...body, amount: 5 } });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ duplicate: false, bill: { outstanding: 0, amountPaid: 1000, status: "paid" } });
    const second = await t.requestAs("admin", "POST", "/month-payments", { body });
    expect(second.json).toMatchObject({ duplicate: true, paymentId: first.json.paymentId });
    // An agency does not record its own payments.
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/month-payments", { body: { ...body, agencyId: sunriseId } })).status).toBe(403);
  });
});

describe("an agency's moves (issue 22 M3)", () => {
  test("after a paid bill gains a new line, the agency cannot move a paid line out (409, nothing changes), only the new one; the platform keeps its powers", async () => {
    const june = { year: 2024, month: 6 };
    const { start } = monthWindow(june);
    await paidCard(sunriseId, sunriseUserId, new Date(start.getTime() + 60_000));
    await generateMonthBills(t.db, { ...june, now: now(), agencyIds: [sunriseId] });
    const recorded = await t.requestAs("admin", "POST", "/month-payments", { body: { agencyId: sunriseId, ...june } });
    expect(recorded.json).toMatchObject({ duplicate: false, bill: { status: "paid", outstanding: 0, amountPaid: 5782 } });
    const paidLine = (await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: june })).json.bill!.items[0];
    // Later, a card paid later in the month: the bill gains a line and is due again.
    t.clock.advance(60_000);
    await paidCard(sunriseId, sunriseUserId, new Date(start.getTime() + 120_000));
    await generateMonthBills(t.db, { ...june, now: now(), agencyIds: [sunriseId] });
    const before = (await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: june })).json.bill!;
    expect(before).toMatchObject({ cards: 2, amount: 11564, amountPaid: 5782, outstanding: 5782, status: "pending" });

    const cut = await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: paidLine.itemId, reason: "Cut the bill" } });
    expect(cut.status, cut.text).toBe(409);
    expect(cut.json.message).toBe(BILLING_MESSAGES.linePaid);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/month-payments", { query: june })).json.bill).toEqual(before);

    // The platform settles disputes: it may move a paid line out of a bill that is due, and back.
    const byPlatform = await t.requestAs("admin", "POST", "/month-payments/move-out-card", { body: { agencyId: sunriseId, itemId: paidLine.itemId, reason: "Refunded to the customer" } });
    expect(byPlatform.status, byPlatform.text).toBe(200);
    expect((await t.requestAs("admin", "POST", "/month-payments/add-card-in-bill", { body: { agencyId: sunriseId, itemId: paidLine.itemId, reason: "Not refunded after all" } })).status).toBe(200);

    // The new, unpaid line is the agency's to dispute.
    const newLine = before.items.find((i: Item) => i.itemId !== paidLine.itemId)!;
    const moved = await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: newLine.itemId, reason: "Disputed" } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ changed: true, bill: { cards: 1, amount: 5782, outstanding: 0, status: "paid" } });
    t.clock.reset();
  });
});

describe("the scheduled job", () => {
  test("on the queue, a run on the 1st finishes the month before (and opens the new month's bill)", async () => {
    const march = { year: 2025, month: 3 };
    const business = await paidCard(moonId, moonUserId, new Date(monthWindow(march).start.getTime() + 86_400_000));
    await startBillingJobs(t.deps, t.queue);
    await t.queue.send(monthlyBills, { at: "2025-04-01T00:30:00+05:30" });
    await expect
      .poll(async () => (await t.db.select().from(monthPayments).where(and(eq(monthPayments.agencyId, moonId), eq(monthPayments.year, 2025), eq(monthPayments.month, 3)))).length, { timeout: 20_000 })
      .toBe(1);
    const res = await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId, ...march } });
    expect(res.json.bill?.items.map((i: Item) => i.businessId)).toEqual([business]);
    // Run again (a retry, the next day's run): still one bill, one line.
    await runMonthBills(t.deps, new Date("2025-04-02T00:30:00+05:30"));
    const again = await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId, ...march } });
    expect(again.json.bill?.items).toHaveLength(1);
    expect(again.json.bills.filter((b: { year: number; month: number }) => b.year === 2025 && b.month === 3)).toHaveLength(1);
  });
});

describe("who sees billing", () => {
  test("another agency's billing is never visible (404); the platform sees any agency's", async () => {
    for (const [path, query] of [
      ["/month-payments", { agencyId: moonId }],
      ["/month-payments/getOutstandingAmount", { agencyId: moonId }],
      ["/annual-payment", { agencyId: platformId }],
      ["/agency-image-payment", { agencyId: moonId }],
    ] as const) {
      const res = await t.requestAs("otherAgencyAdmin", "GET", path, { query });
      expect(res.status, path).toBe(404);
    }
    const item = (await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId, year: 2025, month: 2 } })).json.bill!.items[0];
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/month-payments/move-out-card", { body: { itemId: item.itemId, reason: "Not ours" } })).status).toBe(404);
    expect((await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId } })).status).toBe(200);
    // The platform bills itself nothing, and the API says that is why there is no bill (issue 22).
    for (const query of [{}, { agencyId: platformId }]) {
      const own = await t.requestAs("admin", "GET", "/month-payments", { query });
      expect(own.json).toMatchObject({ isPlatform: true, agencyName: "Card Panel", bill: null, bills: [] });
    }
    expect((await t.requestAs("admin", "GET", "/month-payments", { query: { agencyId: moonId } })).json.isPlatform).toBe(false);
    expect((await t.requestAs("admin", "GET", "/month-payments/getOutstandingAmount", { query: {} })).status).toBe(404);
  });

  test("a franchisee cannot see billing (403); an admin with billing hidden gets 404", async () => {
    for (const role of ["franchisee", "creator", "franchiseeAllCards", "customer"] as const) {
      expect((await t.requestAs(role, "GET", "/month-payments", { query: {} })).status, role).toBe(403);
    }
    // A second admin of Sunrise with billing hidden (SPEC §6 configuration.hideBilling).
    const [vikram] = await t.db.select().from(franchisees).where(eq(franchisees.phoneNumber, DEMO_ACCOUNTS.otherAgencyAdmin.login.phoneNumber));
    await t.db.insert(franchisees).values({ agencyId: sunriseId, name: "Asha Menon", phoneNumber: "9000000077", passwordHash: vikram.passwordHash, roles: ["admin"], configuration: { hideBilling: true } });
    const login = await t.request("POST", "/franchisee/login", { host: ROLES.otherAgencyAdmin.host, body: { phoneNumber: "9000000077", password: DEMO_PASSWORD } });
    expect(login.status, login.text).toBe(200);
    const cookie = `cp_session=${login.cookies.cp_session}`;
    for (const path of ["/month-payments", "/month-payments/getOutstandingAmount", "/annual-payment", "/agency-image-payment"] as const) {
      const res = await t.request("GET", path, { query: {}, cookie, host: ROLES.otherAgencyAdmin.host });
      expect(res.status, path).toBe(404);
    }
  });
});

describe("greeting-image service", () => {
  test("unpaid past the grace period pauses the agency's greeting images with a reason; a payment (online, replayed) resumes them", async () => {
    const [sunrise] = await t.db.select().from(agencies).where(eq(agencies.id, sunriseId));
    expect((await greetingImagesPaused(t.db, sunriseId, now())).paused).toBe(false); // just joined: in grace
    const late = new Date(sunrise.createdAt.getTime() + 11 * 86_400_000);
    const paused = await greetingImagesPaused(t.db, sunriseId, late);
    expect(paused.paused).toBe(true);
    expect(paused.reason).toMatch(/Greeting images are paused/);
    expect(paused.reason).toMatch(/customers' cards are not affected/);
    // Through the API: the agency joined 11 days ago (sessions keep real time).
    await t.db.update(agencies).set({ createdAt: new Date(now().getTime() - 11 * 86_400_000) }).where(eq(agencies.id, sunriseId));
    try {
      const notice = await t.requestAs("otherAgencyAdmin", "GET", "/billing/notice");
      expect(notice.json).toMatchObject({ greetingImagesPaused: true });
      const order = await t.requestAs("otherAgencyAdmin", "POST", "/agency-image-payment/order", { body: {} });
      expect(order.status, order.text).toBe(200);
      expect(order.json.order.amount).toBe(49_900);
      const body = rzp.pay(order.json.order.id);
      const [a, b] = await Promise.all([
        t.requestAs("otherAgencyAdmin", "POST", "/agency-image-payment/gateway", { body }),
        t.requestAs("otherAgencyAdmin", "POST", "/agency-image-payment", { body }),
      ]);
      expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
      const view = await t.requestAs("otherAgencyAdmin", "GET", "/agency-image-payment", { query: {} });
      expect(view.json.list.filter((p: { status: string }) => p.status === "paid")).toHaveLength(1);
      expect(view.json.paused).toBe(false);
      expect((await t.requestAs("otherAgencyAdmin", "GET", "/billing/notice")).json.greetingImagesPaused).toBe(false);
      // The platform records the next month offline; a double click records it once.
      const manual = { agencyId: sunriseId, isManualUpdate: true, note: "Cash" };
      const m1 = await t.requestAs("admin", "POST", "/agency-image-payment", { body: manual });
      const m2 = await t.requestAs("admin", "POST", "/agency-image-payment", { body: manual });
      expect(m1.status, m1.text).toBe(200);
      expect(m2.json).toMatchObject({ duplicate: true, paymentId: m1.json.paymentId });
      expect(new Date(m1.json.validFrom!).getTime()).toBe(new Date(view.json.paidUntil!).getTime());
      // An agency cannot record its own payment by hand.
      expect((await t.requestAs("otherAgencyAdmin", "POST", "/agency-image-payment", { body: manual })).status).toBe(404);
    } finally {
      await t.db.update(agencies).set({ createdAt: sunrise.createdAt }).where(eq(agencies.id, sunriseId));
    }
  });
});

describe("bill downloads", () => {
  test("CSV (lines, totals, reasons) and PDF", async () => {
    const csv = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments/download", { query: { format: "csv" } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="bill-\d{4}-\d{2}\.csv"/);
    expect(csv.text).toMatch(/^\uFEFF?Agency,Sunrise Media\r\n/);
    expect(csv.text).toContain("Outstanding (INR),0.00");
    expect(csv.text).toContain("Disputed again");
    const pdf = await t.requestAs("otherAgencyAdmin", "GET", "/month-payments/download", { query: { format: "pdf" } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF")).toBe(true);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/month-payments/download", { query: { format: "csv", year: 2020, month: 1 } })).status).toBe(404);
  });

  test("the PDF wraps long cells (never cut mid-word without …) and prints the platform's name, address and GSTIN, leaving out what is not set", async () => {
    const [agency] = await t.db.insert(agencies).values({ agencyName: "Long Names Print House", host: "long.localhost", configuration: {} }).returning();
    const [user] = await t.db.insert(users).values({ agencyId: agency.id, phoneNumber: "9876500098" }).returning();
    const name = "Smile Care Dental Clinic and Orthodontic Centre, Shivajinagar";
    const [b] = await t.db.insert(businesses).values({ agencyId: agency.id, userId: user.id, businessName: name, phoneNumber: "+919811111111", paymentStatus: 1 }).returning();
    await t.db.insert(cards).values({ agencyId: agency.id, businessId: b.businessId, cardId: "smile-care-dental-clinic-shivajinagar-pune" });
    await t.db.insert(cardPayments).values({ agencyId: agency.id, businessId: b.businessId, planName: "Starter Yearly Family Pack", amount: 79900, status: "paid", isManualUpdate: true, paidAt: now(), createdAt: now() });
    await generateMonthBills(t.db, { ...thisMonth(), now: now(), agencyIds: [agency.id] });

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bill-pdf-"));
    /** The PDF's text in content order (pdftotext -raw), each wrapped cell's lines joined. */
    const pdfText = async () => {
      const url = `http://${ROLES.admin.host}/api/v1/month-payments/download?format=pdf&agencyId=${agency.id}`;
      const res = await t.api.request(url, { headers: { cookie: await t.signInAs("admin"), "x-panel-client-ip": "10.9.9.8" } });
      expect(res.status).toBe(200);
      const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toContain("No syntax or stream encoding errors");
      return execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ").replace(/- /g, "-");
    };
    try {
      // The demo platform's details (seeded) on the bill.
      const seeded = await pdfText();
      for (const cell of [name, "smile-care-dental-clinic-shivajinagar-pune", "Starter Yearly Family Pack"]) {
        // The whole text, or a start of it (whole words: a line breaks after a space or a hyphen) ending in "…".
        const words = cell.split(/(?<=[\s-])/);
        const shown = seeded.includes(cell) || words.some((_, n) => n > 0 && seeded.includes(`${words.slice(0, n).join("").trimEnd()}…`));
        expect(shown, `${cell} in ${seeded}`).toBe(true);
      }
      expect(seeded).toContain("From: Card Panel Technologies Pvt. Ltd.");
      expect(seeded).toContain("GSTIN 27AABCC1234D1Z5");
      expect(seeded).toContain("Shivajinagar, Pune");

      // Not set: the platform's agency name, and no empty GSTIN or address lines.
      const [platform] = await t.db.select().from(agencies).where(eq(agencies.id, platformId));
      const { invoiceIssuer: _, ...rest } = platform.configuration;
      await t.db.update(agencies).set({ configuration: rest }).where(eq(agencies.id, platformId));
      try {
        const unset = await pdfText();
        expect(unset).toContain(`From: ${platform.agencyName}`);
        expect(unset).not.toContain("GSTIN");
      } finally {
        await t.db.update(agencies).set({ configuration: platform.configuration }).where(eq(agencies.id, platformId));
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
