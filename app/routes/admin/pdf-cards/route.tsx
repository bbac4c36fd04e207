import { Form, href } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { StaffPdfCardTable } from "./staff-pdf-card-table";
import { PDF_CARD_MESSAGES, PDF_CARD_STATUS_VALUES, PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";

/**
 * Staff: the agency's PDF ID cards (ADR 0024), search by company name or registered phone,
 * filters by status, paid and template, paging by links: all without JavaScript.
 */
export const handle: PanelHandle = { title: "PDF ID cards" };
export const meta = () => [{ title: "PDF ID cards" }];

const PATH = href("/panel/admin/pdf-cards");
const PAGE_SIZE = 20;
const oneOf = <T extends string>(list: readonly T[], v: string | null) => (list.includes(v as T) ? (v as T) : undefined);
const SEARCH_FIELDS = ["companyName", "registeredPhoneNumber"] as const;
const TEMPLATE_CODES = PDF_CARD_TEMPLATES.map((t) => t.code);

function filtersOf(s: URLSearchParams) {
  return {
    search: s.get("search")?.trim().slice(0, 100) || undefined,
    searchField: oneOf(SEARCH_FIELDS, s.get("searchField")),
    status: oneOf(PDF_CARD_STATUS_VALUES, s.get("status")),
    paid: oneOf(["yes", "no"] as const, s.get("paid")),
    templateCode: oneOf(TEMPLATE_CODES, s.get("templateCode")),
    page: parseId(s.get("page")) ?? 1,
  };
}
type Filters = ReturnType<typeof filtersOf>;
function listHref(f: Partial<Filters>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
  return p.size ? `${PATH}?${p}` : PATH;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const filters = filtersOf(url.searchParams);
  const res = await getApi(context).get("GET /pdf-card/getPdfCardList", { query: { ...filters, pageSize: PAGE_SIZE } });
  return { filters, total: res.total, pages: Math.max(1, Math.ceil(res.total / PAGE_SIZE)), rows: res.list.map((c) => ({ ...c, createdAt: String(c.createdAt) })) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const pdfCardNo = parseId(String(form.get("pdfCardNo") ?? ""));
  const status = oneOf(PDF_CARD_STATUS_VALUES, String(form.get("status") ?? ""));
  if (form.get("intent") !== "status" || !pdfCardNo || !status) return { error: "Unknown action." };
  const res = await getApi(context).call("POST /pdf-card/updatePdfCardStatus", { body: { pdfCardNo, status } });
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(`${url.pathname}${url.search}`, { type: "success", message: PDF_CARD_MESSAGES.statusChanged });
}

export default function StaffPdfCards({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, pages, rows } = loaderData;
  const here = listHref(filters);
  const select = (name: string, label: string, value: string | undefined, options: readonly (readonly [string, string])[]) => (
    <label className="space-y-1 text-sm font-medium text-slate-700">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">All</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-4 pb-20">
      <Card>
        <Form method="get" className="grid gap-3 sm:grid-cols-2">
          <label className="space-y-1 text-sm font-medium text-slate-700 sm:col-span-2">
            <span>Search by company name or registered phone number</span>
            <input type="search" name="search" defaultValue={filters.search ?? ""} className={inputClass} />
          </label>
          {select("searchField", "Search in", filters.searchField, [
            ["companyName", "Company name"],
            ["registeredPhoneNumber", "Registered phone number"],
          ])}
          {select("status", "Status", filters.status, [
            ["active", "Active"],
            ["inactive", "Inactive"],
          ])}
          {select("paid", "Watermark", filters.paid, [
            ["yes", "Exported (no watermark)"],
            ["no", "Sample"],
          ])}
          {select("templateCode", "Template", filters.templateCode, PDF_CARD_TEMPLATES.map((t) => [t.code, t.name] as const))}
          <button type="submit" className="rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white sm:col-span-2">
            Apply
          </button>
        </Form>
      </Card>
      <p className="text-sm text-slate-600">
        {total} PDF card{total === 1 ? "" : "s"}
      </p>
      {rows.length ? (
        <StaffPdfCardTable rows={rows} action={here} />
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">No PDF ID cards</h2>
          <p className="mt-1 text-slate-600">{filters.search || filters.status || filters.paid || filters.templateCode ? "Nothing matches these filters." : "Customers' PDF ID cards show up here."}</p>
        </Card>
      )}
      <Pager page={filters.page} pages={pages} hrefFor={(p) => listHref({ ...filters, page: p })} />
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} /> : null}
    </div>
  );
}
