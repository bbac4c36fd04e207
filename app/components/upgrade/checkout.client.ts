import { PAYMENT_TEXTS, PAYMENT_THEME_COLOR, SCRIPT_LOAD_TIMEOUT_MS } from "#contracts/payments.ts";

/** Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/), loaded on demand. */
export const CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";

export type RazorpaySuccess = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
export type RazorpayFailure = { error?: { code?: string; description?: string; reason?: string } };

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  callback_url: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
};
type RazorpayInstance = { open: () => void; on: (event: "payment.failed", cb: (response: RazorpayFailure) => void) => void };
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<boolean> | null = null;

/** Adds checkout.js once; false when it fails or takes longer than 120 s (SPEC §9). A failure may be retried. */
export function loadCheckoutScript(timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_JS;
    script.async = true;
    const done = (ok: boolean) => {
      clearTimeout(timer);
      if (!ok) {
        script.remove();
        loading = null;
      }
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    script.onload = () => done(true);
    script.onerror = () => done(false);
    document.body.appendChild(script);
  });
  return loading;
}

/**
 * Opens Razorpay's modal for a stored order. `callback_url` is for in-app browsers that cannot
 * open the modal's popups: Razorpay then posts the result there and our callback redirects.
 * Throws 'Razorpay script not loaded!' when checkout.js is not there (SPEC §8).
 */
export function openRazorpay(args: {
  keyId: string;
  order: { id: string; amount: number; currency: string };
  merchantName: string;
  description: string;
  callbackUrl: string;
  prefill: { name?: string; email?: string; contact?: string };
  onSuccess: (response: RazorpaySuccess) => void;
  onFailure: (reason: string) => void;
  onDismiss: () => void;
}) {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error(PAYMENT_TEXTS.scriptMissing);
  const rzp = new Razorpay({
    key: args.keyId,
    amount: args.order.amount,
    currency: args.order.currency,
    order_id: args.order.id,
    name: args.merchantName,
    description: args.description,
    callback_url: args.callbackUrl,
    prefill: args.prefill,
    theme: { color: PAYMENT_THEME_COLOR },
    handler: args.onSuccess,
    modal: { ondismiss: args.onDismiss },
  });
  rzp.on("payment.failed", (response) => args.onFailure(response.error?.description || response.error?.reason || "Payment failed."));
  rzp.open();
}
