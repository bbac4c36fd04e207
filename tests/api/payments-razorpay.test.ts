/**
 * Paying online for a plan (SPEC §7 Card payment; ADR 0034), through the real
 * SDK against a stand-in of Razorpay's HTTP API on loopback: the order's amount is ours, a forged
 * or replayed payment never grants twice, the webhook grants what the browser did not, in any
 * order, at most once per event.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, razorpayWebhookEvents, subscriptionPlans } from "#server/db/schema/billing.ts";
import { PAYMENT_TEXTS } from "#contracts/payments.ts";
import { reconcileOpenOrders } from "#server/api/payments/gateway.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-stand-in.ts";

let rzp: RazorpayStandIn;
let t: TestApi;
let platformId: number;
let plan: { subscriptionPlanId: number; price: number; validityYears: number };
let otherPlan: { subscriptionPlanId: number; price: number };
let sharma: number;
let gupta: number;
let dental: number;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApi({ env: rzp.env });
  const [platform] = await t.db.select().from(agencies).where(eq(agencies.host, ROLES.customer.host));
  platformId = platform.id;
  const plans = await t.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.agencyId, platformId), eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.isCustom, false)))
    .orderBy(asc(subscriptionPlans.price));
  [plan, otherPlan] = [plans[0], plans[1]];
  const id = async (name: string) => (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;
  sharma = await id("Sharma Sweets");
  gupta = await id("Gupta Electricals");
  dental = await id("Smile Care Dental Clinic");
});
afterAll(async () => {
  await t?.close();
  await rzp?.close();
});

const business = async (businessId: number) => (await t.db.select().from(businesses).where(eq(businesses.businessId, businessId)))[0];
const paymentRow = async (orderId: string) => (await t.db.select().from(cardPayments).where(eq(cardPayments.razorpayOrderId, orderId)))[0];

async function order(businessId = sharma, planId = plan.subscriptionPlanId) {
  const res = await t.requestAs("customer", "POST", "/card-payment/order", { body: { businessId, planId } });
  expect(res.status, res.text).toBe(200);
  return res.json as { razorpayKeyId: string; order: { id: string; amount: number; currency: string }; gateway: string; testCheckoutUrl: string | null };
}

const makePayment = (businessId: number, planId: number, fields: Record<string, string>) =>
  t.requestAs("customer", "POST", "/card-payment/gateway", { body: { businessId, planId, ...fields } as never });

describe("the order", () => {
  test("is created at Razorpay with our price, a unique receipt and notes; the browser gets only the key id and the order", async () => {
    const res = await t.requestAsUnchecked("customer", "POST", "/card-payment/order", {
      // A client that sends its own amount is ignored.
      body: { businessId: sharma, planId: plan.subscriptionPlanId, amount: 100, price: 100 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      razorpayKeyId: rzp.env.RAZORPAY_KEY_ID,
      order: { id: expect.stringMatching(/^order_/), amount: plan.price, currency: "INR" },
      gateway: "razorpay",
      testCheckoutUrl: null,
    });
    const sent = rzp.requests.filter((r) => r.path === "/v1/orders").at(-1)!;
    expect(sent.auth).toBe(true);
    expect(sent.body.amount).toBe(plan.price);
    const row = await paymentRow(res.json.order.id);
    expect(row).toMatchObject({ status: "created", amount: plan.price, businessId: sharma, subscriptionPlanId: plan.subscriptionPlanId, throughGateway: true });
    expect(sent.body.receipt).toBe(`card-${row.recordNo}`);
    expect(String(sent.body.receipt).length).toBeLessThanOrEqual(40);
    expect(sent.body.notes).toMatchObject({ product: "card", businessId: String(sharma), recordNo: String(row.recordNo) });
  });

  test("Razorpay down: 503 with a clear message, and the row can never be paid", async () => {
    rzp.failNext(1, 503);
    const res = await t.requestAs("customer", "POST", "/card-payment/order", { body: { businessId: sharma, planId: plan.subscriptionPlanId } });
    expect(res.status).toBe(503);
    expect(res.json.message).toMatch(/not answering/);
    const [last] = await t.db.select().from(cardPayments).where(eq(cardPayments.businessId, sharma)).orderBy(asc(cardPayments.recordNo));
    expect(last).toBeDefined();
    const rows = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, sharma), eq(cardPayments.status, "failed")));
    expect(rows.length).toBe(1);
  });

  test("another customer's or another agency's business is 404; staff and contact-admin customers are refused", async () => {
    const foreign = await t.requestAs("foreignCustomer", "POST", "/card-payment/order", { body: { businessId: sharma, planId: plan.subscriptionPlanId } });
    expect(foreign.status).toBe(404);
    const otherAgency = await t.requestAs("otherAgencyCustomer", "POST", "/card-payment/order", { body: { businessId: sharma, planId: plan.subscriptionPlanId } });
    expect(otherAgency.status).toBe(404);
    // Sunrise Media has online payment off: its customer is told to contact the admin.
    const contactAdmin = await t.requestAs("otherAgencyCustomer", "POST", "/card-payment/order", { body: { businessId: dental, planId: plan.subscriptionPlanId } });
    expect(contactAdmin.status).toBe(403);
    expect(contactAdmin.json.message).toBe(PAYMENT_TEXTS.connectWithAdmin);
    const staff = await t.requestAs("admin", "POST", "/card-payment/order", { body: { businessId: sharma, planId: plan.subscriptionPlanId } });
    expect(staff.status).toBe(403);
  });

  test("another agency's plan is 404", async () => {
    const [sunrisePlan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.agencyId, (await business(dental)).agencyId));
    const res = await t.requestAs("customer", "POST", "/card-payment/order", { body: { businessId: sharma, planId: sunrisePlan.subscriptionPlanId } });
    expect(res.status).toBe(404);
  });
});

describe("make-payment", () => {
  test("a captured payment grants the plan once; a replay gets the same answer and changes nothing", async () => {
    const before = await business(gupta);
    const { order: o } = await order(gupta);
    const fields = rzp.pay(o.id);
    const res = await makePayment(gupta, plan.subscriptionPlanId, fields);
    expect(res.status, res.text).toBe(200);
    const row = await paymentRow(o.id);
    expect(res.json).toEqual({ planId: plan.subscriptionPlanId, recordNo: row.recordNo });
    expect(row).toMatchObject({ status: "paid", razorpayPaymentId: fields.razorpay_payment_id });
    const after = await business(gupta);
    expect(after).toMatchObject({ paymentStatus: 1, isSubscriptionActive: true, subscriptionPlanId: plan.subscriptionPlanId });
    expect(after.expiryDateForCustomer!.getTime()).toBeGreaterThan(Math.max(Date.now(), before.expiryDateForCustomer?.getTime() ?? 0));

    const replay = await makePayment(gupta, plan.subscriptionPlanId, fields);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(res.json);
    expect((await business(gupta)).expiryDateForCustomer).toEqual(after.expiryDateForCustomer);
  });

  test("a forged signature, or one made for another order, is refused and grants nothing", async () => {
    const before = await business(sharma);
    const { order: a } = await order();
    const { order: b } = await order();
    const paidB = rzp.pay(b.id);
    const forged = await makePayment(sharma, plan.subscriptionPlanId, { ...rzp.pay(a.id), razorpay_signature: "0".repeat(64) });
    expect(forged.status).toBe(400);
    // B's valid signature presented with A's order id: checked against A's stored id, so refused.
    const swapped = await makePayment(sharma, plan.subscriptionPlanId, { ...paidB, razorpay_order_id: a.id });
    expect(swapped.status).toBe(400);
    expect((await paymentRow(a.id)).status).toBe("created");
    expect((await business(sharma)).expiryDateForCustomer).toEqual(before.expiryDateForCustomer);
  });

  test("two make-payments at once (a double click) grant once and both get the same result", async () => {
    const before = await business(sharma);
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    const [r1, r2] = await Promise.all([makePayment(sharma, plan.subscriptionPlanId, fields), makePayment(sharma, plan.subscriptionPlanId, fields)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.json).toEqual(r2.json);
    const paid = await t.db.select().from(cardPayments).where(and(eq(cardPayments.businessId, sharma), eq(cardPayments.razorpayPaymentId, fields.razorpay_payment_id)));
    expect(paid.length).toBe(1);
    // Extended by exactly one validity period.
    const after = await business(sharma);
    const from = Math.max(before.expiryDateForCustomer!.getTime(), Date.now() - 60_000);
    const years = (after.expiryDateForCustomer!.getTime() - from) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(plan.validityYears);
  });

  test("an authorized payment is captured by us for our amount, then granted", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id, { status: "authorized" });
    const res = await makePayment(sharma, plan.subscriptionPlanId, fields);
    expect(res.status, res.text).toBe(200);
    expect(rzp.payments.get(fields.razorpay_payment_id)?.status).toBe("captured");
    const capture = rzp.requests.find((r) => r.path === `/v1/payments/${fields.razorpay_payment_id}/capture`);
    expect(capture?.body).toMatchObject({ amount: plan.price, currency: "INR" });
  });

  test("a failed payment, or one of the wrong amount, grants nothing", async () => {
    const { order: o } = await order();
    const failed = await makePayment(sharma, plan.subscriptionPlanId, rzp.pay(o.id, { status: "failed", description: "Your bank declined the payment." }));
    expect(failed.status).toBe(409);
    expect(failed.json.message).toBe("Your bank declined the payment.");
    const short = await makePayment(sharma, plan.subscriptionPlanId, rzp.pay(o.id, { amount: 100 }));
    expect(short.status).toBe(400);
    expect((await paymentRow(o.id)).status).toBe("created");
  });

  test("Razorpay down while checking: 503, nothing granted, and a retry later succeeds", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    rzp.failNext(1, 502);
    expect((await makePayment(sharma, plan.subscriptionPlanId, fields)).status).toBe(503);
    expect((await paymentRow(o.id)).status).toBe("created");
    expect((await makePayment(sharma, plan.subscriptionPlanId, fields)).status).toBe(200);
  });

  test("another customer, another business or another plan cannot complete an order (404)", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    const foreign = await t.requestAs("foreignCustomer", "POST", "/card-payment/gateway", { body: { businessId: sharma, planId: plan.subscriptionPlanId, ...fields } });
    expect(foreign.status).toBe(404);
    expect((await makePayment(gupta, plan.subscriptionPlanId, fields)).status).toBe(404);
    expect((await makePayment(sharma, otherPlan.subscriptionPlanId, fields)).status).toBe(404);
    expect((await paymentRow(o.id)).status).toBe("created");
  });
});

describe("webhook", () => {
  const deliver = (w: { body: string; headers: Record<string, string> }) =>
    t.requestUnchecked("POST", "/razorpay/webhook", { rawBody: w.body, headers: w.headers });

  test("grants a paid order whose browser never came back; the browser arriving later gets the same result", async () => {
    const before = await business(sharma);
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    const res = await deliver(rzp.webhook("payment.captured", fields.razorpay_payment_id));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ received: true, duplicate: false, action: "granted" });
    const row = await paymentRow(o.id);
    expect(row.status).toBe("paid");
    const granted = await business(sharma);
    expect(granted.expiryDateForCustomer!.getTime()).toBeGreaterThan(before.expiryDateForCustomer!.getTime());

    const browser = await makePayment(sharma, plan.subscriptionPlanId, fields);
    expect(browser.status).toBe(200);
    expect(browser.json).toEqual({ planId: plan.subscriptionPlanId, recordNo: row.recordNo });
    expect((await business(sharma)).expiryDateForCustomer).toEqual(granted.expiryDateForCustomer);
  });

  test("after the browser, order.paid is a no-op; a duplicate delivery is skipped; a late payment.failed undoes nothing", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    expect((await makePayment(sharma, plan.subscriptionPlanId, fields)).status).toBe(200);
    const expiry = (await business(sharma)).expiryDateForCustomer;

    const paid = rzp.webhook("order.paid", fields.razorpay_payment_id);
    expect((await deliver(paid)).json).toEqual({ received: true, duplicate: false, action: "already-granted" });
    expect((await deliver(paid)).json).toEqual({ received: true, duplicate: true, action: "ignored" });
    const events = await t.db.select().from(razorpayWebhookEvents).where(eq(razorpayWebhookEvents.eventId, paid.headers["x-razorpay-event-id"]));
    expect(events.length).toBe(1);

    // Out of order: a failure notice for the same order after it was paid.
    rzp.payments.get(fields.razorpay_payment_id)!.status = "failed";
    const failed = await deliver(rzp.webhook("payment.failed", fields.razorpay_payment_id));
    expect(failed.status).toBe(200);
    expect((await paymentRow(o.id)).status).toBe("paid");
    expect((await business(sharma)).expiryDateForCustomer).toEqual(expiry);
  });

  test("a webhook for a payment reversed since is 200 and recorded, and changes nothing (issue 22 L4)", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    expect((await makePayment(sharma, plan.subscriptionPlanId, fields)).status).toBe(200);
    const row = await paymentRow(o.id);
    const reversed = await t.requestAs("admin", "DELETE", "/card-payment", { query: { recordNo: row.recordNo } });
    expect(reversed.status, reversed.text).toBe(200);
    const expiry = (await business(sharma)).expiryDateForCustomer;

    const w = rzp.webhook("payment.captured", fields.razorpay_payment_id);
    const res = await deliver(w);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ received: true, duplicate: false, action: "ignored" });
    expect(await t.db.select().from(razorpayWebhookEvents).where(eq(razorpayWebhookEvents.eventId, w.headers["x-razorpay-event-id"]))).toHaveLength(1);
    expect((await deliver(w)).json).toEqual({ received: true, duplicate: true, action: "ignored" });
    expect((await paymentRow(o.id)).status).toBe("refunded");
    expect((await business(sharma)).expiryDateForCustomer).toEqual(expiry);
  });

  test("the same event delivered twice at once grants once", async () => {
    const before = await business(sharma);
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    const w = rzp.webhook("payment.captured", fields.razorpay_payment_id);
    const [a, b] = await Promise.all([deliver(w), deliver(w)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.action, b.json.action].sort()).toEqual(["granted", "ignored"]);
    const after = await business(sharma);
    const years = (after.expiryDateForCustomer!.getTime() - before.expiryDateForCustomer!.getTime()) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(plan.validityYears);
  });

  test("a bad or missing signature is 400 and records nothing; a failure before payment only notes the reason", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id, { status: "failed", description: "Card declined." });
    const w = rzp.webhook("payment.failed", fields.razorpay_payment_id);
    const tampered = await deliver({ body: w.body.replace("Card declined.", "Card accepted."), headers: w.headers });
    expect(tampered.status).toBe(400);
    const unsigned = await deliver({ body: w.body, headers: { "content-type": "application/json", "x-razorpay-event-id": "evt_unsigned" } });
    expect(unsigned.status).toBe(400);
    expect(await t.db.select().from(razorpayWebhookEvents).where(eq(razorpayWebhookEvents.eventId, w.headers["x-razorpay-event-id"]))).toEqual([]);

    expect((await deliver(w)).json.action).toBe("noted");
    expect(await paymentRow(o.id)).toMatchObject({ status: "created", failureReason: "Card declined." });
    // The customer retries on the same order and pays: still possible, and the note goes.
    expect((await makePayment(sharma, plan.subscriptionPlanId, rzp.pay(o.id))).status).toBe(200);
    expect(await paymentRow(o.id)).toMatchObject({ status: "paid", failureReason: null });
  });
});

describe("reconciliation", () => {
  test("a payment nobody completed (no browser, no webhook) is found by polling the order's payments, captured and granted once", async () => {
    const before = await business(gupta);
    const { order: o } = await order(gupta);
    const fields = rzp.pay(o.id, { status: "authorized" });
    // Still in checkout: too young to reconcile.
    expect(await reconcileOpenOrders(t.deps)).toBe(0);
    t.clock.advance(15 * 60_000);
    try {
      // Earlier tests' orders that were paid at Razorpay but never completed here are granted too.
      expect(await reconcileOpenOrders(t.deps)).toBeGreaterThanOrEqual(1);
      expect(await reconcileOpenOrders(t.deps)).toBe(0);
    } finally {
      t.clock.reset();
    }
    expect(rzp.requests.some((r) => r.path === `/v1/orders/${o.id}/payments`)).toBe(true);
    expect(rzp.payments.get(fields.razorpay_payment_id)?.status).toBe("captured");
    expect(await paymentRow(o.id)).toMatchObject({ status: "paid", razorpayPaymentId: fields.razorpay_payment_id });
    expect((await business(gupta)).expiryDateForCustomer!.getTime()).toBeGreaterThan(before.expiryDateForCustomer!.getTime());
  });
});

describe("callback_url", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (fields: Record<string, string>, o: { origin?: string; query?: Record<string, string> } = {}) =>
    t.requestUnchecked("POST", "/razorpay/callback", {
      rawBody: form(fields),
      query: o.query,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(o.origin ? { origin: o.origin } : {}) },
    });

  test("Razorpay's post from its own page verifies like make-payment and sends the browser to the thank-you page", async () => {
    const { order: o } = await order();
    const fields = rzp.pay(o.id);
    const res = await post(fields, { origin: "https://api.razorpay.com" });
    expect(res.status).toBe(303);
    const row = await paymentRow(o.id);
    expect(row.status).toBe("paid");
    const to = new URL(res.headers.get("location")!, "http://x");
    expect(to.pathname).toBe("/panel/thankyou");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ product: "card", recordNo: String(row.recordNo), businessId: String(sharma), cardNo: expect.stringMatching(/^\d+$/) });
  });

  test("a failure or a forged signature goes back where the customer was, with the reason; another site may not post here", async () => {
    const failure = await post(
      { "error[code]": "BAD_REQUEST_ERROR", "error[description]": "Payment cancelled by the user.", "error[metadata]": "{}" },
      { query: { return: "/panel/customer/my-projects" } },
    );
    expect(failure.status).toBe(303);
    expect(failure.headers.get("location")).toBe("/panel/customer/my-projects?payment=failed&reason=Payment+cancelled+by+the+user.");

    const { order: o } = await order();
    const forged = await post({ ...rzp.pay(o.id), razorpay_signature: "f".repeat(64) }, { query: { return: "https://evil.example/" } });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("location")).toMatch(/^\/panel\/customer\?payment=failed&reason=/);
    expect((await paymentRow(o.id)).status).toBe("created");

    const evil = await post(rzp.pay(o.id), { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect((await paymentRow(o.id)).status).toBe("created");
    // After a bank's redirects the browser may send an opaque origin: still Razorpay's post.
    expect((await post(rzp.pay(o.id), { origin: "null" })).headers.get("location")).toMatch(/^\/panel\/thankyou\?/);
  });

  test("the test gateway's page does not exist when Razorpay is configured", async () => {
    const res = await t.requestUnchecked("GET", "/test-gateway/checkout", { query: { order_id: "order_x" } });
    expect(res.status).toBe(404);
  });
});
