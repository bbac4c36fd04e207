import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/thankyou";
import { AuthShell } from "~/components/auth-shell";
import { formatReceiptDate, loadPaidCardPayment } from "~/lib/receipt.server";
import { formatPrice } from "#contracts/format.ts";
import { thankyouQuery } from "#contracts/payments.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.thankyou.title ?? "Thank you" }];

/**
 * After a paid order (the Razorpay callback redirects here): only with card data, else to
 * /panel/customer (SPEC §2). Shows the card, the plan, the new expiry and the receipt link.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = thankyouQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success || !query.data.businessId) throw redirect(href("/panel/customer"));
  const { product, businessId, recordNo } = query.data;
  // A PDF ID card or a video: a credit the export uses; nothing more to show than the thanks.
  const t = pageMessages(context, "thankyou");
  if (product !== "card") return { t, product, purchase: null };
  const { business, record } = await loadPaidCardPayment(context, businessId, recordNo);
  return {
    t,
    product,
    purchase: {
      businessName: business.businessName,
      card: business.card ? { publicUrl: new URL(`/${business.card.cardId}`, url.origin).href } : null,
      planName: record.planName,
      amount: formatPrice(record.amount),
      expiry: formatReceiptDate(business.expiryDateForCustomer ?? record.validUntil, languageOf(context)),
      receiptHref: href("/panel/customer/businesses/:businessId/receipts/:recordNo", { businessId: String(businessId), recordNo: String(recordNo) }),
    },
  };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { product, purchase } = loaderData;
  const t = loaderData.t.thankyou;
  return (
    <AuthShell title={t.title} subtitle={t.success}>
      {purchase ? (
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-600">{t.business}</dt>
            <dd className="font-medium text-slate-900">{purchase.businessName}</dd>
          </div>
          {purchase.card ? (
            <div>
              <dt className="text-slate-600">{t.digitalCard}</dt>
              <dd>
                <a href={purchase.card.publicUrl} className="font-medium break-all text-brand-dark underline">
                  {purchase.card.publicUrl}
                </a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-600">{t.plan}</dt>
            <dd className="font-medium text-slate-900">
              {purchase.planName ?? t.subscriptionPlan} · {purchase.amount}
            </dd>
          </div>
          {purchase.expiry ? (
            <div>
              <dt className="text-slate-600">{t.validUntil}</dt>
              <dd className="font-medium text-slate-900">{purchase.expiry}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{product === "pdf-card" ? t.pdfPaid : t.videoPaid}</p>
      )}
      <div className="mt-5 space-y-2">
        <Link to={href("/panel/customer")} className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          {t.goToPanel}
        </Link>
        {purchase ? (
          <Link to={purchase.receiptHref} className="inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {t.viewReceipt}
          </Link>
        ) : null}
      </div>
    </AuthShell>
  );
}
