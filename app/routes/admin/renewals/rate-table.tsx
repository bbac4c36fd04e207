import type { Catalogue } from "#contracts/i18n/messages.ts";

type Row = { key: string; label: string; paid: number; lost: number; open: number; rate: number | null };

/** Paid, lost and open renewals and the rate paid / (paid + lost), one row per month or franchisee. */
export function RateTable({ t, first, rows }: { t: Catalogue["renewals"]; first: string; rows: Row[] }) {
  if (rows.length === 0) return <p className="mt-2 text-sm text-slate-600">{t.noHistory}</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">{first}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t.paid}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t.lost}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t.open}</th>
            <th scope="col" className="py-1 font-medium">{t.rate}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-1 pr-3">{r.label}</td>
              <td className="py-1 pr-3">{r.paid}</td>
              <td className="py-1 pr-3">{r.lost}</td>
              <td className="py-1 pr-3">{r.open}</td>
              <td className="py-1 font-medium">{r.rate === null ? t.noRate : `${Math.round(r.rate * 100)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
