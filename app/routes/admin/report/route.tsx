import { data } from "react-router";
import type { Route } from "./+types/route";
import { getApi, getStaff } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { apiUrl } from "~/lib/api-url";
import { Card } from "~/components/panel-shell";
import { BusinessFilterFields, CardFilterFields } from "~/components/projects/filter-fields";
import { ReportDownload } from "./report-download";
import { pageMessages } from "~/lib/i18n.server";
import { href, Link } from "react-router";

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
    throw data({ message: "Reports are for agency admins." }, { status: 404 });
  }
  const { reports } = await getApi(context).get("GET /reports/project-report");
  return { renewals: pageMessages(context, "renewals").renewals, columns: Object.fromEntries(reports.map((r) => [r.kind, r.columns])) as Record<"digital-card" | "business", string[]> };
}

function Columns({ names }: { names: string[] }) {
  return <p className="text-xs text-slate-500">Columns: {names.join(", ")}.</p>;
}

export default function Report({ loaderData }: Route.ComponentProps) {
  const { columns } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      <p className="text-sm text-slate-600">
        Each report holds every row that matches its filters, as a CSV file that Excel, Google Sheets and LibreOffice open (₹ and Hindi names included).
      </p>
      <Card>
        <Link to={href("/panel/admin/renewals")} className="font-semibold text-brand-dark underline">
          {loaderData.renewals.openPipeline}
        </Link>
        <p className="mt-1 text-sm text-slate-600">{loaderData.renewals.openPipelineHint}</p>
      </Card>
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">Digital card report</h2>
        <Columns names={columns["digital-card"]} />
        <div className="mt-3">
          <ReportDownload kind="digital-card" action={apiUrl("GET /reports/project-report/digital-card", { query: {} })} label="Digital card report">
            <CardFilterFields />
          </ReportDownload>
        </div>
      </Card>
      <Card>
        <h2 className="mb-1 font-semibold text-slate-900">Business report</h2>
        <Columns names={columns.business} />
        <div className="mt-3">
          <ReportDownload kind="business" action={apiUrl("GET /reports/project-report/business", { query: {} })} label="Business report">
            <BusinessFilterFields />
          </ReportDownload>
        </div>
      </Card>
    </div>
  );
}
