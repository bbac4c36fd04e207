import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { formatReceiptDate, loadPaidCardPayment } from "~/lib/receipt.server";
import type { PanelHandle } from "~/lib/page";
import { useHydrated } from "~/lib/use-hydrated";
import { formatPrice } from "#contracts/format.ts";
import { receiptNumber } from "#contracts/payment-texts.ts";
import { parseId } from "#contracts/id.ts";
import { gstBreakup, gstLineLabel } from "#contracts/gst.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";

export const handle: PanelHandle = { title: "Receipt" };
export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData ? fmt(loaderData.t.receipt.titleNumbered, { number: loaderData.receiptNo }) : "Receipt" }];

/**
 * A printable receipt for a paid plan (print or save as PDF from the browser): the seller's name,
 * address and GSTIN (the agency's invoice details; a detail it has not set is left out, not drawn
 * as a blank), the buyer, what was bought, the period, the amount in ₹ with Indian grouping and,
 * when the seller has a GSTIN, its GST breakup (the price is GST-inclusive, ADR 0042), the
 * payment id and the receipt number. A test-gateway payment says that no money moved.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const businessId = parseId(params.businessId);
  const recordNo = parseId(params.recordNo);
  const t = pageMessages(context, "receipt");
  const w = t.receipt;
  const lang = languageOf(context);
  if (!businessId || !recordNo) throw data({ message: w.notFound }, { status: 404 });
  const { business, record, seller } = await loadPaidCardPayment(context, businessId, recordNo);
  const gst = gstBreakup(record.amount, seller, { address: business.address });
  return {
    t,
    pageTitle: w.title,
    receiptNo: receiptNumber(record.recordNo),
    seller,
    buyer: {
      name: business.businessName,
      contactPerson: business.contactPerson,
      address: business.address,
      phone: business.phoneNumber,
      email: business.email,
    },
    planName: record.planName ?? w.subscriptionPlan,
    period: { from: formatReceiptDate(record.validFrom, lang), until: formatReceiptDate(record.validUntil, lang) },
    paidOn: formatReceiptDate(record.paidAt, lang),
    amount: formatPrice(record.amount),
    gst: gst && {
      taxable: formatPrice(gst.taxable),
      placeOfSupply: gst.placeOfSupply,
      lines: gst.lines.map((l) => ({ label: gstLineLabel(l, w), amount: formatPrice(l.amount) })),
    },
    paymentId: record.razorpayPaymentId,
    isTest: record.gateway === "test",
    method: record.gateway === "test" ? w.methodTest : record.throughGateway ? w.methodOnline : w.methodAgency,
  };
}

const PRINT_CSS = "@media print { body * { visibility: hidden } #receipt, #receipt * { visibility: visible } #receipt { position: absolute; inset: 0 } .no-print { display: none } }";

/** One detail; one that is not set is left out rather than drawn as a blank line. */
function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="flex gap-2 py-1">
      <dt className="w-24 shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 flex-1 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  const t = loaderData.t.receipt;
  const hydrated = useHydrated();
  return (
    <article id="receipt" aria-labelledby="receipt-title" className="mx-auto max-w-2xl rounded-2xl bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-4">
        <div>
          <h2 id="receipt-title" className="text-xl font-semibold text-slate-900">
            {t.heading}
          </h2>
          <p className="text-slate-600">{fmt(t.number, { number: r.receiptNo })}</p>
        </div>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className="no-print rounded-lg px-3 py-1.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {t.print}
          </button>
        ) : (
          <p className="no-print text-slate-600">{t.printHint}</p>
        )}
      </header>
      {r.isTest ? (
        <p role="note" className="mt-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-300">
          {t.testNote}
        </p>
      ) : null}
      <div className="grid gap-6 py-4 sm:grid-cols-2">
        <section aria-labelledby="seller-title" className="min-w-0">
          <h3 id="seller-title" className="mb-1 font-semibold text-slate-900">
            {t.from}
          </h3>
          <dl>
            <Line label={t.name} value={r.seller.name} />
            <Line label={t.address} value={r.seller.address} />
            <Line label={t.gstin} value={r.seller.gstin} />
          </dl>
        </section>
        <section aria-labelledby="buyer-title" className="min-w-0">
          <h3 id="buyer-title" className="mb-1 font-semibold text-slate-900">
            {t.billedTo}
          </h3>
          <dl>
            <Line label={t.business} value={r.buyer.name} />
            <Line label={t.contact} value={r.buyer.contactPerson} />
            <Line label={t.address} value={r.buyer.address} />
            <Line label={t.phone} value={r.buyer.phone} />
            <Line label={t.email} value={r.buyer.email} />
          </dl>
        </section>
      </div>
      <section aria-labelledby="item-title" className="border-t border-slate-200 pt-4">
        <h3 id="item-title" className="mb-1 font-semibold text-slate-900">
          {t.payment}
        </h3>
        <dl>
          <Line label={t.plan} value={r.planName} />
          <Line label={t.period} value={r.period.from && r.period.until ? fmt(t.periodRange, { from: r.period.from, until: r.period.until }) : null} />
          <Line label={t.paidOn} value={r.paidOn} />
          <Line label={t.paidBy} value={r.method} />
          <Line label={t.paymentId} value={r.paymentId} />
        </dl>
        {r.gst ? (
          <div className="mt-4 border-t border-slate-200 pt-3">
            <dl aria-label={t.gstBreakup}>
              <Amount label={t.taxableValue} value={r.gst.taxable} />
              {r.gst.lines.map((l) => (
                <Amount key={l.label} label={l.label} value={l.amount} />
              ))}
            </dl>
            <p className="py-1 text-xs text-slate-500">{fmt(t.gstNote, { place: r.gst.placeOfSupply })}</p>
          </div>
        ) : null}
        <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-3 text-base">
          <span className="font-semibold text-slate-900">{r.isTest ? t.amountTest : t.amountPaid}</span>
          <span data-testid="receipt-amount" className="text-xl font-bold text-slate-900">
            {r.amount}
          </span>
        </p>
      </section>
    </article>
  );
}
