import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiUrl } from "~/lib/api-url";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { FormError, SubmitButton } from "~/components/form";
import { formatDateTime } from "#contracts/format.ts";
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_STATUS_LABELS } from "#contracts/onboarding.ts";

/*
 * Bulk onboarding (issue 25, ADR 0058): upload a CSV, then its preview page. A plain multipart
 * form, so it works without JavaScript; the API checks every row and refuses non-admins (403).
 */
export const handle: PanelHandle = { title: "Import businesses" };
export const meta = () => [{ title: "Import businesses" }];

export const importHref = (importId: number) => href("/panel/admin/business-imports/:importId", { importId: String(importId) });

export async function loader({ context }: Route.LoaderArgs) {
  return getApi(context).get("GET /business-imports");
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: IMPORT_MESSAGES.noFile };
  const res = await getApi(context).call("POST /business-imports", { body: { file } });
  if (!res.ok) return { error: res.message };
  const { import: imp, reused } = res.data;
  const message = reused ? "This file was uploaded before: here is its import (nothing new was made)." : `Checked ${imp.totalRows} rows: ${imp.validRows} ready, ${imp.errorRows} with errors.`;
  throw await redirectWithToast(importHref(imp.importId), { type: reused ? "info" : "success", message });
}

export default function BusinessImports({ loaderData, actionData }: Route.ComponentProps) {
  const { imports } = loaderData;
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="font-semibold text-slate-900">Upload a spreadsheet of businesses</h2>
        <p className="mt-1 text-sm text-slate-600">
          One business per row (up to {IMPORT_MAX_ROWS.toLocaleString("en-IN")}): the owner's mobile number, the business name, its category and address. You will see
          every row's check before anything is created. Each business gets a trial card and its owner an SMS to set a password.
        </p>
        <p className="mt-2 text-sm">
          <a href={apiUrl("GET /business-imports/template")} className="font-medium text-brand-dark underline" download>
            Download the template (CSV)
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <label className="block text-sm font-medium text-slate-800" htmlFor="import-file">
            CSV or Excel (.xlsx) file
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="block w-full text-sm" />
          <FormError errors={actionData?.error ? [actionData.error] : null} />
          <SubmitButton pendingText="Checking the file…" className="sm:w-auto">
            Upload and check
          </SubmitButton>
        </Form>
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">Earlier imports</h2>
        {imports.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No imports yet. Download the template, fill it in and upload it above.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {imports.map((i) => (
              <li key={i.importId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={importHref(i.importId)} className="font-medium text-brand-dark underline">
                  {i.fileName}
                </Link>
                <span className="text-slate-600">
                  {IMPORT_STATUS_LABELS[i.status]} · {i.createdCount} created of {i.totalRows} · {formatDateTime(i.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
