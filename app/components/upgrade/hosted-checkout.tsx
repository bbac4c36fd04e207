import { formatPrice } from "#contracts/format.ts";
import { PAYMENT_THEME_COLOR } from "#contracts/payment-texts.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { buttonClass } from "./plan-card";

/** Its words (the `plans` namespace); English when left out (the staff's billing pages). */
type HostedWords = Pick<Catalogue["plans"], "hostedPay" | "hostedNote" | "continueToPayment">;
const ENGLISH: HostedWords = {
  hostedPay: "Pay {amount} for {plan}",
  hostedNote: "You will pay on Razorpay's secure page and come back here.",
  continueToPayment: "Continue to payment",
};

/** Razorpay Hosted Checkout: a plain form post, so paying works without JavaScript (CSP form-action allows it). */
export const RAZORPAY_HOSTED_CHECKOUT = "https://api.razorpay.com/v1/checkout/embedded";

export type HostedCheckout = {
  keyId: string;
  order: { id: string; amount: number; currency: string };
  merchantName: string;
  description: string;
  callbackUrl: string;
  cancelUrl: string;
  prefill: { contact?: string; email?: string };
};

/** The step between 'Buy now' (no JavaScript) and Razorpay's page: the order is stored, one click pays. */
export function HostedCheckoutForm({ checkout, words = ENGLISH }: { checkout: HostedCheckout; words?: HostedWords }) {
  const t = words;
  const fields: [string, string | undefined][] = [
    ["key_id", checkout.keyId],
    ["order_id", checkout.order.id],
    ["amount", String(checkout.order.amount)],
    ["currency", checkout.order.currency],
    ["name", checkout.merchantName],
    ["description", checkout.description],
    ["prefill[contact]", checkout.prefill.contact],
    ["prefill[email]", checkout.prefill.email],
    ["theme[color]", PAYMENT_THEME_COLOR],
    ["callback_url", checkout.callbackUrl],
    ["cancel_url", checkout.cancelUrl],
  ];
  return (
    <section aria-labelledby="hosted-title" className="mx-auto max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="hosted-title" className="text-lg font-semibold text-slate-900">
        {fmt(t.hostedPay, { amount: formatPrice(checkout.order.amount), plan: checkout.description })}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t.hostedNote}</p>
      <form method="post" action={RAZORPAY_HOSTED_CHECKOUT} className="mt-4">
        {fields.map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        <button type="submit" className={buttonClass}>
          {t.continueToPayment}
        </button>
      </form>
    </section>
  );
}
