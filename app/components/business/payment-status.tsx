import type { PaymentState } from "#contracts/payment-status.ts";

const STYLES: Record<PaymentState, string> = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "expiring-soon": "bg-amber-50 text-amber-900 ring-amber-300",
  expired: "bg-red-50 text-red-800 ring-red-200",
  unpaid: "bg-slate-100 text-slate-700 ring-slate-300",
};

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** SPEC §4 payment status as a short label (the API computed the state and the days left). */
export function paymentLabel(state: PaymentState, remainingDays: number | null) {
  if (state === "expired") return "Expired";
  if (state === "expiring-soon") return `Expires in ${days(remainingDays ?? 0)}`;
  return state === "paid" ? "Active plan" : "No plan yet";
}

export function PaymentBadge({ state, remainingDays }: { state: PaymentState; remainingDays: number | null }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[state]}`}>{paymentLabel(state, remainingDays)}</span>;
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * The home page's banner: expired → what it means and 'Pricing' (the #upgrade dialog);
 * expiring within 7 days → a warning with the days left. Nothing for a running plan.
 */
export function PaymentBanner({
  state,
  remainingDays,
  expiry,
  businessName,
}: {
  state: PaymentState;
  remainingDays: number | null;
  expiry: string | Date | null;
  businessName: string;
}) {
  if (state !== "expired" && state !== "expiring-soon") return null;
  const on = expiry ? ` on ${dateFormat.format(new Date(expiry))}` : "";
  const expired = state === "expired";
  return (
    <div role={expired ? "alert" : "status"} className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl px-4 py-3 ring-1 ${STYLES[state]}`}>
      <p className="min-w-0 flex-1 text-sm">
        {expired ? (
          <>
            <strong>The plan for {businessName} expired{on}.</strong> Your digital business card may no longer open for visitors. Renew to keep it
            online.
          </>
        ) : (
          <>
            <strong>
              The plan for {businessName} expires in {days(remainingDays ?? 0)}
              {on}.
            </strong>{" "}
            Renew now so your card stays online.
          </>
        )}
      </p>
      <a href="#upgrade" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 ring-1 ring-current/30 hover:bg-slate-50">
        Pricing
      </a>
    </div>
  );
}
