import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton, TextAreaField } from "~/components/form";
import { dateOrDash, formatPrice } from "#contracts/format.ts";
import { periodLabel } from "#contracts/billing-texts.ts";
import { addInForm, moveOutForm, type BillDetail, type BillSummary } from "#contracts/billing.ts";
import type { SubmissionResult } from "@conform-to/react";

/*
 * The pieces both billing pages show (ADR 0023): the outstanding amount, a bill with its lines,
 * the list of bills, and the reason form of a move-out / add-in. The numbers are the API's; these
 * only lay them out.
 */

const day = dateOrDash;
export { day as billDay };

export function StatusBadge({ bill }: { bill: Pick<BillSummary, "status" | "overdue"> }) {
  const [text, cls] = bill.overdue
    ? ["Overdue", "bg-red-100 text-red-800"]
    : bill.status === "paid"
      ? ["Paid", "bg-green-100 text-green-800"]
      : ["Pending", "bg-amber-100 text-amber-900"];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{text}</span>;
}

export function OutstandingCard({ outstanding, children }: { outstanding: { outstanding: number; bills: number; annualFee: number; overdueBills: number }; children?: React.ReactNode }) {
  return (
    <Card>
      <h2 className="text-sm font-medium text-slate-600">Outstanding amount</h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="outstanding-amount">
        {formatPrice(outstanding.outstanding)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Bills {formatPrice(outstanding.bills)}
        {outstanding.annualFee > 0 ? <> · Annual fee due {formatPrice(outstanding.annualFee)}</> : null}
        {outstanding.overdueBills > 0 ? <strong className="text-red-700"> · {outstanding.overdueBills} overdue</strong> : null}
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
  children,
}: {
  title: string;
  bill: BillDetail;
  downloads: { csv: string; pdf: string };
  lineAction?: (item: BillDetail["items"][number]) => React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {title}: {periodLabel(bill)} <StatusBadge bill={bill} />
        </h2>
        <p className="text-sm text-slate-600">
          <a href={downloads.pdf} className="font-medium text-brand-dark underline" download>
            Download PDF
          </a>{" "}
          ·{" "}
          <a href={downloads.csv} className="font-medium text-brand-dark underline" download>
            Download CSV
          </a>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {bill.cards} card(s) at {formatPrice(bill.perCardPrice)} each · due {day(bill.dueDate)}
      </p>
      {bill.items.length === 0 ? (
        <p className="mt-3 text-slate-600">No card was paid or renewed in this month.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Cards in this bill">
          {bill.items.map((i) => (
            <li key={i.itemId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className={i.movedOutAt ? "text-slate-500" : ""}>
                <p className="font-medium">
                  <span className={i.movedOutAt ? "line-through" : ""}>{i.businessName ?? "Deleted business"}</span>
                  {i.cardId ? <span className="text-sm text-slate-500"> · {i.cardId}</span> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {i.planName ?? "Plan"} · customer paid {formatPrice(i.customerPrice)} on {day(i.cardPaidAt)}
                </p>
                {i.movedOutAt ? <p className="text-sm text-amber-800">Moved out: {i.movedOutReason}</p> : null}
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
        <dt>Subtotal</dt>
        <dd className="text-right">{formatPrice(bill.subtotal)}</dd>
        <dt>GST {bill.gstPercent}%</dt>
        <dd className="text-right">{formatPrice(bill.gstAmount)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatPrice(bill.amount)}</dd>
        <dt>Paid</dt>
        <dd className="text-right">{formatPrice(bill.amountPaid)}</dd>
        <dt className="font-semibold">Outstanding</dt>
        <dd className="text-right font-semibold" data-testid="bill-outstanding">
          {formatPrice(bill.outstanding)}
        </dd>
      </dl>
      {children}
    </Card>
  );
}

/** Every bill of the agency, newest first, each a link to its month. */
export function BillList({ bills, hrefOf }: { bills: BillSummary[]; hrefOf: (b: BillSummary) => string }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Past bills</h2>
      {bills.length === 0 ? (
        <p className="mt-2 text-slate-600">No bills yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {bills.map((b) => (
            <li key={b.monthPaymentId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={hrefOf(b)} className="font-medium text-brand-dark underline">
                {periodLabel(b)}
              </Link>
              <span className="text-sm">
                {formatPrice(b.amount)} · outstanding {formatPrice(b.outstanding)} <StatusBadge bill={b} />
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
}: {
  kind: "move-out" | "add-in";
  item: BillDetail["items"][number];
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
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
  return (
    <Card className="border-2 border-amber-300">
      <h2 className="text-lg font-semibold text-slate-900">{kind === "move-out" ? "Move out of bill" : "Add back to bill"}</h2>
      <p className="mt-1 text-slate-700">
        {kind === "move-out" ? "Move" : "Add"} <strong>{item.businessName ?? "this card"}</strong>
        {kind === "move-out" ? " out of the bill? The totals drop by " : " back into the bill? The totals rise by "}
        {formatPrice(item.amount)} plus GST.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="itemId" value={item.itemId} />
        <TextAreaField field={fields.reason} label="Reason" rows={2} hint="Saved with the bill and shown to the platform." />
        <div className="flex gap-3">
          <Link to={cancelTo} replace className="inline-flex flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700">
            Cancel
          </Link>
          <div className="flex-1">
            <SubmitButton pendingText="Saving…">Confirm</SubmitButton>
          </div>
        </div>
      </Form>
    </Card>
  );
}
