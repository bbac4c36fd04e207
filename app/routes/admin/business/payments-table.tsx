import { Link } from "react-router";
import { dateOrDash, formatPrice } from "#contracts/format.ts";
import type { PaymentRecord } from "#contracts/payments.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { methodLabel } from "./manual-payment-fields";

type Text = Catalogue["staffBusiness"];
const STATUS_KEY = { created: "awaitingPayment", paid: "paid", failed: "failed", refunded: "reversed" } as const satisfies Record<PaymentRecord["status"], keyof Text>;

/**
 * A business's card payments, newest first: date, plan, amount (₹, Indian grouping), how it
 * was paid, its status and who recorded it; admins get a delete per row (a confirm step first).
 */
export function PaymentsTable({ payments, deleteHref, t, lang }: { payments: PaymentRecord[]; deleteHref?: (recordNo: number) => string; t: Text; lang: string }) {
  if (!payments.length) return <p className="mt-2 text-sm text-slate-600">{t.noPayments}</p>;
  return (
    <ul aria-label={t.payments} className="mt-3 divide-y divide-slate-100">
      {payments.map((p) => (
        <li key={p.recordNo} data-record-no={p.recordNo} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {p.planName ?? t.plan} <span className="font-semibold">{formatPrice(p.amount)}</span>
            </p>
            <p className="text-sm text-slate-600">
              {dateOrDash(p.paidAt ?? p.createdAt, lang)} · {p.throughGateway ? t.online : p.paymentMethod ? methodLabel(p.paymentMethod, t) : t.manual}
              {p.paymentReference ? fmt(t.reference, { reference: p.paymentReference }) : ""} · {t[STATUS_KEY[p.status]]}
              {p.recordedBy ? fmt(t.recordedBy, { name: p.recordedBy }) : ""}
            </p>
            {p.validFrom && p.validUntil && p.status === "paid" ? (
              <p className="text-xs text-slate-500">
                {fmt(t.covers, { from: dateOrDash(p.validFrom, lang), to: dateOrDash(p.validUntil, lang) })}
              </p>
            ) : null}
            {p.failureReason ? <p className="text-xs text-red-700">{p.failureReason}</p> : null}
          </div>
          {deleteHref && p.status === "paid" ? (
            <Link
              to={deleteHref(p.recordNo)}
              preventScrollReset
              aria-label={fmt(t.deletePaymentNamed, { number: p.recordNo })}
              className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            >
              {t.deletePayment}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
