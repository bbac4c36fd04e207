/**
 * A newcomer with no Razorpay keys (ADR 0034): the built-in test gateway
 * stands in for checkout, its results are signed like Razorpay's and go through the same
 * callback, verify and grant code. And the configuration rules that keep it off real hosts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import { agencies } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { paymentStartupProblem } from "#server/api/payments/startup.ts";
import { createPaymentGateway } from "#server/services/payment-gateway/index.ts";
import { TEST_GATEWAY_TEXTS } from "#contracts/payments.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let sharma: number;
let planId: number;

beforeAll(async () => {
  t = await createTestApi();
  sharma = (await t.db.select().from(businesses).where(eq(businesses.businessName, "Sharma Sweets")))[0].businessId;
  const [platform] = await t.db.select().from(agencies).where(eq(agencies.host, ROLES.customer.host));
  const [plan] = await t.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.agencyId, platform.id), eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.isCustom, false)))
    .orderBy(asc(subscriptionPlans.price));
  planId = plan.subscriptionPlanId;
});
afterAll(() => t?.close());

/** The hidden inputs of an HTML form. */
const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))), m[2].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))]));
const formAction = (html: string) => html.match(/<form method="post" action="([^"]+)">/)![1].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));

async function openCheckout() {
  const res = await t.requestAs("customer", "POST", "/card-payment/order", { body: { businessId: sharma, planId } });
  expect(res.status, res.text).toBe(200);
  expect(res.json.gateway).toBe("test");
  expect(res.json.razorpayKeyId).toMatch(/^rzp_test_/);
  const page = await t.requestUnchecked("GET", `${res.json.testCheckoutUrl}&return=${encodeURIComponent("/panel/customer/pricing")}`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/text\/html/);
  expect(page.text).toContain(TEST_GATEWAY_TEXTS.title);
  return { orderId: res.json.order.id as string, page: page.text };
}

/** Press a button of the checkout page (a plain form: works without JavaScript) and follow the hand-off form to the callback. */
async function press(page: string, outcome: "success" | "fail") {
  const pressed = await t.requestUnchecked("POST", formAction(page), {
    rawBody: new URLSearchParams({ ...hiddenFields(page), outcome }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
  });
  expect(pressed.status).toBe(200);
  const handoff = pressed.text;
  return t.requestUnchecked("POST", formAction(handoff), {
    rawBody: new URLSearchParams(hiddenFields(handoff)).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
  });
}

describe("the built-in test gateway", () => {
  test("with no keys, a purchase goes through end to end: signed like Razorpay's, verified and granted by the same code", async () => {
    const before = (await t.db.select().from(businesses).where(eq(businesses.businessId, sharma)))[0];
    const { orderId, page } = await openCheckout();
    expect(page).toContain(TEST_GATEWAY_TEXTS.pay);
    expect(page).toContain(TEST_GATEWAY_TEXTS.fail);
    const res = await press(page, "success");
    expect(res.status).toBe(303);
    const [row] = await t.db.select().from(cardPayments).where(eq(cardPayments.razorpayOrderId, orderId));
    expect(row).toMatchObject({ status: "paid", razorpayPaymentId: expect.stringMatching(/^pay_/) });
    expect(res.headers.get("location")).toMatch(new RegExp(`^/panel/thankyou\\?product=card&recordNo=${row.recordNo}&businessId=${sharma}&cardNo=\\d+$`));
    const after = (await t.db.select().from(businesses).where(eq(businesses.businessId, sharma)))[0];
    expect(after.expiryDateForCustomer!.getTime()).toBeGreaterThan(before.expiryDateForCustomer!.getTime());
  });

  test("'Fail payment' comes back to where the customer was with the reason, and nothing is granted", async () => {
    const { orderId, page } = await openCheckout();
    const res = await press(page, "fail");
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!, "http://x");
    expect(to.pathname).toBe("/panel/customer/pricing");
    expect(to.searchParams.get("payment")).toBe("failed");
    expect(to.searchParams.get("reason")).toMatch(/Fail payment/);
    const [row] = await t.db.select().from(cardPayments).where(eq(cardPayments.razorpayOrderId, orderId));
    expect(row.status).toBe("created");
  });

  test("a broken multipart body is 400 with a clear message, not a 500 (issue 22 L3)", async () => {
    const res = await t.requestUnchecked("POST", "/test-gateway/checkout", {
      rawBody: "--xyz\r\nContent-Disposition: form-data; name=\"order_id\"\r\n\r\norder_1",
      headers: { "content-type": "multipart/form-data; boundary=xyz", origin: "http://localhost" },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ message: "The form could not be read: send it again from the checkout page." });
  });

  test("an order made through one app process is paid through another: its orders live in the database (issue 27)", async () => {
    const { orderId, page } = await openCheckout();
    // Another process on the same database: its own gateway, nothing shared in memory.
    const first = t.deps.paymentGateway;
    t.deps.paymentGateway = createPaymentGateway(t.deps.config, t.db);
    try {
      const again = await t.requestUnchecked("GET", "/test-gateway/checkout", { query: { order_id: orderId } });
      expect(again.status, again.text).toBe(200);
      const res = await press(page, "success");
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/panel\/thankyou\?product=card/);
      const [row] = await t.db.select().from(cardPayments).where(eq(cardPayments.razorpayOrderId, orderId));
      expect(row.status).toBe("paid");
    } finally {
      t.deps.paymentGateway = first;
    }
  });

  test("an unknown test order is 404", async () => {
    const res = await t.requestUnchecked("GET", "/test-gateway/checkout", { query: { order_id: "order_nope" } });
    expect(res.status).toBe(404);
  });
});

describe("configuration", () => {
  const real = {
    NODE_ENV: "production",
    MAIN_HOST: "cards.example.in",
    SESSION_SECRET: "x".repeat(40),
    SMTP_URL: "smtp://user:pass@mail.example.in:587",
    SMS_API_URL: "https://sms.example.in/send",
  };
  const keys = { RAZORPAY_KEY_ID: "rzp_live_abc", RAZORPAY_KEY_SECRET: "secret" };

  test("the test gateway only where the OTP outbox may be: development, tests, npm start on localhost", () => {
    expect(loadConfig({}).paymentGateway).toBe("test");
    expect(loadConfig({ NODE_ENV: "production" }).paymentGateway).toBe("test");
    expect(loadConfig(real).paymentGateway).toBeNull();
    expect(loadConfig({ ...keys }).paymentGateway).toBe("razorpay");
    expect(loadConfig({ ...real, ...keys, RAZORPAY_WEBHOOK_SECRET: "w" })).toMatchObject({ paymentGateway: "razorpay", RAZORPAY_API_URL: "https://api.razorpay.com" });
  });

  test("half a key pair, or production keys without the webhook secret, refuse to start", () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: "rzp_test_x" })).toThrow(/RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together/);
    expect(() => loadConfig({ ...real, ...keys })).toThrow(/RAZORPAY_WEBHOOK_SECRET is required in production/);
    expect(() => loadConfig({ RAZORPAY_API_URL: "not a url" })).toThrow(/RAZORPAY_API_URL/);
  });

  test("production on a real host refuses to start while an agency has online payment on and there are no keys", async () => {
    expect(await paymentStartupProblem(t.db, loadConfig(real))).toMatch(/Online payment is enabled for Card Panel, but RAZORPAY_KEY_ID/);
    expect(await paymentStartupProblem(t.db, loadConfig({ ...real, ...keys, RAZORPAY_WEBHOOK_SECRET: "w" }))).toBeNull();
    expect(await paymentStartupProblem(t.db, loadConfig({}))).toBeNull();
  });
});
