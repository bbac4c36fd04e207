import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/agency";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog } from "~/components/dialogs";
import { SubmitButton } from "~/components/form";
import { BillCard, BillList, OutstandingCard, ReasonForm, useBillDay, usePeriodLabel } from "~/components/billing/bill-parts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import { AuditList } from "./audit-list";
import { PlatformNoBill } from "./platform-no-bill";
import { addInForm, generateForm, moveOutForm, recordAnnualForm, recordImageForm, recordMonthForm } from "#contracts/billing.ts";
import { formatPrice } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";

/**
 * One agency's billing for the platform (Agency Management; superadmin admin, billing not hidden):
 * bills, outstanding amount, annual and image payments, the audit trail; generate this month's
 * bill, record offline payments (a Confirm step), move cards out / add them back (a reason step).
 * Every step is a URL (?moveOut, ?addIn, ?record=month|annual|image), so it works without JavaScript.
 */

export const handle: PanelHandle = { title: "Agency billing" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Agency billing" }];

const pathOf = (agencyId: string | number) => href("/panel/admin/agency-management/:agencyId/billing", { agencyId: String(agencyId) });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const s = url.searchParams;
  const agencyId = params.agencyId;
  const year = s.get("year");
  const month = s.get("month");
  const period = year && month && /^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) ? { year, month } : {};
  const view = await api.get("GET /month-payments", { query: { agencyId, ...period } });
  const t = pageMessages(context, "staffBilling", "staffCommon");
  const pageTitle = t.staffBilling.agencyTitle;
  // The platform's own row: the API says it bills itself nothing (ADR 0037, 0044); nothing else to load.
  if (view.isPlatform) return { t, pageTitle, platform: view.agencyName };
  const [outstanding, annual, image, auditTrail] = await Promise.all([
    api.get("GET /month-payments/getOutstandingAmount", { query: { agencyId } }),
    api.get("GET /annual-payment", { query: { agencyId } }),
    api.get("GET /agency-image-payment", { query: { agencyId } }),
    api.get("GET /billing-audit", { query: { agencyId } }),
  ]);
  const items = view.bill?.items ?? [];
  return {
    t,
    pageTitle,
    view,
    outstanding,
    annual,
    image,
    audit: auditTrail.list.slice(0, 30),
    moving: items.find((i) => i.itemId === parseId(s.get("moveOut")) && !i.movedOutAt) ?? null,
    adding: items.find((i) => i.itemId === parseId(s.get("addIn")) && i.movedOutAt) ?? null,
    record: s.get("record"),
  };
}

const SCHEMAS = { "move-out": moveOutForm, "add-in": addInForm, "record-month": recordMonthForm, "record-annual": recordAnnualForm, "record-image": recordImageForm, generate: generateForm } as const;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as keyof typeof SCHEMAS;
  const schema = SCHEMAS[intent];
  const agencyId = parseId(params.agencyId) ?? 0; // not an id: 0, which the API refuses
  const back = pathOf(params.agencyId) + (url.searchParams.get("year") ? `?year=${url.searchParams.get("year")}&month=${url.searchParams.get("month")}` : "");
  if (!schema) return { result: null };
  const t = pageMessages(context, "staffBilling").staffBilling;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
  const api = getApi(context);
  const v = submission.value;
  if (v.intent === "generate") {
    const res = await api.call("POST /month-payments/generate", { body: { agencyId } });
    if (!res.ok) throw await redirectWithToast(back, { type: "error", message: res.message });
    throw await redirectWithToast(pathOf(params.agencyId), { type: "success", message: generatedMessage(t, res.data) });
  }
  const res =
    v.intent === "move-out"
      ? await api.call("POST /month-payments/move-out-card", { body: { agencyId, itemId: v.itemId, reason: v.reason } })
      : v.intent === "add-in"
        ? await api.call("POST /month-payments/add-card-in-bill", { body: { agencyId, itemId: v.itemId, reason: v.reason } })
        : v.intent === "record-month"
          ? await api.call("POST /month-payments", { body: { agencyId, year: v.year, month: v.month, note: v.note } })
          : v.intent === "record-annual"
            ? await api.call("POST /annual-payment", { body: { agencyId, note: v.note } })
            : await api.call("POST /agency-image-payment", { body: { agencyId, isManualUpdate: true, note: v.note } });
  if (!res.ok) {
    throw await redirectWithToast(back, { type: "error", message: res.message });
  }
  const messages = {
    "move-out": t.movedOut,
    "add-in": t.backIn,
    "record-month": t.offlineRecorded,
    "record-annual": t.annualRecorded,
    "record-image": t.imageRecorded,
  } as const;
  throw await redirectWithToast(back, { type: "success", message: messages[v.intent] });
}

/** What Generate did (generatedBillMessage's words, in the page's language). */
function generatedMessage(t: Route.ComponentProps["loaderData"]["t"]["staffBilling"], r: { bills: number; linesAdded: number }) {
  if (r.bills === 0) return t.noCardPaid;
  if (r.linesAdded > 0) return fmt(r.linesAdded === 1 ? t.cardsAddedOne : t.cardsAddedOther, { count: r.linesAdded });
  return t.nothingToAdd;
}

export default function AgencyBilling({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = loaderData.t.staffBilling;
  const common = loaderData.t.staffCommon;
  const billDay = useBillDay();
  const periodText = usePeriodLabel();
  if ("platform" in loaderData && loaderData.platform !== undefined) return <PlatformNoBill platformName={loaderData.platform} t={t} />;
  const { view, outstanding, annual, image, audit, moving, adding, record } = loaderData;
  const bill = view.bill;
  const period = { year: view.year, month: view.month };
  const base = pathOf(params.agencyId);
  const here = `${base}?year=${view.year}&month=${view.month}`;
  const query = { agencyId: view.agencyId, year: view.year, month: view.month };
  const lastResult = actionData?.result ?? null;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{fmt(t.heading, { name: view.agencyName })}</h2>
      <OutstandingCard outstanding={outstanding} t={t}>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="generate" />
          <SubmitButton pendingText={t.generating}>{t.generate}</SubmitButton>
        </Form>
      </OutstandingCard>
      {moving ? <ReasonForm kind="move-out" item={moving} cancelTo={here} lastResult={lastResult} t={t} common={common} /> : null}
      {adding ? <ReasonForm kind="add-in" item={adding} cancelTo={here} lastResult={lastResult} t={t} common={common} /> : null}
      {record === "month" && bill && bill.outstanding > 0 ? (
        <ConfirmDialog
          message={fmt(t.confirmRecordMonth, { amount: formatPrice(bill.outstanding), period: periodText(bill) })}
          cancelTo={here}
          words={common}
          intent="record-month"
          fields={{ year: String(bill.year), month: String(bill.month) }}
        />
      ) : null}
      {record === "annual" && annual.due ? (
        <ConfirmDialog message={fmt(t.confirmRecordAnnual, { amount: formatPrice(annual.annualFee) })} cancelTo={here} intent="record-annual" words={common} />
      ) : null}
      {record === "image" && image.monthlyFee > 0 ? (
        <ConfirmDialog message={fmt(t.confirmRecordImage, { amount: formatPrice(image.monthlyFee) })} cancelTo={here} intent="record-image" words={common} />
      ) : null}
      {bill ? (
        <BillCard
          title={t.bill}
          bill={bill}
          t={t}
          downloads={{ csv: apiUrl("GET /month-payments/download", { query: { ...query, format: "csv" } }), pdf: apiUrl("GET /month-payments/download", { query: { ...query, format: "pdf" } }) }}
          lineAction={(i) => (
            <Link to={`${here}&${i.movedOutAt ? "addIn" : "moveOut"}=${i.itemId}`} className="text-sm font-medium text-brand-dark underline">
              {i.movedOutAt ? t.addIn : t.moveOut}
            </Link>
          )}
        >
          {bill.outstanding > 0 ? (
            <Link to={`${here}&record=month`} className="mt-4 inline-block font-semibold text-brand-dark underline">
              {t.recordPayment}
            </Link>
          ) : null}
        </BillCard>
      ) : (
        <Card>
          <h3 className="text-lg font-semibold text-slate-900">{periodText(period)}</h3>
          <p className="mt-2 text-slate-600">{t.noBillYetShort}</p>
        </Card>
      )}
      <BillList bills={view.bills} hrefOf={(b) => `${base}?year=${b.year}&month=${b.month}`} t={t} />
      <Card>
        <h3 className="text-lg font-semibold text-slate-900">{t.annualPayment}</h3>
        <p className="mt-1 text-slate-700" data-testid="annual-state">
          {annual.annualFee === 0 ? t.noAnnualFee : annual.due ? fmt(t.annualDue, { amount: formatPrice(annual.annualFee) }) : fmt(t.annualPaidUntil, { date: billDay(annual.paidUntil) })}
        </p>
        {annual.due ? (
          <Link to={`${here}&record=annual`} className="mt-2 inline-block font-semibold text-brand-dark underline">
            {t.recordAnnual}
          </Link>
        ) : null}
        <ul className="mt-2 text-sm text-slate-600">
          {annual.list.map((p) => (
            <li key={p.id}>
              {fmt(t.annualLine, { amount: formatPrice(p.amount), from: billDay(p.validFrom), until: billDay(p.validUntil), name: p.recordedBy ?? "—" })}
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h3 className="text-lg font-semibold text-slate-900">{t.agencyImagePayment}</h3>
        <p className="mt-1 text-slate-700">
          {image.monthlyFee === 0
            ? t.noImageFee
            : fmt(t.imageState, {
                amount: formatPrice(image.monthlyFee),
                paid: image.paidUntil ? fmt(t.imagePaidUntil, { date: billDay(image.paidUntil) }) : t.imageNotPaid,
                paused: image.paused ? t.imagePaused : "",
              })}
        </p>
        {image.monthlyFee > 0 ? (
          <Link to={`${here}&record=image`} className="mt-2 inline-block font-semibold text-brand-dark underline">
            {t.recordImageMonth}
          </Link>
        ) : null}
      </Card>
      <AuditList entries={audit} t={t} />
    </div>
  );
}
