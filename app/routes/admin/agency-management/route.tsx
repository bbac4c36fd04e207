import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { inputClass } from "~/components/form";
import { agencyFormDefaults, AGENCY_STATUS_FILTERS, type AgencyStatusFilter } from "#contracts/agency.ts";
import { AgencyForm, SAVE_AGENCY_INTENT, SslBadge } from "./agency-form";
import { agencyFormErrorWords, saveAgency } from "./agency-form.server";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { pageMessages } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";

/**
 * Agency Management (admin drawer; superadmin admins, SPEC §6): every agency with search,
 * a status filter and paging, all links and GET forms (no JavaScript needed), and "Add agency",
 * a URL step (?new=1) with the whole configuration form. The API refuses anyone else (403: the
 * error boundary's sign-out dialog).
 */

export const handle: PanelHandle = { title: "Agency Management" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Agency Management" }];

const PATH = href("/panel/admin/agency-management");
const PAGE_SIZE = 20;
const isStatus = (v: string | null): v is AgencyStatusFilter => (AGENCY_STATUS_FILTERS as readonly string[]).includes(v ?? "");

function listUrl(values: { search?: string; status?: string; page?: number; new?: boolean }) {
  const search = new URLSearchParams();
  if (values.search) search.set("search", values.search);
  if (values.status) search.set("status", values.status);
  if (values.page && values.page > 1) search.set("page", String(values.page));
  if (values.new) search.set("new", "1");
  return search.size ? `${PATH}?${search}` : PATH;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = url.searchParams;
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const status = isStatus(params.get("status")) ? (params.get("status") as AgencyStatusFilter) : undefined;
  const page = parseId(params.get("page")) ?? 1;
  const res = await getApi(context).get("GET /agency/list", { query: { search: search || undefined, status, page, pageSize: PAGE_SIZE } });
  const pages = Math.max(1, Math.ceil(res.total / PAGE_SIZE));
  if (page > pages) throw redirect(listUrl({ search, status, page: pages }));
  const t = pageMessages(context, "staffAgencies", "staffCommon");
  return { list: res.list, total: res.total, search, status, page, pages, adding: params.get("new") === "1", t, pageTitle: t.staffAgencies.title, errorWords: agencyFormErrorWords(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== SAVE_AGENCY_INTENT) return { result: null };
  return saveAgency(context, formData);
}

export default function AgencyManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, search, status, page, pages, adding, errorWords } = loaderData;
  const { staffAgencies: t, staffCommon: common } = loaderData.t;
  if (adding) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 pb-20">
        <p className="text-sm text-slate-600">{t.newIntro}</p>
        <AgencyForm formId="agency-new" defaultValue={agencyFormDefaults()} lastResult={actionData?.result} action={listUrl({ new: true })} cancelTo={PATH} submitLabel={t.createAgency} t={t} common={common} errorWords={errorWords} />
      </div>
    );
  }
  const filtered = !!(search || status);
  const [before, after = ""] = t.tryAnother.split("{link}");
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {total === 1 ? (filtered ? t.foundOne : t.countOne) : fmt(filtered ? t.foundOther : t.countOther, { total })}
        </p>
        <Link to={listUrl({ new: true })} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          {t.addAgency}
        </Link>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 basis-56">
          <span className="block text-sm font-medium text-slate-700">{common.search}</span>
          <input type="search" name="search" defaultValue={search} placeholder={t.searchPlaceholder} className={inputClass} />
        </label>
        <label className="basis-36">
          <span className="block text-sm font-medium text-slate-700">{t.status}</span>
          <select name="status" defaultValue={status ?? ""} className={inputClass}>
            <option value="">{t.all}</option>
            <option value="active">{t.active}</option>
            <option value="inactive">{t.switchedOff}</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
          {common.search}
        </button>
      </Form>
      {list.length ? (
        <ul aria-label={t.listLabel} className="space-y-3">
          {list.map((a) => (
            <li key={a.agencyId}>
              <Card>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-slate-900">
                      <Link to={href("/panel/admin/agency-management/:agencyId", { agencyId: String(a.agencyId) })} className="hover:underline">
                        {a.agencyName}
                      </Link>
                    </h2>
                    <p className="text-sm break-all text-slate-700">{a.host}</p>
                    <p className="text-sm text-slate-600">{a.admin.name ? (a.admin.phoneNumber ? fmt(t.adminWithPhone, { name: a.admin.name, phone: a.admin.phoneNumber }) : fmt(t.admin, { name: a.admin.name })) : t.noAdminList}</p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    {a.isSuperadmin ? <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand-dark ring-1 ring-brand/30">{t.platform}</span> : null}
                    {a.isActive ? null : <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">{t.switchedOff}</span>}
                    <SslBadge status={a.ssl.status} t={t} />
                  </div>
                </div>
                <div className="mt-3">
                  <Link
                    to={href("/panel/admin/agency-management/:agencyId", { agencyId: String(a.agencyId) })}
                    aria-label={fmt(t.openNamed, { name: a.agencyName })}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    {t.open}
                  </Link>
                  <Link
                    to={href("/panel/admin/agency-management/:agencyId/billing", { agencyId: String(a.agencyId) })}
                    aria-label={fmt(t.billingOf, { name: a.agencyName })}
                    className="ml-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    {t.billing}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{filtered ? t.noMatch : t.noneYet}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? (
              <>
                {before}
                <Link to={PATH} className="font-medium text-brand-dark underline">
                  {t.showEvery}
                </Link>
                {after}
              </>
            ) : (
              t.addFirst
            )}
          </p>
        </Card>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => listUrl({ search, status, page: p })} text={common} />
    </div>
  );
}
