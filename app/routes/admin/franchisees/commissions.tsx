import { Form, href, Link } from "react-router";
import type { Route } from "./+types/commissions";
import { getApi } from "~/lib/request-context.server";
import { pageMessages } from "~/lib/i18n.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { inputClass } from "~/components/form";
import { formatPrice } from "#contracts/format.ts";
import { commissionMonth } from "#contracts/commissions.ts";
import { rateLabel } from "./rate-label";

/*
 * Commissions (ADR 0069), reached from the Franchisee List: every staff member of the agency with
 * their rate and the month's net and payout; each opens its statement. Admins only (the API says
 * 403 to anyone else). The month is a GET form: works without JavaScript.
 */

export const handle: PanelHandle = { title: "Commissions" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Commissions" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = commissionMonth.safeParse(url.searchParams.get("month"));
  const res = await getApi(context).get("GET /commissions", { query: parsed.success ? { month: parsed.data } : {} });
  const t = pageMessages(context, "commissions");
  return { ...res, t, pageTitle: t.commissions.title };
}

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { list, month } = loaderData;
  const t = loaderData.t.commissions;
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">{t.intro}</p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          {t.month}
          <input type="month" name="month" defaultValue={month} className={inputClass} />
        </label>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          {t.show}
        </button>
      </Form>
      {list.length ? (
        <ul aria-label={t.staff} className="space-y-3">
          {list.map((f) => (
            <li key={f.franchiseeId}>
              <Card className={f.isActive ? "" : "bg-slate-50"}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-slate-900">{f.name}</h2>
                    <p className="text-sm text-slate-700">{rateLabel(f.rate, t)}</p>
                  </div>
                  <div className="text-right text-sm">
                    <p className="font-semibold text-slate-900">{formatPrice(f.net)}</p>
                    <p className="text-slate-600">{f.paid === null ? t.notPaid : `${t.paid} ${formatPrice(f.paid)}`}</p>
                  </div>
                </div>
                <Link
                  to={`${href("/panel/admin/franchisees/:franchiseeId/commissions", { franchiseeId: String(f.franchiseeId) })}?month=${month}`}
                  aria-label={`${t.open}: ${f.name}`}
                  className="mt-3 inline-flex rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {t.open}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <p className="text-sm text-slate-600">{t.noStaff}</p>
        </Card>
      )}
    </div>
  );
}
