import { Form, href } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { StaffPdfCardTable } from "./staff-pdf-card-table";
import { PDF_CARD_STATUS_VALUES, PDF_CARD_TEMPLATES } from "#contracts/pdf-card-constants.ts";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { pageMessages } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";

/**
 * Staff: the agency's PDF ID cards (ADR 0024), search by company name or registered phone,
 * filters by status, paid and template, paging by links: all without JavaScript.
 */
export const handle: PanelHandle = { title: "PDF ID cards" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "PDF ID cards" }];

const PATH = href("/panel/admin/pdf-cards");
const PAGE_SIZE = 20;
const oneOf = <T extends string>(list: readonly T[], v: string | null) => (list.includes(v as T) ? (v as T) : undefined);
const SEARCH_FIELDS = ["companyName", "registeredPhoneNumber"] as const;
const TEMPLATE_CODES = PDF_CARD_TEMPLATES.map((tpl) => tpl.code);

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
  const t = pageMessages(context, "staffPdfCards", "staffCommon");
  return { t, pageTitle: t.staffPdfCards.title, filters, total: res.total, pages: Math.max(1, Math.ceil(res.total / PAGE_SIZE)), rows: res.list.map((c) => ({ ...c, createdAt: String(c.createdAt) })) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { staffPdfCards: t, staffCommon } = pageMessages(context, "staffPdfCards", "staffCommon");
  const pdfCardNo = parseId(String(form.get("pdfCardNo") ?? ""));
  const status = oneOf(PDF_CARD_STATUS_VALUES, String(form.get("status") ?? ""));
  if (form.get("intent") !== "status" || !pdfCardNo || !status) return { error: staffCommon.unknownAction };
  const res = await getApi(context).call("POST /pdf-card/updatePdfCardStatus", { body: { pdfCardNo, status } });
  if (!res.ok) {
    return { error: res.message };
  }
  throw await redirectWithToast(`${url.pathname}${url.search}`, { type: "success", message: t.statusChanged });
}

export default function StaffPdfCards({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, pages, rows } = loaderData;
  const t = loaderData.t.staffPdfCards;
  const common = loaderData.t.staffCommon;
  const here = listHref(filters);
  const select = (name: string, label: string, value: string | undefined, options: readonly (readonly [string, string])[]) => (
    <label className="space-y-1 text-sm font-medium text-slate-700">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t.all}</option>
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
            <span>{t.searchLabel}</span>
            <input type="search" name="search" defaultValue={filters.search ?? ""} className={inputClass} />
          </label>
          {select("searchField", t.searchIn, filters.searchField, [
            ["companyName", t.companyName],
            ["registeredPhoneNumber", t.registeredPhone],
          ])}
          {select("status", t.status, filters.status, [
            ["active", t.active],
            ["inactive", t.inactive],
          ])}
          {select("paid", t.watermark, filters.paid, [
            ["yes", t.exportedNoWatermark],
            ["no", t.sample],
          ])}
          {select("templateCode", t.template, filters.templateCode, PDF_CARD_TEMPLATES.map((tpl) => [tpl.code, tpl.name] as const))}
          <button type="submit" className="rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white sm:col-span-2">
            {t.apply}
          </button>
        </Form>
      </Card>
      <p className="text-sm text-slate-600">{total === 1 ? t.countOne : fmt(t.countOther, { count: total })}</p>
      {rows.length ? (
        <StaffPdfCardTable rows={rows} action={here} t={t} />
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{t.noCards}</h2>
          <p className="mt-1 text-slate-600">{filters.search || filters.status || filters.paid || filters.templateCode ? t.noMatch : t.showUpHere}</p>
        </Card>
      )}
      <Pager page={filters.page} pages={pages} hrefFor={(p) => listHref({ ...filters, page: p })} text={common} />
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={here} words={common} /> : null}
    </div>
  );
}
