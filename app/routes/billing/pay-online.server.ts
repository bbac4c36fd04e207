import { redirectDocument } from "react-router";
import type { HostedCheckout } from "~/components/upgrade/hosted-checkout";
import { RAZORPAY_CALLBACK_PATH } from "#contracts/payment-texts.ts";

type Order = { razorpayKeyId: string; order: { id: string; amount: number; currency: string }; gateway: "razorpay" | "test"; testCheckoutUrl: string | null };

/**
 * After the API made the order (its amount, never ours): the built-in test gateway's page, or
 * Razorpay's hosted checkout (a form the page posts to Razorpay). Both come back through the
 * API's callback to `returnTo`, marked `payment=paid` or `payment=failed&reason=…` (ADR 0023).
 * The test gateway's page is the API's (`/api/v1/…`), not a panel route: the redirect must be a
 * document navigation (`redirectDocument`), or React Router, with JavaScript on, fetches it as
 * a panel page's data and shows "We could not find that page" (issue 22, ADR 0037).
 */
export function checkoutFor(order: Order, o: { origin: string; returnTo: string; merchantName: string; description: string; cancelTo: string }): HostedCheckout {
  if (order.gateway === "test" && order.testCheckoutUrl) {
    const target = new URL(order.testCheckoutUrl, o.origin);
    target.searchParams.set("return", o.returnTo);
    throw redirectDocument(target.pathname + target.search);
  }
  return {
    keyId: order.razorpayKeyId,
    order: order.order,
    merchantName: o.merchantName,
    description: o.description,
    callbackUrl: new URL(`${RAZORPAY_CALLBACK_PATH}?return=${encodeURIComponent(o.returnTo)}`, o.origin).href,
    cancelUrl: new URL(o.cancelTo, o.origin).href,
    prefill: {},
  };
}

/** `?year=2026&month=11` (or nothing): whole numbers the API checks again. */
export function periodQuery(search: URLSearchParams) {
  const year = search.get("year");
  const month = search.get("month");
  return year && month && /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) ? { year, month } : {};
}
