import { useId } from "react";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { dateLocale } from "#contracts/format.ts";

export type ChartMonth = { month: string; cardsSold: number; renewalsDue: number; future: boolean };

// Month names in the page's language, Latin digits (as contracts/format.ts writes dates).
/** "2026-11" → "Nov 2026" ("नव॰ 2026" in Hindi). */
export const monthLabel = (month: string, lang = "en") =>
  new Intl.DateTimeFormat(dateLocale(lang), { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
/** "2026-11" → "Nov": the axis's short name (whole, not cut: an Indian script's letters are not one character each). */
const monthShort = (month: string, lang: string) => new Intl.DateTimeFormat(dateLocale(lang), { month: "short", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

// One small SVG drawn on the server (no chart library, no JavaScript): the viewBox is sized for a
// 360 px phone and scales up; every bar has a <title>, and the same numbers are a table below.
const W = 360;
const H = 190;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 26;
const SOLD = "var(--color-brand-dark)";
const DUE = "#b45309"; // amber-700: 5:1 on white

export function MonthsChart({ months, t, lang }: { months: ChartMonth[]; t: Catalogue["staffHome"]; lang: string }) {
  const id = useId();
  const max = Math.max(1, ...months.flatMap((m) => [m.cardsSold, m.renewalsDue]));
  const step = (W - LEFT) / months.length;
  const bar = Math.max(3, Math.floor(step / 2.6));
  const plot = H - TOP - BOTTOM;
  const y = (n: number) => TOP + plot - (n / max) * plot;
  const ticks = [...new Set([0, Math.round(max / 2), max])];

  return (
    <figure className="space-y-2">
      <figcaption id={`${id}-caption`} className="font-semibold text-slate-900">
        {t.chartCaption}
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: SOLD }} /> {t.cardsSold}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: DUE }} /> {t.renewalsDue}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm border border-dashed border-slate-500" /> {t.monthsAhead}
        </li>
      </ul>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full max-w-xl" data-testid="months-chart">
        <title id={`${id}-title`}>
          {fmt(t.chartTitle, { from: monthLabel(months[0]?.month ?? "2000-01", lang), to: monthLabel(months.at(-1)?.month ?? "2000-01", lang) })}
        </title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={W} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={LEFT - 4} y={y(t) + 3} fontSize="9" textAnchor="end" fill="#475569">
              {t}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = LEFT + i * step + (step - 2 * bar) / 2;
          const label = monthLabel(m.month, lang);
          return (
            <g key={m.month} opacity={m.future ? 0.55 : 1}>
              <rect x={x} y={y(m.cardsSold)} width={bar} height={Math.max(0, y(0) - y(m.cardsSold))} fill={SOLD}>
                <title>{fmt(t.barSold, { month: label, count: m.cardsSold })}</title>
              </rect>
              <rect x={x + bar} y={y(m.renewalsDue)} width={bar} height={Math.max(0, y(0) - y(m.renewalsDue))} fill={DUE}>
                <title>{fmt(t.barDue, { month: label, count: m.renewalsDue })}</title>
              </rect>
              {m.future ? <rect x={x - 1} y={TOP} width={2 * bar + 2} height={plot} fill="none" stroke="#64748b" strokeDasharray="2 2" /> : null}
              <text x={x + bar} y={H - BOTTOM + 11} fontSize="8" textAnchor="middle" fill="#334155">
                {lang === "en" ? label.slice(0, 3) : monthShort(m.month, lang)}
              </text>
              {i === 0 || m.month.endsWith("-01") ? (
                <text x={x + bar} y={H - BOTTOM + 21} fontSize="8" textAnchor="middle" fill="#64748b">
                  {m.month.slice(0, 4)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-dark underline">{t.showTable}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{t.chartCaption}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">{t.month}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t.cardsSold}</th>
                <th scope="col" className="py-1 text-right font-medium">{t.renewalsDue}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {monthLabel(m.month, lang)}
                    {m.future ? t.ahead : ""}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{m.cardsSold}</td>
                  <td className="py-1 text-right tabular-nums">{m.renewalsDue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
