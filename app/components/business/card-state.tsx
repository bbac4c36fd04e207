import { UpgradeLink } from "../upgrade/upgrade-link";
import { cardStateLabel, type CardState, type CardStateResult } from "#contracts/card-state.ts";
import { EXPIRING_SOON_DAYS } from "#contracts/payment-status.ts";
import { formatDate } from "#contracts/format.ts";

// Text on its tint passes WCAG AA (≥ 4.5:1) for small bold text.
const STYLES: Record<CardState, string> = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  trial: "bg-sky-50 text-sky-800 ring-sky-200",
  "expiring-soon": "bg-amber-50 text-amber-900 ring-amber-300",
  expired: "bg-red-50 text-red-800 ring-red-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-300",
  unpaid: "bg-slate-100 text-slate-700 ring-slate-300",
};

/**
 * The one badge for a card's or a business's state (contracts/card-state.ts decides it). `label`:
 * the words in the page's language where the page sends them (the customer home, ADR 0066).
 */
export function CardStateBadge({ status, label }: { status: CardStateResult; label?: string }) {
  return (
    <span data-card-state={status.state} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STYLES[status.state]}`}>
      {label ?? cardStateLabel(status)}
    </span>
  );
}

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/**
 * The home page's banner: expired → what it means and 'Pricing' (the #upgrade dialog); a paid
 * plan expiring within 7 days → a warning with the days left; a free trial in its last week
 * (ADR 0015: every trial, by default) → the days left, in the trial's calm colour. Nothing otherwise.
 */
export function ExpiryBanner({ status, expiry, businessName }: { status: CardStateResult; expiry: string | Date | null; businessName: string }) {
  const trialEnding = status.state === "trial" && status.daysLeft !== null && status.daysLeft <= EXPIRING_SOON_DAYS;
  if (status.state !== "expired" && status.state !== "expiring-soon" && !trialEnding) return null;
  const on = expiry ? ` on ${formatDate(expiry)}` : "";
  const what = status.paid ? "plan" : "free trial";
  const expired = status.state === "expired";
  return (
    <div role={expired ? "alert" : "status"} className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl px-4 py-3 ring-1 ${STYLES[status.state]}`}>
      <p className="min-w-0 flex-1 text-sm">
        {expired ? (
          <>
            <strong>
              The {what} for {businessName} expired{on}.
            </strong>{" "}
            Your digital business card may no longer open for visitors. Renew to keep it online.
          </>
        ) : (
          <>
            <strong>
              The {what} for {businessName} {status.paid ? "expires" : "ends"} {(status.daysLeft ?? 0) < 1 ? "today" : `in ${days(status.daysLeft ?? 0)}`}
              {on}.
            </strong>{" "}
            {status.paid ? "Renew now so your card stays online." : "Choose a plan so your card stays online."}
          </>
        )}
      </p>
      <UpgradeLink className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 ring-1 ring-current/30 hover:bg-slate-50">Pricing</UpgradeLink>
    </div>
  );
}
