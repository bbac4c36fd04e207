import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/statement";
import { getApi } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt, useLanguage } from "~/lib/i18n";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorDialog } from "~/components/dialogs";
import { Field, FormError, inputClass, SelectField, SubmitButton } from "~/components/form";
import { formatDate, formatPrice } from "#contracts/format.ts";
import { parseId } from "#contracts/id.ts";
import { commissionMonth, commissionPayoutBody, commissionRateFormSchema, type CommissionStatement } from "#contracts/commissions.ts";
import { rateInput, rateLabel } from "./rate-label";

/*
 * One franchisee's commission statement for a month (ADR 0069): its lines, totals, the payout and
 * CSV/PDF downloads. The agency's admins also set the rate and mark the month paid; the
 * franchisee sees their own, read-only. Real forms: everything works without JavaScript.
 */

export const handle: PanelHandle = { title: "Commission statement" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Commission statement" }];

const RATE_INTENT = "set-rate";
const PAYOUT_INTENT = "mark-paid";

function monthOf(url: URL) {
  const parsed = commissionMonth.safeParse(url.searchParams.get("month"));
  return parsed.success ? parsed.data : undefined;
}
const statementHref = (franchiseeId: number, month: string) => `${href("/panel/admin/franchisees/:franchiseeId/commissions", { franchiseeId: String(franchiseeId) })}?month=${month}`;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const franchiseeId = parseId(params.franchiseeId);
  if (!franchiseeId) throw new Response("Not found", { status: 404 });
  const month = monthOf(url);
  const statement = await getApi(context).get("GET /commissions/statement", { query: { franchiseeId, ...(month ? { month } : {}) } });
  const t = pageMessages(context, "commissions");
  const query = { franchiseeId, month: statement.month };
  return {
    statement,
    t,
    pageTitle: t.commissions.statementTitle,
    downloads: { csv: apiUrl("GET /commissions/statement/download", { query: { ...query, format: "csv" } }), pdf: apiUrl("GET /commissions/statement/download", { query: { ...query, format: "pdf" } }) },
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const t = pageMessages(context, "commissions").commissions;
  const franchiseeId = parseId(params.franchiseeId);
  if (!franchiseeId) throw new Response("Not found", { status: 404 });
  if (formData.get("intent") === RATE_INTENT) {
    const submission = parseWithZod(formData, { schema: commissionRateFormSchema });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
    const res = await api.call("PUT /commissions/rate", { body: submission.value });
    if (!res.ok) return { result: replyWithApiError(submission, res), error: null };
    throw await redirectWithToast(url.pathname + url.search, { type: "success", message: t.rateSaved });
  }
  if (formData.get("intent") === PAYOUT_INTENT) {
    const parsed = commissionPayoutBody.safeParse({ franchiseeId, month: formData.get("month"), reference: formData.get("reference") || undefined });
    if (!parsed.success) return { result: null, error: parsed.error.issues[0]?.message ?? t.value };
    const res = await api.call("POST /commissions/payout", { body: parsed.data });
    if (!res.ok) return { result: null, error: res.message };
    const message = res.data.alreadyPaid ? t.alreadyPaid : fmt(t.payoutMarked, { amount: formatPrice(res.data.payout.amount) });
    throw await redirectWithToast(statementHref(franchiseeId, parsed.data.month), { type: "success", message });
  }
  return { result: null, error: t.value };
}

type RateShape = { franchiseeId?: string; basis?: string; value?: string };
type T = Route.ComponentProps["loaderData"]["t"]["commissions"];

function RateForm({ s, t, lastResult }: { s: CommissionStatement; t: T; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm<RateShape>({
    id: `rate-${s.franchisee.franchiseeId}`,
    lastResult,
    defaultValue: { basis: s.rate?.basis ?? "percent", value: s.rate ? rateInput(s.rate) : "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commissionRateFormSchema }) as unknown as Submission<RateShape>,
  });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{t.setRate}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="franchiseeId" value={s.franchisee.franchiseeId} />
        <SelectField field={fields.basis} label={t.basis} options={[{ value: "percent", label: t.percent }, { value: "fixed", label: t.fixed }]} />
        <Field field={fields.value} label={t.value} inputMode="decimal" hint={t.valueHint} />
        <SubmitButton name="intent" value={RATE_INTENT} pendingText={t.saving} className="mt-6 w-auto! min-w-24">
          {t.save}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export default function Statement({ loaderData, actionData }: Route.ComponentProps) {
  const { statement: s, downloads } = loaderData;
  const t = loaderData.t.commissions;
  const lang = useLanguage();
  const here = statementHref(s.franchisee.franchiseeId, s.month);
  const kind = { sale: t.sale, renewal: t.renewal, reversal: t.reversal } as const;
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {s.manage ? (
        <Link to={`${href("/panel/admin/franchisees/commissions")}?month=${s.month}`} className="text-sm font-semibold text-brand-dark underline">
          {t.back}
        </Link>
      ) : null}
      <Card>
        <h2 className="text-lg font-semibold break-words text-slate-900">{s.franchisee.name}</h2>
        <p className="text-sm text-slate-700">
          {t.rate}: {rateLabel(s.rate, t)}
        </p>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            {t.month}
            <input type="month" name="month" defaultValue={s.month} className={inputClass} />
          </label>
          <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            {t.show}
          </button>
        </Form>
        {!s.manage ? <p className="mt-2 text-xs text-slate-500">{t.readOnly}</p> : null}
      </Card>
      {s.manage ? <RateForm key={`${s.rate?.basis}-${s.rate?.rate}`} s={s} t={t} lastResult={actionData?.result} /> : null}
      <Card>
        <h2 className="mb-2 font-semibold text-slate-900">{t.lines}</h2>
        {s.lines.length ? (
          <ul aria-label={t.lines} className="divide-y divide-slate-200">
            {s.lines.map((l) => (
              <li key={l.lineId} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{l.businessName ?? "—"}</p>
                  <p className="text-slate-600">
                    {formatDate(l.createdAt, lang)} · {kind[l.kind]} · {l.planName ?? "—"} · {t.paidByCustomer} {formatPrice(l.paymentAmount)}
                  </p>
                </div>
                <p className={`font-semibold ${l.amount < 0 ? "text-red-700" : "text-slate-900"}`}>{formatPrice(l.amount)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t.empty}</p>
        )}
        <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-slate-200 pt-3 text-sm">
          <dt className="text-slate-600">{t.earned}</dt>
          <dd className="text-right">{formatPrice(s.totals.earned)}</dd>
          <dt className="text-slate-600">{t.reversed}</dt>
          <dd className="text-right">{formatPrice(s.totals.reversed)}</dd>
          <dt className="font-semibold text-slate-900">{t.net}</dt>
          <dd className="text-right font-semibold" data-testid="commission-net">{formatPrice(s.totals.net)}</dd>
          <dt className="text-slate-600">{t.balance}</dt>
          <dd className="text-right">{formatPrice(s.balance)}</dd>
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={downloads.csv} download className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {t.downloadCsv}
          </a>
          <a href={downloads.pdf} download className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {t.downloadPdf}
          </a>
        </div>
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold text-slate-900">{t.payout}</h2>
        {s.payout ? (
          <p className="text-sm text-slate-800" data-testid="commission-payout">
            {formatPrice(s.payout.amount)} · {fmt(t.paidOn, { date: formatDate(s.payout.paidAt, lang) })}
            {s.payout.reference ? ` · ${s.payout.reference}` : ""}
          </p>
        ) : s.manage && s.balance > 0 ? (
          <Form method="post" action={here} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="month" value={s.month} />
            <label className="grid gap-1 text-sm font-medium text-slate-700">
              {t.reference}
              <input name="reference" maxLength={100} autoComplete="off" className={inputClass} />
            </label>
            <SubmitButton name="intent" value={PAYOUT_INTENT} pendingText={t.marking} className="w-auto! min-w-32">
              {t.markPaid} · {formatPrice(s.balance)}
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">{t.notPaid}</p>
        )}
      </Card>
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} /> : null}
    </div>
  );
}
