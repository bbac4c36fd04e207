import crypto from "node:crypto";
import type { Context } from "hono";
import { badRequest, notFound } from "#server/api/lib/errors.ts";
import type { Deps } from "#server/api/lib/env.ts";
import { RAZORPAY_CALLBACK_PATH, TEST_GATEWAY_CHECKOUT_PATH, TEST_GATEWAY_TEXTS } from "#contracts/payments.ts";
import { paymentReturnPath } from "./gateway.ts";

/*
 * The built-in test gateway's pages (ADR 0034): plain HTML served by the
 * API, usable without JavaScript. The checkout page shows the order and two buttons; the button
 * posts back here, the test gateway makes a payment (or a failed attempt), and the browser is
 * handed to the same callback_url Razorpay would post to, with the fields signed like Razorpay's.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: paise % 100 ? 2 : 0 })}`;

function page(c: Context, title: string, body: string, nonce?: string) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1f2933;margin:0;padding:24px}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 10px #0002}
.badge{display:inline-block;background:#fff3cd;color:#664d03;border:1px solid #ffe69c;border-radius:6px;padding:4px 8px;font-weight:600}
h1{font-size:1.3rem}.amount{font-size:2rem;font-weight:700;margin:8px 0}
button{display:block;width:100%;padding:14px;margin-top:12px;font-size:1rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1565c0;color:#fff}.fail{background:#fff;color:#b3261e;border:2px solid #b3261e}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem}dt{color:#52606d}
</style></head><body><main>${body}</main>${nonce ? `<script nonce="${nonce}">document.forms[0].submit()</script>` : ""}</body></html>`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'${nonce ? `; script-src 'nonce-${nonce}'` : ""}`;
  // Not no-referrer: with it the browser's form posts carry `Origin: null`, which the API's CSRF guard refuses.
  return c.html(html, 200, { "content-security-policy": csp, "cache-control": "no-store", "referrer-policy": "same-origin" });
}

function testGatewayOf(deps: Deps) {
  const test = deps.paymentGateway?.testGateway;
  // Only in test-gateway mode (no keys, not on a real host): otherwise this page does not exist.
  if (!test) throw notFound("The test gateway is off: this server takes payments through Razorpay.");
  return test;
}

/** GET /test-gateway/checkout?payment_link_id=…: what a Razorpay Payment Link's page shows, and its Pay button (ADR 0067). */
async function testPaymentLinkPage(c: Context, deps: Deps, linkId: string) {
  const link = await testGatewayOf(deps).paymentLink(linkId);
  if (!link) throw notFound("No such test payment link.");
  return page(
    c,
    TEST_GATEWAY_TEXTS.title,
    `<p class="badge">${esc(TEST_GATEWAY_TEXTS.title)}</p>
<h1>${esc(link.description || "Payment")}</h1>
<p class="amount">${esc(rupees(link.amount))}</p>
<dl><dt>Payment link</dt><dd>${esc(link.id)}</dd><dt>Reference</dt><dd>${esc(link.reference_id)}</dd></dl>
${link.status === "paid" ? "<p>This link is paid.</p>" : "<p>This is the built-in test gateway: the server has no Razorpay keys, so nothing is charged.</p>"}
<form method="post" action="${TEST_GATEWAY_CHECKOUT_PATH}">
<input type="hidden" name="payment_link_id" value="${esc(link.id)}">
<button class="pay" name="outcome" value="success">${esc(TEST_GATEWAY_TEXTS.pay)}</button>
</form>`,
  );
}

/** GET /test-gateway/checkout?order_id=…: the order and the two buttons. */
export async function testCheckoutPage(c: Context, deps: Deps, query: { order_id?: string; payment_link_id?: string; return?: string }) {
  if (query.payment_link_id) return testPaymentLinkPage(c, deps, query.payment_link_id);
  if (!query.order_id) throw notFound("No such test order.");
  const order = await testGatewayOf(deps).order(query.order_id);
  if (!order) throw notFound("No such test order.");
  const returnTo = paymentReturnPath(query.return);
  const what = { card: "Subscription plan", "pdf-card": "PDF ID card", "user-video": "Promotional video", month: "Month bill", "agency-image": "Greeting-image service" }[order.notes.product ?? ""] ?? "Payment";
  return page(
    c,
    TEST_GATEWAY_TEXTS.title,
    `<p class="badge">${esc(TEST_GATEWAY_TEXTS.title)}</p>
<h1>${esc(what)}</h1>
<p class="amount">${esc(rupees(order.amount))}</p>
<dl><dt>Order</dt><dd>${esc(order.id)}</dd><dt>Receipt</dt><dd>${esc(order.receipt ?? "")}</dd></dl>
<p>This is the built-in test gateway: the server has no Razorpay keys, so nothing is charged. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to take real payments.</p>
<form method="post" action="${TEST_GATEWAY_CHECKOUT_PATH}">
<input type="hidden" name="order_id" value="${esc(order.id)}"><input type="hidden" name="return" value="${esc(returnTo)}">
<button class="pay" name="outcome" value="success">${esc(TEST_GATEWAY_TEXTS.pay)}</button>
<button class="fail" name="outcome" value="fail">${esc(TEST_GATEWAY_TEXTS.fail)}</button>
</form>`,
  );
}

/**
 * POST /test-gateway/checkout: make the payment (or the failed attempt) and hand the browser to
 * the callback_url with Razorpay's fields, like Razorpay's own page does (auto-submitted; a
 * Continue button without JavaScript).
 */
export async function testCheckoutSubmit(c: Context, deps: Deps) {
  const test = testGatewayOf(deps);
  // A body that does not parse (a cut-off multipart, a wrong boundary) is the client's, not ours: 400.
  const form = (await c.req.parseBody().catch(() => null)) as Record<string, string | File> | null;
  if (!form) throw badRequest("The form could not be read: send it again from the checkout page.");
  const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
  const linkId = text("payment_link_id");
  if (linkId) {
    // Razorpay sends the payer to the link's callback_url with a GET; so does its stand-in here.
    const paid = await test.payLink(linkId);
    if (!paid?.callbackUrl) throw notFound("No such test payment link.");
    const target = new URL(paid.callbackUrl);
    for (const [k, v] of Object.entries(paid.query)) target.searchParams.set(k, v);
    return c.redirect(target.toString(), 303);
  }
  const orderId = text("order_id");
  const fields = text("outcome") === "success" ? await test.pay(orderId) : await test.fail(orderId, "Payment failed at the test gateway (you pressed Fail payment).");
  if (!fields) throw notFound("No such test order.");
  const action = `${RAZORPAY_CALLBACK_PATH}?return=${encodeURIComponent(paymentReturnPath(text("return")))}`;
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  return page(
    c,
    TEST_GATEWAY_TEXTS.title,
    `<p class="badge">${esc(TEST_GATEWAY_TEXTS.title)}</p>
<form method="post" action="${esc(action)}">${inputs}
<p>${"razorpay_signature" in fields ? "Payment made. Returning to the shop…" : "Payment failed. Returning to the shop…"}</p>
<button class="pay">Continue</button></form>`,
    crypto.randomBytes(16).toString("base64"),
  );
}
