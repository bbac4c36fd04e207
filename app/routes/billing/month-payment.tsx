import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/month-payment";
import { AuthShell } from "~/components/auth-shell";
import { SubmitButton } from "~/components/form";
import { HostedCheckoutForm } from "~/components/upgrade/hosted-checkout";
import { getApi, getSession } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatPrice } from "#contracts/format.ts";
import { monthPaymentOrderBody } from "#contracts/billing.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { periodIn, usePeriodLabel } from "~/components/billing/bill-parts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { checkoutFor, periodQuery } from "./pay-online.server";

/**
 * Month payment (SPEC §2 /panel/payment/month-payment): the agency pays a month bill's
 * outstanding amount online (ADR 0023). The amount is the API's; the order's result comes back
 * to the Billing page.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.t.monthPaymentTitle ?? "Month payment" }];


const billingPage = (p: { year: number | string; month: number | string }) => `${href("/panel/admin/billing")}?year=${p.year}&month=${p.month}`;

export async function loader({ url, context }: Route.LoaderArgs) {
  const res = await getApi(context).call("GET /month-payments", { query: periodQuery(url.searchParams) });
  const t = pageMessages(context, "staffBilling").staffBilling;
  if (res.ok) return { view: res.data, t };
  if (res.status === 404) return { view: null, t };
  throw new Response(res.message, { status: res.status });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: monthPaymentOrderBody });
  const t = pageMessages(context, "staffBilling").staffBilling;
  if (submission.status !== "success") throw await redirectWithToast(href("/panel/admin/billing"), { type: "error", message: t.chooseBill });
  const res = await getApi(context).call("POST /month-payments/order", { body: submission.value });
  if (!res.ok) {
    throw await redirectWithToast(billingPage(submission.value), { type: "error", message: res.message });
  }
  const hosted = checkoutFor(res.data, {
    origin: url.origin,
    returnTo: billingPage(submission.value),
    cancelTo: url.pathname + url.search,
    merchantName: getSession(context).agency.agencyName,
    description: fmt(t.billFor, { period: periodIn(languageOf(context), submission.value) }),
  });
  return { hosted };
}

export default function MonthPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { view, t } = loaderData;
  const periodLabel = usePeriodLabel();
  if (actionData?.hosted) return <HostedCheckoutForm checkout={actionData.hosted} />;
  if (!view)
    return (
      <AuthShell title={t.monthPaymentTitle}>
        <p className="text-slate-600">{t.notForYou}</p>
      </AuthShell>
    );
  const bill = view.bill;
  return (
    <AuthShell title={t.monthPaymentTitle} subtitle={`${view.agencyName} · ${periodLabel(view)}`}>
      {!bill ? (
        <p className="text-slate-600">{fmt(t.noBillFor, { period: periodLabel(view) })}</p>
      ) : bill.outstanding === 0 ? (
        <p className="text-slate-700">{fmt(t.nothingOutstanding, { amount: formatPrice(bill.amount) })}</p>
      ) : (
        <>
          <p className="text-slate-700">
            {t.outstandingOnBill} <strong className="text-2xl">{formatPrice(bill.outstanding)}</strong>
          </p>
          {view.online.available ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="year" value={view.year} />
              <input type="hidden" name="month" value={view.month} />
              <SubmitButton pendingText={t.openingPayment}>
                {t.payOnline} {formatPrice(bill.outstanding)}
              </SubmitButton>
            </Form>
          ) : null}
          <h2 className="mt-5 font-semibold text-slate-900">{t.offlineTitle}</h2>
          <p className="text-sm text-slate-600">{view.settings.offlineInstructions ?? t.offlineDefault}</p>
        </>
      )}
      <Link to={billingPage(view)} className="mt-4 inline-block font-medium text-brand-dark underline">
        {t.backToBilling}
      </Link>
    </AuthShell>
  );
}
