import { useId } from "react";

export type ChartMonth = { month: string; cardsSold: number; renewalsDue: number; future: boolean };

const monthName = new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "UTC" });
/** "2026-11" → "Nov 2026". */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

// One small SVG drawn on the server (no chart library, no JavaScript): the viewBox is sized for a
// 360 px phone and scales up; every bar has a <title>, and the same numbers are a table below.
const W = 360;
const H = 190;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 26;
const SOLD = "var(--color-brand-dark)";
const DUE = "#b45309"; // amber-700: 5:1 on white

export function MonthsChart({ months }: { months: ChartMonth[] }) {
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
        Cards sold and renewals due per month
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: SOLD }} /> Cards sold
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: DUE }} /> Renewals due
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm border border-dashed border-slate-500" /> Months ahead
        </li>
      </ul>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full max-w-xl" data-testid="months-chart">
        <title id={`${id}-title`}>
          {`Cards sold and renewals due, ${monthLabel(months[0]?.month ?? "2000-01")} to ${monthLabel(months.at(-1)?.month ?? "2000-01")}. The table below has the numbers.`}
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
          const label = monthLabel(m.month);
          return (
            <g key={m.month} opacity={m.future ? 0.55 : 1}>
              <rect x={x} y={y(m.cardsSold)} width={bar} height={Math.max(0, y(0) - y(m.cardsSold))} fill={SOLD}>
                <title>{`${label}: ${m.cardsSold} cards sold`}</title>
              </rect>
              <rect x={x + bar} y={y(m.renewalsDue)} width={bar} height={Math.max(0, y(0) - y(m.renewalsDue))} fill={DUE}>
                <title>{`${label}: ${m.renewalsDue} renewals due`}</title>
              </rect>
              {m.future ? <rect x={x - 1} y={TOP} width={2 * bar + 2} height={plot} fill="none" stroke="#64748b" strokeDasharray="2 2" /> : null}
              <text x={x + bar} y={H - BOTTOM + 11} fontSize="8" textAnchor="middle" fill="#334155">
                {label.slice(0, 3)}
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
        <summary className="cursor-pointer font-medium text-brand-dark underline">Show the numbers as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Cards sold and renewals due per month</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">Month</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Cards sold</th>
                <th scope="col" className="py-1 text-right font-medium">Renewals due</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {monthLabel(m.month)}
                    {m.future ? " (ahead)" : ""}
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
