import { Card } from "~/components/panel-shell";
import { formatDateTime, formatPrice } from "#contracts/format.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useLanguage } from "~/lib/i18n";
import type { BillingWords } from "~/components/billing/bill-parts";

type Entry = { id: number; at: Date | string; actorName: string; action: string; subject: string; before: unknown; after: unknown; reason: string | null };

const actionsOf = (t: BillingWords): Record<string, string> => ({
  "bill-generated": t.auditBillGenerated,
  "card-moved-out": t.auditCardMovedOut,
  "card-added-in": t.auditCardAddedIn,
  "month-payment-paid": t.auditMonthPaid,
  "annual-payment-recorded": t.auditAnnualRecorded,
  "image-payment-paid": t.auditImagePaid,
});

const amountOf = (v: unknown, t: BillingWords) => {
  const o = v as { amount?: number; outstanding?: number } | null;
  return typeof o?.outstanding === "number" ? fmt(t.auditOutstanding, { amount: formatPrice(o.outstanding) }) : typeof o?.amount === "number" ? formatPrice(o.amount) : "";
};

/** The billing audit trail (who, when, before → after, why), newest first: the platform's view. */
export function AuditList({ entries, t }: { entries: Entry[]; t: BillingWords }) {
  const lang = useLanguage();
  const actions = actionsOf(t);
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">{t.changes}</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noChanges}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="py-2">
              <p>
                <strong>{actions[e.action] ?? e.action}</strong>
                {fmt(t.auditBy, { name: e.actorName })} {formatDateTime(e.at, lang)}
              </p>
              <p className="text-slate-600">
                {amountOf(e.before, t) || "—"} → {amountOf(e.after, t) || "—"}
                {e.reason ? ` · “${e.reason}”` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
