import { data } from "react-router";
import { RenewalsLinkCard, renewalsLinkText } from "~/components/staff/renewals-link";
import type { Route } from "./+types/route";
import { getApi, getStaff } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { apiUrl } from "~/lib/api-url";
import { Card } from "~/components/panel-shell";
import { BusinessFilterFields, CardFilterFields } from "~/components/projects/filter-fields";
import { ReportDownload } from "./report-download";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { messagesFor, translateMessage } from "#contracts/i18n/messages.ts";
import { fmt } from "~/lib/i18n";

/**
 * Report (SPEC §7 Reports, admin menu): the digital card and business lists as report.csv, with
 * the lists' filters. The downloads go straight to the API's streamed CSV (same origin, the
 * session cookie along): the panel never holds the file. ADR 0017.
 */

export const handle: PanelHandle = { title: "Report" };
export const meta = () => [{ title: "Report" }];

export async function loader({ context }: Route.LoaderArgs) {
  // Not on this person's menu (SPEC §6: admin role): a 404 with the reason, not the API's 403,
  // which would sign them out (SPEC §8).
  if (!getStaff(context).menu.some((i) => i.key === "report")) {
    throw data({ message: translateMessage(languageOf(context), "Reports are for agency admins.") }, { status: 404 });
  }
  const { reports } = await getApi(context).get("GET /reports/project-report");
  const t = pageMessages(context, "staffFilters", "staffReport");
  // The renewal pipeline (ADR 0067) is linked from here: only its link's words.
  return { t, renewalsText: renewalsLinkText(messagesFor(languageOf(context), "renewals").renewals), pageTitle: t.staffReport.title, columns: Object.fromEntries(reports.map((r) => [r.kind, r.columns])) as Record<"digital-card" | "business", string[]> };
}

function Columns({ names, text }: { names: string[]; text: string }) {
  return <p className="text-xs text-slate-500">{fmt(text, { names: names.join(", ") })}</p>;
}

export default function Report({ loaderData }: Route.ComponentProps) {
  const { columns } = loaderData;
  const t = loaderData.t.staffReport;
  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">
        {t.intro}
      </p>
      <RenewalsLinkCard text={loaderData.renewalsText} />
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">{t.digitalCardReport}</h2>
        <Columns names={columns["digital-card"]} text={t.columns} />
        <div className="mt-3">
          <ReportDownload kind="digital-card" action={apiUrl("GET /reports/project-report/digital-card", { query: {} })} label={t.digitalCardReport} t={t}>
            <CardFilterFields t={loaderData.t.staffFilters} />
          </ReportDownload>
        </div>
      </Card>
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">{t.businessReport}</h2>
        <Columns names={columns.business} text={t.columns} />
        <div className="mt-3">
          <ReportDownload kind="business" action={apiUrl("GET /reports/project-report/business", { query: {} })} label={t.businessReport} t={t}>
            <BusinessFilterFields t={loaderData.t.staffFilters} />
          </ReportDownload>
        </div>
      </Card>
    </div>
  );
}
