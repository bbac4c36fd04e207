import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { formatDateTime, formatNumber } from "#contracts/format.ts";
import { IMPORT_MAX_ROWS } from "#contracts/onboarding.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { importErrorIn } from "./import-errors.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import { statusLabel } from "./status";

/*
 * Bulk onboarding (issue 25, ADR 0058): upload a CSV, then its preview page. A plain multipart
 * form, so it works without JavaScript; the API checks every row and refuses non-admins (403).
 */
export const handle: PanelHandle = { title: "Import businesses" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Import businesses" }];

export const importHref = (importId: number) => href("/panel/admin/business-imports/:importId", { importId: String(importId) });

export async function loader({ context }: Route.LoaderArgs) {
  const { imports } = await getApi(context).get("GET /business-imports");
  const t = pageMessages(context, "staffImports", "staffCommon");
  return { imports, lang: languageOf(context), t, pageTitle: t.staffImports.title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const file = formData.get("file");
  const { staffImports: t } = pageMessages(context, "staffImports");
  if (!(file instanceof File) || file.size === 0) return { error: t.noFile };
  const res = await getApi(context).call("POST /business-imports", { body: { file } });
  if (!res.ok) return { error: importErrorIn(context, res.message) };
  const { import: imp, reused } = res.data;
  const message = reused ? t.reused : fmt(t.checked, { total: imp.totalRows, valid: imp.validRows, errors: imp.errorRows });
  throw await redirectWithToast(importHref(imp.importId), { type: reused ? "info" : "success", message });
}

export default function BusinessImports({ loaderData, actionData }: Route.ComponentProps) {
  const { imports, lang } = loaderData;
  const t = loaderData.t.staffImports;
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="font-semibold text-slate-900">{t.uploadTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{fmt(t.uploadIntro, { max: formatNumber(IMPORT_MAX_ROWS) })}</p>
        <p className="mt-2 text-sm">
          <a href={apiUrl("GET /business-imports/template")} className="font-medium text-brand-dark underline" download>
            {t.template}
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <label className="block text-sm font-medium text-slate-800" htmlFor="import-file">
            {t.fileLabel}
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="block w-full text-sm" />
          <FormError errors={actionData?.error ? [actionData.error] : null} />
          <SubmitButton pendingText={t.checking} className="sm:w-auto">
            {t.upload}
          </SubmitButton>
        </Form>
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">{t.earlier}</h2>
        {imports.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noneYet}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {imports.map((i) => (
              <li key={i.importId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={importHref(i.importId)} className="font-medium text-brand-dark underline">
                  {i.fileName}
                </Link>
                <span className="text-slate-600">
                  {fmt(t.listLine, { status: statusLabel(t, i.status), created: i.createdCount, total: i.totalRows, date: formatDateTime(i.createdAt, lang) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
