import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { BillCard, BillList, OutstandingCard, ReasonForm, usePeriodLabel } from "~/components/billing/bill-parts";
import { PlatformNoBill } from "./platform-no-bill";
import { InvoiceIssuerForm, INVOICE_ISSUER_INTENT } from "./invoice-issuer-form";
import { replyWithApiError } from "~/lib/forms.server";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import { invoiceIssuerSchema, moveOutForm } from "#contracts/billing.ts";
import { readPaymentFailure } from "#contracts/payment-texts.ts";
import { formatPrice } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";

/**
 * Billing (admin menu; an agency's admin with billing not hidden, SPEC §6): what the agency owes
 * the platform (ADR 0023). This month's running bill (or the month in ?year&month), past bills,
 * the outstanding amount, Pay online or offline instructions, PDF/CSV downloads, and moving a
 * disputed card out of an unpaid bill with a reason (?moveOut={itemId}: a step that works
 * without JavaScript).
 */

export const handle: PanelHandle = { title: "Billing" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Billing" }];

const PATH = href("/panel/admin/billing");
const monthHref = (p: { year: number; month: number }, extra = "") => `${PATH}?year=${p.year}&month=${p.month}${extra}`;

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const s = url.searchParams;
  const year = s.get("year");
  const month = s.get("month");
  const period = year && month && /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) ? { year, month } : {};
  const view = await api.get("GET /month-payments", { query: period });
  const t = pageMessages(context, "staffBilling", "staffCommon");
  const pageTitle = t.staffBilling.title;
  // The platform's admins: the API says the platform has no bill to itself (ADR 0037, 0044).
  if (view.isPlatform) return { t, pageTitle, platform: view.agencyName, issuer: (await api.get("GET /invoice-issuer")).issuer };
  const outstanding = await api.get("GET /month-payments/getOutstandingAmount", { query: {} });
  const moveOutId = parseId(s.get("moveOut"));
  const moving = view.bill?.items.find((i) => i.itemId === moveOutId && !i.movedOutAt) ?? null;
  return { t, pageTitle, view, outstanding, moving, current: !("year" in period), paid: s.get("payment") === "paid", failure: readPaymentFailure(s) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const t = pageMessages(context, "staffBilling").staffBilling;
  if (formData.get("intent") === INVOICE_ISSUER_INTENT) {
    // The platform's own details for its bills (ADR 0044).
    const issuerForm = parseWithZod(formData, { schema: invoiceIssuerSchema });
    if (issuerForm.status !== "success") return { issuerResult: translateReply(context, issuerForm.reply()) };
    const saved = await getApi(context).call("PUT /invoice-issuer", { body: issuerForm.value });
    if (!saved.ok) return { issuerResult: replyWithApiError(issuerForm, saved) };
    throw await redirectWithToast(PATH, { type: "success", message: t.issuerSaved });
  }
  const submission = parseWithZod(formData, { schema: moveOutForm });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
  const res = await getApi(context).call("POST /month-payments/move-out-card", { body: { itemId: submission.value.itemId, reason: submission.value.reason } });
  if (!res.ok) {
    return { result: submission.reply({ formErrors: [res.message] }) };
  }
  const back = url.searchParams.get("year") ? monthHref({ year: res.data.bill.year, month: res.data.bill.month }) : PATH;
  throw await redirectWithToast(back, { type: "success", message: res.data.changed ? t.movedOut : t.alreadyOut });
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const t = loaderData.t.staffBilling;
  const common = loaderData.t.staffCommon;
  const periodText = usePeriodLabel();
  if ("platform" in loaderData && loaderData.platform !== undefined) {
    return (
      <div className="space-y-4">
        <PlatformNoBill platformName={loaderData.platform} t={t} />
        <InvoiceIssuerForm issuer={loaderData.issuer} t={t} common={common} lastResult={actionData && "issuerResult" in actionData ? actionData.issuerResult : null} />
      </div>
    );
  }
  const { view, outstanding, moving, current, paid, failure } = loaderData;
  const bill = view.bill;
  const period = { year: view.year, month: view.month };
  const here = monthHref(period);
  const query = { year: view.year, month: view.month };
  return (
    <div className="space-y-4">
      {paid ? <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-800">{t.paymentSuccess}</p> : null}
      {failure ? <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">{fmt(t.paymentFailed, { reason: failure.reason })}</p> : null}
      <OutstandingCard outstanding={outstanding} t={t}>
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">{t.offlineTitle}</summary>
          <p className="mt-1">{view.settings.offlineInstructions ?? t.offlineDefault}</p>
        </details>
        <p className="mt-2 text-sm text-slate-600">
          {fmt(t.terms, { price: formatPrice(view.settings.perCardPrice), gst: view.settings.gstPercent, days: view.settings.graceDays })}
        </p>
      </OutstandingCard>
      {moving ? <ReasonForm kind="move-out" item={moving} cancelTo={here} lastResult={actionData?.result} t={t} common={common} /> : null}
      {bill ? (
        <BillCard
          title={current ? t.runningBill : t.bill}
          bill={bill}
          t={t}
          downloads={{ csv: apiUrl("GET /month-payments/download", { query: { ...query, format: "csv" } }), pdf: apiUrl("GET /month-payments/download", { query: { ...query, format: "pdf" } }) }}
          lineAction={(i) =>
            !i.movedOutAt && bill.outstanding > 0 ? (
              <Link to={monthHref(period, `&moveOut=${i.itemId}`)} className="text-sm font-medium text-brand-dark underline">
                {t.moveOut}
              </Link>
            ) : null
          }
        >
          {bill.outstanding > 0 && view.online.available ? (
            <Link
              to={`${href("/panel/payment/month-payment")}?year=${view.year}&month=${view.month}`}
              className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker"
            >
              {t.payOnline} {formatPrice(bill.outstanding)}
            </Link>
          ) : null}
        </BillCard>
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{periodText(period)}</h2>
          <p className="mt-2 text-slate-600">{t.noBillYet}</p>
        </Card>
      )}
      <BillList bills={view.bills} hrefOf={(b) => monthHref(b)} t={t} />
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.otherPayments}</h2>
        <ul className="mt-2 list-inside list-disc text-brand-dark">
          <li>
            <Link to={href("/panel/payment/agency-image-payment")} className="underline">
              {t.agencyImagePayment}
            </Link>
          </li>
          <li>
            <Link to={href("/panel/payment/agency-pdf-card-payment")} className="underline">
              {t.agencyPdfCardPayment}
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
