import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { BillCard, BillList, OutstandingCard, ReasonForm } from "~/components/billing/bill-parts";
import { PlatformNoBill } from "./platform-no-bill";
import { InvoiceIssuerForm, INVOICE_ISSUER_INTENT } from "./invoice-issuer-form";
import { replyWithApiError } from "~/lib/forms.server";
import { BILLING_TEXTS, invoiceIssuerSchema, moveOutForm, periodLabel } from "#contracts/billing.ts";
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
export const meta = () => [{ title: "Billing" }];

const PATH = href("/panel/admin/billing");
const monthHref = (p: { year: number; month: number }, extra = "") => `${PATH}?year=${p.year}&month=${p.month}${extra}`;

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const s = url.searchParams;
  const year = s.get("year");
  const month = s.get("month");
  const period = year && month && /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) ? { year, month } : {};
  const view = await api.get("GET /month-payments", { query: period });
  // The platform's admins: the API says the platform has no bill to itself (ADR 0037, 0044).
  if (view.isPlatform) return { platform: view.agencyName, issuer: (await api.get("GET /invoice-issuer")).issuer };
  const outstanding = await api.get("GET /month-payments/getOutstandingAmount", { query: {} });
  const moveOutId = parseId(s.get("moveOut"));
  const moving = view.bill?.items.find((i) => i.itemId === moveOutId && !i.movedOutAt) ?? null;
  return { view, outstanding, moving, current: !("year" in period), paid: s.get("payment") === "paid", failure: readPaymentFailure(s) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === INVOICE_ISSUER_INTENT) {
    // The platform's own details for its bills (ADR 0044).
    const issuerForm = parseWithZod(formData, { schema: invoiceIssuerSchema });
    if (issuerForm.status !== "success") return { issuerResult: issuerForm.reply() };
    const saved = await getApi(context).call("PUT /invoice-issuer", { body: issuerForm.value });
    if (!saved.ok) return { issuerResult: replyWithApiError(issuerForm, saved) };
    throw await redirectWithToast(PATH, { type: "success", message: "The invoice details were saved. Bills show them from now on." });
  }
  const submission = parseWithZod(formData, { schema: moveOutForm });
  if (submission.status !== "success") return { result: submission.reply() };
  const res = await getApi(context).call("POST /month-payments/move-out-card", { body: { itemId: submission.value.itemId, reason: submission.value.reason } });
  if (!res.ok) {
    return { result: submission.reply({ formErrors: [res.message] }) };
  }
  const back = url.searchParams.get("year") ? monthHref({ year: res.data.bill.year, month: res.data.bill.month }) : PATH;
  throw await redirectWithToast(back, { type: "success", message: res.data.changed ? "The card was moved out of the bill." : "The card was already out of the bill." });
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  if ("platform" in loaderData && loaderData.platform !== undefined) {
    return (
      <div className="space-y-4">
        <PlatformNoBill platformName={loaderData.platform} />
        <InvoiceIssuerForm issuer={loaderData.issuer} lastResult={actionData && "issuerResult" in actionData ? actionData.issuerResult : null} />
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
      {paid ? <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-800">{BILLING_TEXTS.paid}</p> : null}
      {failure ? <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">The payment failed: {failure.reason}</p> : null}
      <OutstandingCard outstanding={outstanding}>
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">{BILLING_TEXTS.offlineTitle}</summary>
          <p className="mt-1">{view.settings.offlineInstructions ?? BILLING_TEXTS.offlineDefault}</p>
        </details>
        <p className="mt-2 text-sm text-slate-600">
          {formatPrice(view.settings.perCardPrice)} per card paid or renewed · GST {view.settings.gstPercent}% · due {view.settings.graceDays} days after the month ends.
        </p>
      </OutstandingCard>
      {moving ? <ReasonForm kind="move-out" item={moving} cancelTo={here} lastResult={actionData?.result} /> : null}
      {bill ? (
        <BillCard
          title={current ? BILLING_TEXTS.runningBill : "Bill"}
          bill={bill}
          downloads={{ csv: apiUrl("GET /month-payments/download", { query: { ...query, format: "csv" } }), pdf: apiUrl("GET /month-payments/download", { query: { ...query, format: "pdf" } }) }}
          lineAction={(i) =>
            !i.movedOutAt && bill.outstanding > 0 ? (
              <Link to={monthHref(period, `&moveOut=${i.itemId}`)} className="text-sm font-medium text-brand-dark underline">
                {BILLING_TEXTS.moveOut}
              </Link>
            ) : null
          }
        >
          {bill.outstanding > 0 && view.online.available ? (
            <Link
              to={`${href("/panel/payment/month-payment")}?year=${view.year}&month=${view.month}`}
              className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker"
            >
              {BILLING_TEXTS.payOnline} {formatPrice(bill.outstanding)}
            </Link>
          ) : null}
        </BillCard>
      ) : (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{periodLabel(period)}</h2>
          <p className="mt-2 text-slate-600">No bill for this month yet. Bills are made on the 1st for the month before, and through the month as cards are paid.</p>
        </Card>
      )}
      <BillList bills={view.bills} hrefOf={(b) => monthHref(b)} />
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Other payments</h2>
        <ul className="mt-2 list-inside list-disc text-brand-dark">
          <li>
            <Link to={href("/panel/payment/agency-image-payment")} className="underline">
              Agency image payment
            </Link>
          </li>
          <li>
            <Link to={href("/panel/payment/agency-pdf-card-payment")} className="underline">
              Agency PDF card payment
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
