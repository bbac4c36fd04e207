import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { getSession } from "~/lib/request-context.server";
import { formatReceiptDate, loadPaidCardPayment } from "~/lib/receipt.server";
import type { PanelHandle } from "~/lib/page";
import { useHydrated } from "~/lib/use-hydrated";
import { formatPrice } from "#contracts/format.ts";
import { receiptNumber } from "#contracts/payment-texts.ts";
import { parseId } from "#contracts/id.ts";

export const handle: PanelHandle = { title: "Receipt" };
export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData ? `Receipt ${loaderData.receiptNo}` : "Receipt" }];

/**
 * A printable receipt for a paid plan (print or save as PDF from the browser). GST-ready: the
 * seller's name, address and GSTIN (blank lines to fill in while the agency has none on file),
 * the buyer, what was bought, the period, the amount in ₹ with Indian grouping, the Razorpay
 * payment id and the receipt number.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const businessId = parseId(params.businessId);
  const recordNo = parseId(params.recordNo);
  if (!businessId || !recordNo) throw data({ message: "We could not find that payment." }, { status: 404 });
  const { business, record } = await loadPaidCardPayment(context, businessId, recordNo);
  const { agency } = getSession(context);
  return {
    receiptNo: receiptNumber(record.recordNo),
    seller: { name: agency.agencyName, address: null as string | null, gstin: null as string | null },
    buyer: {
      name: business.businessName,
      contactPerson: business.contactPerson,
      address: business.address,
      phone: business.phoneNumber,
      email: business.email,
    },
    planName: record.planName ?? "Subscription plan",
    period: { from: formatReceiptDate(record.validFrom), until: formatReceiptDate(record.validUntil) },
    paidOn: formatReceiptDate(record.paidAt),
    amount: formatPrice(record.amount),
    paymentId: record.razorpayPaymentId,
    method: record.throughGateway ? "Online (Razorpay)" : "Recorded by the agency",
  };
}

const PRINT_CSS = "@media print { body * { visibility: hidden } #receipt, #receipt * { visibility: visible } #receipt { position: absolute; inset: 0 } .no-print { display: none } }";

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="flex gap-2 py-1">
      <dt className="w-24 shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 flex-1 text-slate-900 [overflow-wrap:anywhere]">{value || (
          <>
            <span className="sr-only">Blank</span>
            <span aria-hidden="true" className="inline-block w-full border-b border-dotted border-slate-400">
              &nbsp;
            </span>
          </>
        )}</dd>
    </div>
  );
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  const hydrated = useHydrated();
  return (
    <article id="receipt" aria-labelledby="receipt-title" className="mx-auto max-w-2xl rounded-2xl bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-4">
        <div>
          <h2 id="receipt-title" className="text-xl font-semibold text-slate-900">
            Payment receipt
          </h2>
          <p className="text-slate-600">Receipt number {r.receiptNo}</p>
        </div>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} className="no-print rounded-lg px-3 py-1.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            Print or save as PDF
          </button>
        ) : (
          <p className="no-print text-slate-600">Use your browser&apos;s Print to save it as a PDF.</p>
        )}
      </header>
      <div className="grid gap-6 py-4 sm:grid-cols-2">
        <section aria-labelledby="seller-title" className="min-w-0">
          <h3 id="seller-title" className="mb-1 font-semibold text-slate-900">
            From
          </h3>
          <dl>
            <Line label="Name" value={r.seller.name} />
            <Line label="Address" value={r.seller.address} />
            <Line label="GSTIN" value={r.seller.gstin} />
          </dl>
        </section>
        <section aria-labelledby="buyer-title" className="min-w-0">
          <h3 id="buyer-title" className="mb-1 font-semibold text-slate-900">
            Billed to
          </h3>
          <dl>
            <Line label="Business" value={r.buyer.name} />
            <Line label="Contact" value={r.buyer.contactPerson} />
            <Line label="Address" value={r.buyer.address} />
            <Line label="Phone" value={r.buyer.phone} />
            <Line label="Email" value={r.buyer.email} />
            <Line label="GSTIN" value={null} />
          </dl>
        </section>
      </div>
      <section aria-labelledby="item-title" className="border-t border-slate-200 pt-4">
        <h3 id="item-title" className="mb-1 font-semibold text-slate-900">
          Payment
        </h3>
        <dl>
          <Line label="Plan" value={r.planName} />
          <Line label="Period" value={r.period.from && r.period.until ? `${r.period.from} to ${r.period.until}` : null} />
          <Line label="Paid on" value={r.paidOn} />
          <Line label="Paid by" value={r.method} />
          <Line label="Payment id" value={r.paymentId} />
        </dl>
        <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-3 text-base">
          <span className="font-semibold text-slate-900">Amount paid</span>
          <span data-testid="receipt-amount" className="text-xl font-bold text-slate-900">
            {r.amount}
          </span>
        </p>
      </section>
    </article>
  );
}
