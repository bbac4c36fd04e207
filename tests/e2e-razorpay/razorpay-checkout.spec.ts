import type { Page, Request } from "@playwright/test";
import { PAYMENT_TEXTS, PAYMENT_THEME_COLOR, RAZORPAY_CALLBACK_PATH } from "#contracts/payments.ts";
import { expect, openMenu, signUpByApi, test } from "../support/e2e-fixtures";
import { STAND_IN_KEY_ID } from "../support/razorpay-stand-in";

/*
 * Razorpay's checkout.js path (ADR 0032), mocked only at the
 * network edge: the server (playwright.razorpay.config.ts) has Razorpay keys and talks to the
 * Razorpay stand-in on loopback; checkout.js is served here by a tiny stand-in that defines
 * `window.Razorpay` like the real one. Its "pay" makes a real payment at the stand-in server
 * (through /__stand-in/pay, signed with the key secret as Razorpay does), so the API's
 * signature and capture checks run for real.
 */

const CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";
const STAND_IN_URL = process.env.E2E_RZP_STAND_IN_URL ?? "";
const rand = () => Math.random().toString(36).slice(2, 7);

/** What our code passed to `new Razorpay(options)` (functions as their type). */
type SeenOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  callback_url: string;
  prefill: Record<string, string>;
  theme: { color: string };
  handler: string;
  ondismiss: string;
  failedListener: string;
};
type Outcome = { paid: Record<string, string> } | { failed: { code: string; description: string; reason: string } };

/**
 * The stand-in checkout.js: `open()` reports the options to the test (window.razorpayStandIn,
 * exposed below) and then calls the handler or the `payment.failed` listener with its answer.
 */
const CHECKOUT_STAND_IN = `
window.Razorpay = function Razorpay(options) {
  var listeners = {};
  this.on = function (event, cb) { listeners[event] = cb; };
  this.open = function () {
    var seen = {
      key: options.key, amount: options.amount, currency: options.currency, order_id: options.order_id,
      name: options.name, description: options.description, callback_url: options.callback_url,
      prefill: options.prefill, theme: options.theme, handler: typeof options.handler,
      ondismiss: typeof (options.modal && options.modal.ondismiss), failedListener: typeof listeners["payment.failed"]
    };
    window.razorpayStandIn(seen).then(function (outcome) {
      if (outcome.paid) options.handler(outcome.paid);
      else listeners["payment.failed"]({ error: outcome.failed });
    });
  };
};`;

/** A payment at the stand-in server for the order, as Razorpay's checkout would make it. */
async function payAtStandIn(orderId: string, status: "captured" | "failed") {
  const res = await fetch(`${STAND_IN_URL}/__stand-in/pay`, { method: "POST", body: JSON.stringify({ order_id: orderId, status }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

/** Serves the stand-in checkout.js; each open() is recorded and answered by `decide`. */
async function standInCheckout(page: Page, decide: (seen: SeenOptions) => Promise<Outcome>) {
  const opened: SeenOptions[] = [];
  await page.exposeFunction("razorpayStandIn", async (seen: SeenOptions) => {
    opened.push(seen);
    return decide(seen);
  });
  await page.route(CHECKOUT_JS, (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: CHECKOUT_STAND_IN }));
  return opened;
}

/** A new customer with one business on its free trial (made by themselves: they may pay online). */
async function newCustomerWithBusiness(page: Page) {
  const phone = await signUpByApi(page.request);
  const businessName = `Checkout ${rand()}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName, createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  return { phone, businessName };
}

const upgradeDialog = (page: Page) => page.getByRole("dialog", { name: "Pricing" });
const planCard = (page: Page, name: string) => upgradeDialog(page).getByRole("article", { name, exact: true });
const cardState = (page: Page) => page.locator("[data-card-state]").first();

async function openPricing(page: Page) {
  const drawer = await openMenu(page);
  await drawer.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/#upgrade$/);
  await expect(planCard(page, "Basic")).toBeVisible();
}

/** Every API call the page makes to create an order or record a payment. */
function paymentCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (r: Request) => {
    if (/\/api\/v1\/(card-payment|pdf-card\/pdf-card-payment)/.test(r.url()) && r.method() === "POST") calls.push(new URL(r.url()).pathname);
  });
  return calls;
}

test("a customer buys a plan through Razorpay's checkout.js: the modal's options, the updating loader, the snackbar, the paid state", async ({ page, baseURL }) => {
  const { phone } = await newCustomerWithBusiness(page);
  const opened = await standInCheckout(page, async (seen) => ({ paid: await payAtStandIn(seen.order_id, "captured") }));
  // make-payment is held until the loader has been seen (it would otherwise be gone too fast to see).
  let releaseMakePayment!: () => void;
  const loaderSeen = new Promise<void>((resolve) => (releaseMakePayment = resolve));
  const makePaymentBodies: Record<string, unknown>[] = [];
  await page.route("**/api/v1/card-payment/gateway", async (route) => {
    makePaymentBodies.push(route.request().postDataJSON() as Record<string, unknown>);
    await loaderSeen;
    await route.continue();
  });
  // Listeners, not waitFor*: on a busy machine the purchase may come later than one wait's time-out.
  const analytics: Request[] = [];
  const orders: { gateway: string; order: { id: string; amount: number; currency: string } }[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/analytics/log")) analytics.push(r);
  });
  page.on("response", async (r) => {
    if (r.url().endsWith("/api/v1/card-payment/order") && r.request().method() === "POST") {
      orders.push((await r.json()) as (typeof orders)[number]);
    }
  });

  await page.goto("/panel/customer");
  await expect(cardState(page)).toHaveText(/trial/i);
  await openPricing(page);
  await planCard(page, "Basic").getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();

  await expect(page.getByText(PAYMENT_TEXTS.updating)).toBeVisible();
  releaseMakePayment();
  await expect(page.getByText(PAYMENT_TEXTS.success)).toBeVisible();
  await expect(page).not.toHaveURL(/#upgrade/);
  await expect(upgradeDialog(page)).toBeHidden();
  await expect(cardState(page)).toHaveText("Paid");

  // One order, from the Razorpay gateway (the server has keys).
  expect(orders).toHaveLength(1);
  const orderData = orders[0];
  expect(orderData.gateway).toBe("razorpay");

  // What our code passed to Razorpay: the stored order, our key, the theme and the callback.
  expect(opened).toHaveLength(1);
  const seen = opened[0];
  expect(seen).toMatchObject({
    key: STAND_IN_KEY_ID,
    order_id: orderData.order.id,
    amount: 99_900,
    currency: "INR",
    description: "Basic",
    theme: { color: PAYMENT_THEME_COLOR },
    handler: "function",
    ondismiss: "function",
    failedListener: "function",
  });
  expect(orderData.order.amount).toBe(99_900);
  expect(seen.name).not.toBe("");
  expect(seen.prefill).toMatchObject({ contact: phone });
  expect(seen.callback_url).toBe(`${baseURL}${RAZORPAY_CALLBACK_PATH}?return=${encodeURIComponent("/panel/customer")}`);

  // make-payment carried what the handler got, and the purchase was logged once.
  expect(makePaymentBodies).toHaveLength(1);
  expect(makePaymentBodies[0]).toMatchObject({ razorpay_order_id: orderData.order.id, razorpay_payment_id: expect.stringMatching(/^pay_/), razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
  const purchases = () => analytics.map((r) => r.postData() ?? "").filter((body) => body.includes('"PURCHASE"'));
  await expect.poll(purchases).toHaveLength(1);
  expect(JSON.parse(purchases()[0])).toMatchObject({ logEvents: [{ logEventName: "PURCHASE", metaData: { product: "card", planId: expect.any(Number), recordNo: expect.any(Number) } }] });
});

test("when checkout.js cannot load, the customer is told so and nothing is ordered", async ({ page }) => {
  await newCustomerWithBusiness(page);
  await page.route(CHECKOUT_JS, (route) => route.abort("internetdisconnected"));
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const calls = paymentCalls(page);

  await page.goto("/panel/customer");
  await openPricing(page);
  const buy = planCard(page, "Basic").getByRole("button", { name: PAYMENT_TEXTS.buyNow });
  await buy.click();
  await expect.poll(() => alerts).toEqual([PAYMENT_TEXTS.sdkFailed]);
  // The island gives the buttons back for another try; no order was asked for.
  await expect(buy).toBeEnabled();
  expect(calls).toEqual([]);
  await page.reload();
  await expect(cardState(page)).toHaveText(/trial/i);
});

test("a payment the modal reports as failed: its reason is alerted and the page reloads, unpaid", async ({ page }) => {
  await newCustomerWithBusiness(page);
  const reason = "Your payment didn't go through as it was declined by the bank.";
  const opened = await standInCheckout(page, async (seen) => {
    const attempt = await payAtStandIn(seen.order_id, "failed");
    return { failed: { code: "BAD_REQUEST_ERROR", description: reason, reason: `payment_failed ${attempt.razorpay_payment_id}` } };
  });
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const calls = paymentCalls(page);

  await page.goto("/panel/customer");
  await openPricing(page);
  // Loads from here on: the reload (a listener, not waitForEvent: no time-out of its own).
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.evaluate(() => ((window as unknown as { beforeFailure: boolean }).beforeFailure = true));
  await planCard(page, "Premium").getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
  await expect.poll(() => alerts).toEqual([reason]);
  await expect.poll(() => loads).toBe(1);
  expect(opened).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { beforeFailure?: boolean }).beforeFailure)).toBeUndefined();
  // The order was made; no payment was recorded.
  expect(calls).toEqual(["/api/v1/card-payment/order"]);
  await expect(cardState(page)).toHaveText(/trial/i);
});
