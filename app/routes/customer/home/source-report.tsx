import { Card } from "~/components/panel-shell";
import { formatDate, formatNumber } from "#contracts/format.ts";
import { fmt, useLanguage } from "~/lib/i18n";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import type { CardSource, SourceEvent } from "#contracts/card-sources.ts";

type Counts = Record<SourceEvent, number>;
export type SourceWeek = {
  weekStart: string;
  weekEnd: string;
  totals: Counts;
  bySource: (Counts & { source: CardSource })[];
  topGreeting: { greetingId: number; name: string | null; imageUrl: string | null; visits: number; actions: number } | null;
};

const EVENTS: { key: SourceEvent; label: "visits" | "saves" | "calls" | "whatsapp" | "enquiries" }[] = [
  { key: "visit", label: "visits" },
  { key: "save", label: "saves" },
  { key: "call", label: "calls" },
  { key: "whatsapp", label: "whatsapp" },
  { key: "enquiry", label: "enquiries" },
];
const SOURCE_LABEL: Record<CardSource, "sourceDirect" | "sourceGreeting" | "sourceQr" | "sourceWhatsapp" | "sourceIdcard"> = {
  direct: "sourceDirect",
  greeting: "sourceGreeting",
  qr: "sourceQr",
  whatsapp: "sourceWhatsapp",
  idcard: "sourceIdcard",
};
const any = (c: Counts) => c.visit + c.save + c.call + c.whatsapp + c.enquiry > 0;

/**
 * The card's week by where visitors came from (ADR 0068): this week's table by source and the
 * greeting that brought the most visits, then the earlier weeks' totals. A table scrolls sideways
 * at 360 px rather than squeezing its numbers.
 */
export function SourceReport({ weeks, t }: { weeks: SourceWeek[]; t: Catalogue["cardReport"] }) {
  const lang = useLanguage();
  const [current, ...earlier] = weeks;
  if (!current) return null;
  const rows = current.bySource.filter(any);
  const range = (w: SourceWeek) => fmt(t.weekOf, { from: formatDate(w.weekStart, lang), to: formatDate(w.weekEnd, lang) });
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">{t.title}</h2>
      <p className="text-sm text-slate-500">
        {t.thisWeek} · {range(current)}
      </p>
      {rows.length ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm" data-testid="source-table">
            <thead>
              <tr className="text-left text-slate-500">
                <th scope="col" className="py-1 pr-2 font-medium">{t.source}</th>
                {EVENTS.map((e) => (
                  <th key={e.key} scope="col" className="px-2 py-1 text-right font-medium">{t[e.label]}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.source} className="border-t border-slate-100" data-source={r.source}>
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-800">{t[SOURCE_LABEL[r.source]]}</th>
                  {EVENTS.map((e) => (
                    <td key={e.key} className="px-2 py-1.5 text-right tabular-nums text-slate-900">{formatNumber(r[e.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t.noVisits}</p>
      )}
      <div className="mt-4 rounded-xl bg-slate-50 p-3">
        <h3 className="text-sm font-medium text-slate-600">{t.bestGreeting}</h3>
        {current.topGreeting ? (
          <div className="mt-2 flex items-center gap-3" data-testid="top-greeting">
            {current.topGreeting.imageUrl ? <img src={current.topGreeting.imageUrl} alt="" width={56} height={56} className="size-14 rounded-lg object-cover" /> : null}
            <div>
              <p className="font-semibold text-slate-900">{current.topGreeting.name ?? `#${current.topGreeting.greetingId}`}</p>
              <p className="text-xs text-slate-500">{fmt(t.greetingVisits, { visits: formatNumber(current.topGreeting.visits), actions: formatNumber(current.topGreeting.actions) })}</p>
            </div>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t.bestGreetingNone}</p>
        )}
      </div>
      {earlier.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-dark">{t.earlierWeeks}</summary>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {earlier.map((w) => (
              <li key={w.weekStart}>
                <span className="font-medium">{range(w)}</span>: {EVENTS.map((e) => `${formatNumber(w.totals[e.key])} ${t[e.label]}`).join(" · ")}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}
