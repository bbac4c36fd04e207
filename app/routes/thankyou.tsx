import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/thankyou";
import { AuthShell } from "~/components/auth-shell";
import { formatDate, loadPaidCardPayment } from "~/lib/receipt.server";
import { formatPrice } from "#contracts/format.ts";
import { PAYMENT_TEXTS, thankYouQuery } from "#contracts/payments.ts";

export const meta = () => [{ title: "Thank you" }];

/**
 * After a paid order (the Razorpay callback redirects here): only with card data, else to
 * /panel/customer (SPEC §2). Shows the card, the plan, the new expiry and the receipt link.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = thankYouQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw redirect(href("/panel/customer"));
  const { businessId, recordNo } = query.data;
  const { business, record } = await loadPaidCardPayment(context, businessId, recordNo);
  return {
    businessName: business.businessName,
    card: business.card ? { cardId: business.card.cardId, publicUrl: new URL(`/${business.card.cardId}`, url.origin).href } : null,
    planName: record.planName,
    amount: formatPrice(record.amount),
    expiry: formatDate(business.expiryDateForCustomer ?? record.validUntil),
    receiptHref: href("/panel/customer/businesses/:businessId/receipts/:recordNo", { businessId: String(businessId), recordNo: String(recordNo) }),
  };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { businessName, card, planName, amount, expiry, receiptHref } = loaderData;
  return (
    <AuthShell title="Thank you" subtitle={PAYMENT_TEXTS.success}>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Business</dt>
          <dd className="font-medium text-slate-900">{businessName}</dd>
        </div>
        {card ? (
          <div>
            <dt className="text-slate-600">Digital card</dt>
            <dd>
              <a href={card.publicUrl} className="font-medium break-all text-brand-dark underline">
                {card.publicUrl}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-slate-600">Plan</dt>
          <dd className="font-medium text-slate-900">
            {planName ?? "Subscription plan"} · {amount}
          </dd>
        </div>
        {expiry ? (
          <div>
            <dt className="text-slate-600">Valid until</dt>
            <dd className="font-medium text-slate-900">{expiry}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-5 space-y-2">
        <Link to={href("/panel/customer")} className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          Go to my panel
        </Link>
        <Link to={receiptHref} className="inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
          View receipt
        </Link>
      </div>
    </AuthShell>
  );
}
