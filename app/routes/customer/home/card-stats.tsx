import { href, Link } from "react-router";
import { Card } from "~/components/panel-shell";
import { formatNumber } from "#contracts/format.ts";
import { fmt } from "~/lib/i18n";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

type Counter = { today: number; last7Days: number; total: number };


function Stat({ label, counter, note, line }: { label: string; counter: Counter; note: string; line: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatNumber(counter.last7Days)}</dd>
      <dd className="text-xs text-slate-500">
        {fmt(line, { today: formatNumber(counter.today), total: formatNumber(counter.total) })}
      </dd>
      <dd className="sr-only">{note}</dd>
    </div>
  );
}

/** What the card did for the business: views, taps, contact saves (7 days, today, all time) and enquiries. */
export function CardStats({
  stats,
  enquiries,
  t,
}: {
  stats: { views: Counter; taps: Counter; saves: Counter } | null;
  enquiries: { last7Days: number; total: number } | null;
  t: Catalogue["home"];
}) {
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">{t.howCardIsDoing}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats ? (
          <>
            <Stat label={t.views} counter={stats.views} note={t.viewsNote} line={t.counterLine} />
            <Stat label={t.taps} counter={stats.taps} note={t.tapsNote} line={t.counterLine} />
            <Stat label={t.saves} counter={stats.saves} note={t.savesNote} line={t.counterLine} />
          </>
        ) : null}
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-sm font-medium text-slate-600">{t.enquiries}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatNumber(enquiries?.last7Days ?? 0)}</dd>
          <dd className="text-xs text-slate-500">{fmt(t.enquiryLine, { total: formatNumber(enquiries?.total ?? 0) })}</dd>
          <dd className="mt-1">
            <Link to={href("/panel/customer/feedback")} className="text-sm font-medium text-brand-dark underline">
              {t.seeEnquiries}
            </Link>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
