import { Form, href, Link } from "react-router";
import type { Route } from "./+types/import";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { importPercent, IMPORT_STATUS_LABELS } from "#contracts/onboarding.ts";

/*
 * One import (ADR 0058): the preview's rows with their errors, the Import button, then the
 * progress bar. While the import waits or runs the page reloads itself every 3 seconds (a meta
 * refresh: the same with JavaScript on or off), and stops when it is done.
 */
export const handle: PanelHandle = { title: "Import businesses" };

const running = (status: string) => status === "queued" || status === "running";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: "Import businesses" },
  ...(loaderData && running(loaderData.import.status) ? [{ httpEquiv: "refresh", content: "3" }] : []),
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.importId);
  if (!id) throw new Response("Not found", { status: 404 });
  const show = url.searchParams.get("show") === "errors" ? "errors" : "all";
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const data = await getApi(context).get("GET /business-imports/{id}", { params: { id }, query: { show, page } });
  return { ...data, show };
}

export async function action({ params, context }: Route.ActionArgs) {
  const id = parseId(params.importId);
  if (!id) throw new Response("Not found", { status: 404 });
  const res = await getApi(context).call("POST /business-imports/{id}/start", { params: { id } });
  if (!res.ok) return { error: res.message };
  const self = href("/panel/admin/business-imports/:importId", { importId: String(id) });
  throw await redirectWithToast(self, { type: "success", message: res.data.started ? "Import started." : "This import has already started." });
}

export default function BusinessImport({ loaderData, actionData }: Route.ComponentProps) {
  const { import: imp, rows, total, page, pageSize, show } = loaderData;
  const self = href("/panel/admin/business-imports/:importId", { importId: String(imp.importId) });
  const percent = importPercent(imp);
  const pageHref = (p: number) => `${self}?${new URLSearchParams({ ...(show === "errors" ? { show } : {}), page: String(p) })}`;
  return (
    <div className="space-y-4">
      <Card>
        <p className="text-sm">
          <Link to={href("/panel/admin/business-imports")} className="font-medium text-brand-dark underline">
            ← All imports
          </Link>
        </p>
        <h2 className="mt-2 font-semibold break-words text-slate-900">{imp.fileName}</h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="import-status">
          {IMPORT_STATUS_LABELS[imp.status]}: {imp.totalRows} rows, {imp.validRows} ready, {imp.errorRows} with errors.
          {imp.processedRows > 0 && ` ${imp.createdCount} created, ${imp.existingCount} already there.`}
        </p>
        {imp.status !== "previewed" && (
          <div className="mt-3">
            <label htmlFor="import-progress" className="text-sm text-slate-700">
              Progress: {imp.processedRows} of {imp.validRows} ({percent}%)
            </label>
            <progress id="import-progress" max={100} value={percent} className="mt-1 block h-3 w-full" />
            {running(imp.status) && (
              <p className="mt-1 text-xs text-slate-500">
                This page refreshes by itself. <Link to={self} className="underline">Refresh now</Link>
              </p>
            )}
          </div>
        )}
        {imp.failure && <FormError errors={[`The import stopped: ${imp.failure}. Press Import again to continue where it stopped.`]} />}
        <FormError errors={actionData?.error ? [actionData.error] : null} />
        <div className="mt-3 flex flex-wrap gap-3">
          {(imp.status === "previewed" || imp.status === "failed") && imp.validRows > 0 && (
            <Form method="post">
              <SubmitButton pendingText="Starting…" className="sm:w-auto">
                Import {imp.validRows} businesses
              </SubmitButton>
            </Form>
          )}
          <a href={apiUrl("GET /business-imports/{id}/report", { params: { id: imp.importId } })} className="self-center text-sm font-medium text-brand-dark underline" download>
            Download the result report (CSV)
          </a>
        </div>
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">Rows</h3>
          <p className="text-sm">
            <Link to={self} className="underline">All</Link> · <Link to={`${self}?show=errors`} className="underline">Only errors</Link>
          </p>
        </div>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No rows to show.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {rows.map((r) => (
              <li key={r.rowNo} className="py-2">
                <span className="text-slate-500">Row {r.rowNo}:</span> <span className="font-medium">{r.businessName || "(no name)"}</span> · {r.ownerPhone} · {r.category ?? "—"}
                {r.error ? (
                  <span className="block text-red-700">{r.error}</span>
                ) : r.outcome === "created" && r.businessId ? (
                  <Link to={href("/panel/admin/businesses/:businessId", { businessId: String(r.businessId) })} className="block text-green-800 underline">
                    Created
                  </Link>
                ) : r.outcome === "exists" ? (
                  <span className="block text-slate-600">Already there: skipped</span>
                ) : (
                  <span className="block text-slate-600">Ready</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={Math.max(1, Math.ceil(total / pageSize))} hrefFor={pageHref} total={total} />
      </Card>
    </div>
  );
}
