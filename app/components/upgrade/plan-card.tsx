import type { SubscriptionPlan } from "#contracts/plans.ts";
import { formatPrice } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";
import { frameLine, limitLines, validityLine } from "./plan-words";

const checkIcon = (
  <svg viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0 text-emerald-700" fill="none" stroke="currentColor" strokeWidth={3} aria-hidden="true">
    <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const buttonClass =
  "inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker disabled:cursor-not-allowed disabled:bg-slate-400";

/** One priced offer: a plan in the carousel, or the single PDF card. `action` is its button (or form). */
function OfferCard({
  title,
  price,
  priceNote,
  lines,
  action,
  labelId,
}: {
  title: string;
  price: string;
  priceNote: string;
  lines: string[];
  action: React.ReactNode;
  labelId: string;
}) {
  return (
    <article aria-labelledby={labelId} className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 id={labelId} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2">
        <span className="text-3xl font-bold text-slate-900">{price}</span> <span className="text-sm text-slate-600">{priceNote}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {lines.map((line) => (
          <li key={line} className="flex gap-2">
            {checkIcon}
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5">{action}</div>
    </article>
  );
}

/** A subscription plan: price (paise → ₹), validity in years, its limits in words (`t`: the page's language, English when left out). */
export function PlanCard({ plan, action, t }: { plan: SubscriptionPlan; action: React.ReactNode; t: Catalogue["plans"] }) {
  const frames = frameLine(plan, t);
  return (
    <OfferCard
      labelId={`plan-${plan.subscriptionPlanId}`}
      title={plan.name}
      price={formatPrice(plan.price)}
      priceNote={fmt(t[`perYear${pluralKey(plan.validity)}`], { n: plan.validity })}
      lines={[validityLine(plan.validity, t), ...limitLines(plan.limits, t), ...(frames ? [frames] : [])]}
      action={action}
    />
  );
}

/** SPEC §9: the single PDF card, the first of the agency's customerPlans, priced per PDF. */
export function PdfCardPurchaseCard({ price, action, t }: { price: number; action: React.ReactNode; t: Catalogue["plans"] }) {
  return (
    <OfferCard
      labelId="single-pdf-card"
      title={t.singlePdfCard}
      price={formatPrice(price)}
      priceNote={t.perPdf}
      lines={[t.onePdfCard, t.singleExport, t.noWatermark]}
      action={action}
    />
  );
}
