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
import { importPercent } from "#contracts/onboarding.ts";
import { pageMessages } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import { statusLabel } from "./status";
import { importErrorIn } from "./import-errors.server";

/*
 * One import (ADR 0058): the preview's rows with their errors, the Import button, then the
 * progress bar. While the import waits or runs the page reloads itself every 3 seconds (a meta
 * refresh: the same with JavaScript on or off), and stops when it is done.
 */
export const handle: PanelHandle = { title: "Import businesses" };

const running = (status: string) => status === "queued" || status === "running";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.pageTitle ?? "Import businesses" },
  ...(loaderData && running(loaderData.import.status) ? [{ httpEquiv: "refresh", content: "3" }] : []),
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.importId);
  if (!id) throw new Response("Not found", { status: 404 });
  const show = url.searchParams.get("show") === "errors" ? "errors" : "all";
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const data = await getApi(context).get("GET /business-imports/{id}", { params: { id }, query: { show, page } });
  const t = pageMessages(context, "staffImports", "staffCommon");
  // A row's error is stored in English (the result report's CSV keeps it so); shown in the reader's language.
  const rows = data.rows.map((r) => (r.error ? { ...r, error: importErrorIn(context, r.error) } : r));
  return { ...data, rows, show, t, pageTitle: t.staffImports.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  const id = parseId(params.importId);
  if (!id) throw new Response("Not found", { status: 404 });
  const res = await getApi(context).call("POST /business-imports/{id}/start", { params: { id } });
  if (!res.ok) return { error: importErrorIn(context, res.message) };
  const { staffImports: t } = pageMessages(context, "staffImports");
  const self = href("/panel/admin/business-imports/:importId", { importId: String(id) });
  throw await redirectWithToast(self, { type: "success", message: res.data.started ? t.started : t.alreadyStarted });
}

export default function BusinessImport({ loaderData, actionData }: Route.ComponentProps) {
  const { import: imp, rows, total, page, pageSize, show } = loaderData;
  const t = loaderData.t.staffImports;
  const common = loaderData.t.staffCommon;
  const self = href("/panel/admin/business-imports/:importId", { importId: String(imp.importId) });
  const percent = importPercent(imp);
  const pageHref = (p: number) => `${self}?${new URLSearchParams({ ...(show === "errors" ? { show } : {}), page: String(p) })}`;
  return (
    <div className="space-y-4">
      <Card>
        <p className="text-sm">
          <Link to={href("/panel/admin/business-imports")} className="font-medium text-brand-dark underline">
            {t.allImports}
          </Link>
        </p>
        <h2 className="mt-2 font-semibold break-words text-slate-900">{imp.fileName}</h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="import-status">
          {fmt(t.summary, { status: statusLabel(t, imp.status), total: imp.totalRows, valid: imp.validRows, errors: imp.errorRows })}
          {imp.processedRows > 0 && fmt(t.processed, { created: imp.createdCount, existing: imp.existingCount })}
        </p>
        {imp.status !== "previewed" && (
          <div className="mt-3">
            <label htmlFor="import-progress" className="text-sm text-slate-700">
              {fmt(t.progress, { done: imp.processedRows, valid: imp.validRows, percent })}
            </label>
            <progress id="import-progress" max={100} value={percent} className="mt-1 block h-3 w-full" />
            {running(imp.status) && (
              <p className="mt-1 text-xs text-slate-500">
                {t.refreshes} <Link to={self} className="underline">{t.refreshNow}</Link>
              </p>
            )}
          </div>
        )}
        {imp.failure && <FormError errors={[fmt(t.stopped, { failure: imp.failure })]} />}
        <FormError errors={actionData?.error ? [actionData.error] : null} />
        <div className="mt-3 flex flex-wrap gap-3">
          {(imp.status === "previewed" || imp.status === "failed") && imp.validRows > 0 && (
            <Form method="post">
              <SubmitButton pendingText={t.starting} className="sm:w-auto">
                {fmt(t.importCount, { count: imp.validRows })}
              </SubmitButton>
            </Form>
          )}
          <a href={apiUrl("GET /business-imports/{id}/report", { params: { id: imp.importId } })} className="self-center text-sm font-medium text-brand-dark underline" download>
            {t.report}
          </a>
        </div>
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{t.rows}</h3>
          <p className="text-sm">
            <Link to={self} className="underline">{t.all}</Link> · <Link to={`${self}?show=errors`} className="underline">{t.onlyErrors}</Link>
          </p>
        </div>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noRows}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {rows.map((r) => (
              <li key={r.rowNo} className="py-2">
                <span className="text-slate-500">{fmt(t.rowNo, { rowNo: r.rowNo })}</span> <span className="font-medium">{r.businessName || t.noName}</span> · {r.ownerPhone} · {r.category ?? "—"}
                {r.error ? (
                  <span className="block text-red-700">{r.error}</span>
                ) : r.outcome === "created" && r.businessId ? (
                  <Link to={href("/panel/admin/businesses/:businessId", { businessId: String(r.businessId) })} className="block text-green-800 underline">
                    {t.created}
                  </Link>
                ) : r.outcome === "exists" ? (
                  <span className="block text-slate-600">{t.exists}</span>
                ) : (
                  <span className="block text-slate-600">{t.ready}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={Math.max(1, Math.ceil(total / pageSize))} hrefFor={pageHref} total={total} text={common} />
      </Card>
    </div>
  );
}
