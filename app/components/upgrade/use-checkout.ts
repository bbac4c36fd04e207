import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { PAYMENT_TEXTS, RAZORPAY_CALLBACK_PATH, type Gateway, type PaymentProduct } from "#contracts/payment-texts.ts";
import { apiFetch } from "~/lib/api.client";
import { logEvent } from "~/lib/analytics.client";
import { loadCheckoutScript, openRazorpay, type RazorpaySuccess } from "./checkout.client";

/** A call that never reached the API (network down): the payment, if any, is confirmed later by Razorpay's webhook. */
const OFFLINE = "We could not reach the server. Check your connection and try again.";

/** What the customer buys: a plan for the business, or one PDF ID card (SPEC §9). */
export type PurchaseItem = { product: Extract<PaymentProduct, "card" | "pdf-card">; planId: number; businessId: number; name: string };

export const itemKey = (item: Pick<PurchaseItem, "product" | "planId">) => `${item.product}:${item.planId}`;

export type CheckoutOptions = {
  /** Which checkout the agency uses (GET /business/subscription-plan `purchase.gateway`). */
  gateway: Gateway | null;
  merchantName: string;
  isMainHost: boolean;
  prefill: { name?: string; email?: string; contact?: string };
  /** Closes the paywall (history back). */
  closeDialog: () => void;
  /** Its messages in the page's language (the `payment` namespace); English when left out. */
  texts?: CheckoutTexts;
};

export type CheckoutTexts = { sdkFailed: string; scriptMissing: string; offline: string };
const ENGLISH: CheckoutTexts = { sdkFailed: PAYMENT_TEXTS.sdkFailed, scriptMissing: PAYMENT_TEXTS.scriptMissing, offline: OFFLINE };

/**
 * SPEC §4 Paywall payment (non-admin), in the browser: checkout.js on demand, the order, the
 * modal, make-payment, then the analytics event, history back, the 6 s snackbar and fresh data.
 * With the built-in test gateway the browser goes to its page instead (its result comes back
 * through the callback, which lands on /panel/thankyou).
 */
export function useCheckout({ gateway, merchantName, isMainHost, prefill, closeDialog, texts = ENGLISH }: CheckoutOptions) {
  const [busy, setBusy] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  /** While Razorpay's own modal is open our dialog must not be modal, or its iframe would be inert. */
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const running = useRef(false);

  const finish = useCallback(() => {
    running.current = false;
    setBusy(null);
    setCheckoutOpen(false);
  }, []);

  const failed = useCallback((item: PurchaseItem, reason: string) => {
    window.alert(reason);
    if (item.product === "card") {
      window.location.reload();
      return;
    }
    // A PDF card's paywall was opened from its editor: leave both and start again from fresh data.
    window.addEventListener("popstate", () => window.location.reload(), { once: true });
    window.history.go(-2);
  }, []);

  const confirm = useCallback(
    async (item: PurchaseItem, response: RazorpaySuccess) => {
      setCheckoutOpen(false);
      setUpdating(true);
      const res = await makePayment(item, response).catch(() => ({ ok: false as const, message: texts.offline }));
      if (!res.ok) {
        setUpdating(false);
        finish();
        failed(item, res.message);
        return;
      }
      logEvent("PURCHASE", { isMainHost, metaData: { product: item.product, planId: item.planId, businessId: item.businessId, recordNo: res.recordNo } });
      setUpdating(false);
      finish();
      closeDialog();
      setPaid(Date.now());
      void revalidator.revalidate();
    },
    [closeDialog, failed, finish, isMainHost, revalidator, texts.offline],
  );

  const buy = useCallback(
    async (item: PurchaseItem) => {
      // A double click must not create two orders.
      if (running.current) return;
      running.current = true;
      setBusy(itemKey(item));
      setError(null);
      if (gateway !== "test" && !(await loadCheckoutScript())) {
        window.alert(texts.sdkFailed);
        finish();
        return;
      }
      const order = await createOrder(item).catch(() => ({ ok: false as const, message: texts.offline }));
      if (!order.ok) {
        setError(order.message);
        finish();
        return;
      }
      const { data } = order;
      if (data.gateway === "test" && data.testCheckoutUrl) {
        // A full navigation: the test page posts its result to the callback (busy stays on).
        window.location.assign(withReturn(data.testCheckoutUrl));
        return;
      }
      try {
        setCheckoutOpen(true);
        openRazorpay({
          keyId: data.razorpayKeyId,
          order: data.order,
          merchantName,
          description: item.name,
          callbackUrl: withReturn(RAZORPAY_CALLBACK_PATH),
          prefill,
          onSuccess: (response) => void confirm(item, response),
          onFailure: (reason) => {
            finish();
            failed(item, reason);
          },
          onDismiss: finish,
        });
      } catch (e) {
        // checkout.client throws the English 'script not loaded': said in the page's language.
        setError(e instanceof Error && e.message !== PAYMENT_TEXTS.scriptMissing ? e.message : texts.scriptMissing);
        finish();
      }
    },
    [confirm, failed, finish, gateway, merchantName, prefill, texts.sdkFailed, texts.offline, texts.scriptMissing],
  );

  return { buy, busy, updating, checkoutOpen, error, clearError: () => setError(null), paid };
}

function createOrder(item: PurchaseItem) {
  const body = { businessId: item.businessId, planId: item.planId };
  return item.product === "card" ? apiFetch("POST /card-payment/order", { body }) : apiFetch("POST /pdf-card/pdf-card-payment/order", { body });
}

async function makePayment(item: PurchaseItem, response: RazorpaySuccess): Promise<{ ok: true; recordNo: number } | { ok: false; message: string }> {
  const body = { businessId: item.businessId, planId: item.planId, ...response };
  const res = item.product === "card" ? await apiFetch("POST /card-payment/gateway", { body }) : await apiFetch("POST /pdf-card/pdf-card-payment", { body });
  return res.ok ? { ok: true, recordNo: res.data.recordNo } : { ok: false, message: res.message };
}

/** Where a failed payment that went through the callback comes back to: this page (the callback adds the reason). */
function withReturn(url: string) {
  const target = new URL(url, window.location.origin);
  target.searchParams.set("return", window.location.pathname + window.location.search);
  return target.href;
}
