import { Form, href, Link } from "react-router";
import type { Route } from "./+types/agency-image-payment";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { HostedCheckoutForm } from "~/components/upgrade/hosted-checkout";
import { useBillDay } from "~/components/billing/bill-parts";
import { getApi, getSession } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatPrice } from "#contracts/format.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { pageMessages } from "~/lib/i18n.server";
import { readPaymentFailure } from "#contracts/payment-texts.ts";
import { checkoutFor } from "./pay-online.server";

/**
 * Agency image payment (SPEC §2 /panel/payment/agency-image-payment): a month of the
 * greeting-image service at the platform's fee, online; unpaid past the grace period the
 * agency's greeting images pause (ADR 0023).
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.agencyImagePayment ?? "Agency image payment" }];


const PATH = href("/panel/payment/agency-image-payment");

export async function loader({ url, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /agency-image-payment", { query: {} });
  if (!res.ok) {
    if (res.status !== 404) throw new Response(res.message, { status: res.status });
  }
  const t = pageMessages(context, "staffBilling").staffBilling;
  return { t, view: res.ok ? res.data : null, paid: url.searchParams.get("payment") === "paid", failure: readPaymentFailure(url.searchParams) };
}

export async function action({ url, context }: Route.ActionArgs) {
  const res = await getApi(context).call("POST /agency-image-payment/order", { body: {} });
  if (!res.ok) {
    throw await redirectWithToast(PATH, { type: "error", message: res.message });
  }
  return {
    hosted: checkoutFor(res.data, { origin: url.origin, returnTo: PATH, cancelTo: PATH, merchantName: getSession(context).agency.agencyName, description: pageMessages(context, "staffBilling").staffBilling.imageServiceDescription }),
  };
}

export default function AgencyImagePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { view, paid, failure, t } = loaderData;
  const billDay = useBillDay();
  if (actionData?.hosted) return <HostedCheckoutForm checkout={actionData.hosted} />;
  if (!view)
    return (
      <AuthShell title={t.agencyImagePayment}>
        <p className="text-slate-600">{t.notForYou}</p>
      </AuthShell>
    );
  return (
    <AuthShell title={t.agencyImagePayment} subtitle={t.imageServiceSubtitle}>
      {paid ? <p role="status" className="mb-3 rounded-lg bg-green-50 px-3 py-2 text-green-800">{t.paymentSuccess}</p> : null}
      {failure ? <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">{fmt(t.paymentFailed, { reason: failure.reason })}</p> : null}
      {view.monthlyFee === 0 ? (
        <p className="text-slate-600">{t.imageNoFee}</p>
      ) : (
        <>
          {view.paused ? <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900">{view.reason}</p> : null}
          <p className="text-slate-700">
            {fmt(t.imageFeeMonth, { amount: formatPrice(view.monthlyFee) })} {view.paidUntil ? fmt(t.annualPaidUntil, { date: billDay(view.paidUntil) }) : t.notPaidYet}
            {view.graceEndsAt && !view.paused ? ` ${fmt(t.payBy, { date: billDay(view.graceEndsAt) })}` : ""}
          </p>
          {view.online.available ? (
            <Form method="post" className="mt-4">
              <SubmitButton pendingText={t.openingPayment}>
                {t.payOnline} {formatPrice(view.monthlyFee)}
              </SubmitButton>
            </Form>
          ) : null}
          <h2 className="mt-5 font-semibold text-slate-900">{t.payments}</h2>
          {view.list.filter((p) => p.status === "paid").length === 0 ? (
            <p className="text-sm text-slate-600">{t.noPayments}</p>
          ) : (
            <ul className="mt-1 text-sm text-slate-700">
              {view.list
                .filter((p) => p.status === "paid")
                .map((p) => (
                  <li key={p.id}>
                    {fmt(t.paymentLine, { amount: formatPrice(p.amount), from: billDay(p.validFrom), until: billDay(p.validUntil), how: p.throughGateway ? t.paidOnline : t.recordedByPlatform })}
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
      <Link to={href("/panel/admin/billing")} className="mt-4 inline-block font-medium text-brand-dark underline">
        {t.backToBilling}
      </Link>
    </AuthShell>
  );
}
