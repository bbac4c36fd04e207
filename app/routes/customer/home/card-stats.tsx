import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";

type Counter = { today: number; last7Days: number; total: number };
const number = new Intl.NumberFormat("en-IN");

function Stat({ label, counter, note }: { label: string; counter: Counter; note: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{number.format(counter.last7Days)}</dd>
      <dd className="text-xs text-slate-500">
        last 7 days · {number.format(counter.today)} today · {number.format(counter.total)} in all
      </dd>
      <dd className="sr-only">{note}</dd>
    </div>
  );
}

/** What the card did for the business: views, taps, contact saves (7 days, today, all time) and enquiries. */
export function CardStats({
  stats,
  enquiries,
}: {
  stats: { views: Counter; taps: Counter; saves: Counter } | null;
  enquiries: { last7Days: number; total: number } | null;
}) {
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">How your card is doing</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats ? (
          <>
            <Stat label="Views" counter={stats.views} note="Times the card was opened." />
            <Stat label="Taps" counter={stats.taps} note="Taps on call, WhatsApp, email, map, pay and link buttons." />
            <Stat label="Contact saves" counter={stats.saves} note="Visitors who saved your contact." />
          </>
        ) : null}
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm font-medium text-slate-600">Enquiries</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{number.format(enquiries?.last7Days ?? 0)}</dd>
          <dd className="text-xs text-slate-500">last 7 days · {number.format(enquiries?.total ?? 0)} in all</dd>
          <dd className="mt-1">
            <Link to={href("/panel/customer/feedback")} className="text-sm font-medium text-brand-dark underline">
              See enquiries
            </Link>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
