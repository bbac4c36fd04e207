import { Card } from "~/components/panel-shell";
import { formatDateTime, formatPrice } from "#contracts/format.ts";

type Entry = { id: number; at: Date | string; actorName: string; action: string; subject: string; before: unknown; after: unknown; reason: string | null };

const ACTIONS: Record<string, string> = {
  "bill-generated": "Bill generated",
  "card-moved-out": "Card moved out",
  "card-added-in": "Card added back",
  "month-payment-paid": "Month bill paid",
  "annual-payment-recorded": "Annual fee recorded",
  "image-payment-paid": "Greeting-image service paid",
};

const amountOf = (v: unknown) => {
  const o = v as { amount?: number; outstanding?: number } | null;
  return typeof o?.outstanding === "number" ? `outstanding ${formatPrice(o.outstanding)}` : typeof o?.amount === "number" ? formatPrice(o.amount) : "";
};

/** The billing audit trail (who, when, before → after, why), newest first: the platform's view. */
export function AuditList({ entries }: { entries: Entry[] }) {
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">Changes</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-600">No changes yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="py-2">
              <p>
                <strong>{ACTIONS[e.action] ?? e.action}</strong> by {e.actorName} ·{" "}
                {formatDateTime(e.at)}
              </p>
              <p className="text-slate-600">
                {amountOf(e.before) || "—"} → {amountOf(e.after) || "—"}
                {e.reason ? ` · “${e.reason}”` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
