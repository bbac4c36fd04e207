import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton, TextAreaField } from "~/components/form";
import { dateLocale, dateOrDash, formatPrice } from "#contracts/format.ts";
import { periodLabel } from "#contracts/billing-texts.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { useLanguage } from "~/lib/i18n";
import type { Language } from "#contracts/i18n/languages.ts";
import { addInForm, moveOutForm, type BillDetail, type BillSummary } from "#contracts/billing.ts";
import type { SubmissionResult } from "@conform-to/react";

/*
 * The pieces both billing pages show (ADR 0023): the outstanding amount, a bill with its lines,
 * the list of bills, and the reason form of a move-out / add-in. The numbers are the API's; these
 * only lay them out.
 */

/** The billing pages' words in the page's language (the `staffBilling` namespace, ADR 0066). */
export type BillingWords = Catalogue["staffBilling"];

/** A bill's day ("26 Nov 2026") in the page's language. */
export function useBillDay() {
  const lang = useLanguage();
  return (d: Date | string | null | undefined) => dateOrDash(d, lang);
}

/** A bill's month ("November 2026") in `lang`; English as the spec writes it. */
export const periodIn = (lang: Language, p: { year: number; month: number }) =>
  lang === "en" ? periodLabel(p) : new Intl.DateTimeFormat(dateLocale(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(p.year, p.month - 1, 1));

/** A bill's month in the page's language. */
export function usePeriodLabel() {
  const lang = useLanguage();
  return (p: { year: number; month: number }) => periodIn(lang, p);
}

export function StatusBadge({ bill, t }: { bill: Pick<BillSummary, "status" | "overdue">; t: BillingWords }) {
  const [text, cls] = bill.overdue
    ? [t.overdue, "bg-red-100 text-red-800"]
    : bill.status === "paid"
      ? [t.paid, "bg-green-100 text-green-800"]
      : [t.pending, "bg-amber-100 text-amber-900"];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{text}</span>;
}

export function OutstandingCard({
  outstanding,
  t,
  children,
}: {
  outstanding: { outstanding: number; bills: number; annualFee: number; overdueBills: number };
  t: BillingWords;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <h2 className="text-sm font-medium text-slate-600">{t.outstandingAmount}</h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="outstanding-amount">
        {formatPrice(outstanding.outstanding)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {fmt(t.billsAmount, { amount: formatPrice(outstanding.bills) })}
        {outstanding.annualFee > 0 ? fmt(t.annualFeeDue, { amount: formatPrice(outstanding.annualFee) }) : null}
        {outstanding.overdueBills > 0 ? <strong className="text-red-700">{fmt(t.overdueCount, { count: outstanding.overdueBills })}</strong> : null}
      </p>
      {children}
    </Card>
  );
}

/** One bill: totals, due date, status and one row per card (moved-out rows struck through, with the reason). */
export function BillCard({
  title,
  bill,
  downloads,
  lineAction,
  t,
  children,
}: {
  title: string;
  t: BillingWords;
  bill: BillDetail;
  downloads: { csv: string; pdf: string };
  lineAction?: (item: BillDetail["items"][number]) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const day = useBillDay();
  const periodText = usePeriodLabel();
  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {title}: {periodText(bill)} <StatusBadge bill={bill} t={t} />
        </h2>
        <p className="text-sm text-slate-600">
          <a href={downloads.pdf} className="font-medium text-brand-dark underline" download>
            {t.downloadPdf}
          </a>{" "}
          ·{" "}
          <a href={downloads.csv} className="font-medium text-brand-dark underline" download>
            {t.downloadCsv}
          </a>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {fmt(t.billTerms, { cards: bill.cards, price: formatPrice(bill.perCardPrice), date: day(bill.dueDate) })}
      </p>
      {bill.items.length === 0 ? (
        <p className="mt-3 text-slate-600">{t.noCardsInMonth}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t.cardsInBill}>
          {bill.items.map((i) => (
            <li key={i.itemId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className={i.movedOutAt ? "text-slate-500" : ""}>
                <p className="font-medium">
                  <span className={i.movedOutAt ? "line-through" : ""}>{i.businessName ?? t.deletedBusiness}</span>
                  {i.cardId ? <span className="text-sm text-slate-500"> · {i.cardId}</span> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {fmt(t.customerPaid, { plan: i.planName ?? t.plan, amount: formatPrice(i.customerPrice), date: day(i.cardPaidAt) })}
                </p>
                {i.movedOutAt ? <p className="text-sm text-amber-800">{fmt(t.movedOutReason, { reason: i.movedOutReason ?? "" })}</p> : null}
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold">{i.movedOutAt ? "—" : formatPrice(i.amount)}</span>
                {lineAction?.(i)}
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
        <dt>{t.subtotal}</dt>
        <dd className="text-right">{formatPrice(bill.subtotal)}</dd>
        <dt>{fmt(t.gst, { percent: bill.gstPercent })}</dt>
        <dd className="text-right">{formatPrice(bill.gstAmount)}</dd>
        <dt className="font-semibold">{t.total}</dt>
        <dd className="text-right font-semibold">{formatPrice(bill.amount)}</dd>
        <dt>{t.paid}</dt>
        <dd className="text-right">{formatPrice(bill.amountPaid)}</dd>
        <dt className="font-semibold">{t.outstanding}</dt>
        <dd className="text-right font-semibold" data-testid="bill-outstanding">
          {formatPrice(bill.outstanding)}
        </dd>
      </dl>
      {children}
    </Card>
  );
}

/** Every bill of the agency, newest first, each a link to its month. */
export function BillList({ bills, hrefOf, t }: { bills: BillSummary[]; hrefOf: (b: BillSummary) => string; t: BillingWords }) {
  const periodText = usePeriodLabel();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t.pastBills}</h2>
      {bills.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noBills}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {bills.map((b) => (
            <li key={b.monthPaymentId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={hrefOf(b)} className="font-medium text-brand-dark underline">
                {periodText(b)}
              </Link>
              <span className="text-sm">
                {fmt(t.billListLine, { amount: formatPrice(b.amount), outstanding: formatPrice(b.outstanding) })} <StatusBadge bill={b} t={t} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The move-out / add-in step: what changes, a required reason, Confirm and Cancel. Works without JavaScript. */
export function ReasonForm({
  kind,
  item,
  cancelTo,
  lastResult,
  t,
  common,
}: {
  kind: "move-out" | "add-in";
  item: BillDetail["items"][number];
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  t: BillingWords;
  common: Pick<Catalogue["staffCommon"], "cancel" | "confirm" | "saving">;
}) {
  const schema = kind === "move-out" ? moveOutForm : addInForm;
  const [form, fields] = useForm({
    id: `${kind}-${item.itemId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { itemId: String(item.itemId) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // The business's name is bold inside the sentence: the words either side of {name}.
  const [before = "", after = ""] = fmt(kind === "move-out" ? t.moveOutText : t.addInText, { amount: formatPrice(item.amount) }).split("{name}");
  return (
    <Card className="border-2 border-amber-300">
      <h2 className="text-lg font-semibold text-slate-900">{kind === "move-out" ? t.moveOut : t.addIn}</h2>
      <p className="mt-1 text-slate-700">
        {before}
        <strong>{item.businessName ?? t.thisCard}</strong>
        {after}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="itemId" value={item.itemId} />
        <TextAreaField field={fields.reason} label={t.reason} rows={2} hint={t.reasonHint} />
        <div className="flex gap-3">
          <Link to={cancelTo} replace className="inline-flex flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700">
            {common.cancel}
          </Link>
          <div className="flex-1">
            <SubmitButton pendingText={common.saving}>{common.confirm}</SubmitButton>
          </div>
        </div>
      </Form>
    </Card>
  );
}
