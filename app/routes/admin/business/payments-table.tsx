import { Link } from "react-router";
import { dateOrDash, formatPrice } from "#contracts/format.ts";
import type { PaymentRecord } from "#contracts/payments.ts";
import { MANUAL_PAYMENT_METHOD_LABELS } from "#contracts/payment-texts.ts";


const STATUS_LABEL: Record<PaymentRecord["status"], string> = { created: "Awaiting payment", paid: "Paid", failed: "Failed", refunded: "Reversed" };

/**
 * A business's card payments, newest first: date, plan, amount (₹, Indian grouping), how it
 * was paid, its status and who recorded it; admins get a delete per row (a confirm step first).
 */
export function PaymentsTable({ payments, deleteHref }: { payments: PaymentRecord[]; deleteHref?: (recordNo: number) => string }) {
  if (!payments.length) return <p className="mt-2 text-sm text-slate-600">No payments yet.</p>;
  return (
    <ul aria-label="Payments" className="mt-3 divide-y divide-slate-100">
      {payments.map((p) => (
        <li key={p.recordNo} data-record-no={p.recordNo} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {p.planName ?? "Plan"} <span className="font-semibold">{formatPrice(p.amount)}</span>
            </p>
            <p className="text-sm text-slate-600">
              {dateOrDash(p.paidAt ?? p.createdAt)} · {p.throughGateway ? "Online (Razorpay)" : p.paymentMethod ? MANUAL_PAYMENT_METHOD_LABELS[p.paymentMethod] : "Manual"}
              {p.paymentReference ? ` (ref. ${p.paymentReference})` : ""} · {STATUS_LABEL[p.status]}
              {p.recordedBy ? ` · Recorded by ${p.recordedBy}` : ""}
            </p>
            {p.validFrom && p.validUntil && p.status === "paid" ? (
              <p className="text-xs text-slate-500">
                Covers {dateOrDash(p.validFrom)} to {dateOrDash(p.validUntil)}
              </p>
            ) : null}
            {p.failureReason ? <p className="text-xs text-red-700">{p.failureReason}</p> : null}
          </div>
          {deleteHref && p.status === "paid" ? (
            <Link
              to={deleteHref(p.recordNo)}
              preventScrollReset
              aria-label={`Delete payment ${p.recordNo}`}
              className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            >
              Delete
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
