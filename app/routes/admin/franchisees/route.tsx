import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi, getStaff } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { franchiseeFormSchema, type FranchiseeListItem } from "#contracts/franchisees.ts";
import { STAFF_ROLES, STAFF_STATUSES, type StaffRole, type StaffStatus } from "#contracts/franchisee-constants.ts";
import { FranchiseeForm, roleLabel, SAVE_INTENT } from "./franchisee-form";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

/**
 * Franchisee List (admin menu; SPEC §7 Franchisee, ADR 0019): the agency's staff with search,
 * role and status filters and paging; add and edit them; deactivate (after Confirm) signs them
 * out at once. Every step is a URL and every form a real form: it all works without JavaScript.
 */

export const handle: PanelHandle = { title: "Franchisee List" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Franchisee List" }];

type T = Catalogue["staffFranchisees"];
type Common = Catalogue["staffCommon"];


const PATH = href("/panel/admin/franchisees");
const PAGE_SIZE = 20;
const STATUS_INTENT = "set-active";
const oneOf = <T extends string>(list: readonly T[], v: string | null) => (list.includes(v as T) ? (v as T) : undefined);

/** The list's filters from the URL (unknown values ignored), and a link keeping them. */
function filtersOf(search: URLSearchParams) {
  return {
    search: search.get("search")?.trim().slice(0, 100) || undefined,
    role: oneOf<StaffRole>(STAFF_ROLES, search.get("role")),
    status: oneOf<StaffStatus>(STAFF_STATUSES, search.get("status")),
    page: parseId(search.get("page")) ?? 1,
  };
}
type Filters = ReturnType<typeof filtersOf>;
function listHref(f: Partial<Filters>, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v !== undefined && v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
  return p.size ? `${PATH}?${p}` : PATH;
}

async function findStaff(api: ReturnType<typeof getApi>, id: number | undefined) {
  if (!id) return null;
  const all = await api.get("GET /franchisee/list", { query: { all: "true" } });
  return all.list.find((f) => f.franchiseeId === id) ?? null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const filters = filtersOf(url.searchParams);
  const { page, ...rest } = filters;
  const res = await api.get("GET /franchisee/list", { query: { ...rest, page, pageSize: PAGE_SIZE } });
  const s = url.searchParams;
  const editId = parseId(s.get("edit"));
  const statusId = parseId(s.get("deactivate")) ?? parseId(s.get("activate"));
  const editing = editId ? (res.list.find((f) => f.franchiseeId === editId) ?? (await findStaff(api, editId))) : null;
  const changing = statusId ? (res.list.find((f) => f.franchiseeId === statusId) ?? (await findStaff(api, statusId))) : null;
  const t = pageMessages(context, "staffFranchisees", "staffCommon");
  return {
    ...res,
    filters,
    editing,
    changing,
    adding: s.get("new") === "1",
    selfId: getStaff(context).franchisee.franchiseeId,
    commissionsLink: pageMessages(context, "commissions").commissions.commissionsLink,
    t,
    pageTitle: t.staffFranchisees.title,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const back = listHref(filtersOf(url.searchParams));
  const { staffFranchisees: t, staffCommon } = pageMessages(context, "staffFranchisees", "staffCommon");
  if (formData.get("intent") === SAVE_INTENT) {
    const submission = parseWithZod(formData, { schema: franchiseeFormSchema });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
    const { franchiseeId, active, ...fields } = submission.value;
    const res = franchiseeId
      ? await api.call("POST /franchisee/edit", { body: { franchiseeId, active, ...fields } })
      : await api.call("POST /franchisee/signup", { body: fields });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    const { name } = res.data.franchisee;
    const message = franchiseeId
      ? res.data.sessionsEnded
        ? fmt(t.savedSignedOut, { name })
        : fmt(t.saved, { name })
      : fmt(t.added, { name });
    throw await redirectWithToast(back, { type: "success", message });
  }
  if (formData.get("intent") === STATUS_INTENT) {
    const activate = url.searchParams.has("activate");
    const staff = await findStaff(api, parseId(url.searchParams.get(activate ? "activate" : "deactivate")));
    if (!staff) return { result: null, error: t.notFound };
    const { franchiseeId, name, phoneNumber, roles } = staff;
    const res = await api.call("POST /franchisee/edit", { body: { franchiseeId, name, phoneNumber, roles, active: activate } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    const message = activate ? fmt(t.canSignIn, { name }) : fmt(t.deactivated, { name });
    throw await redirectWithToast(back, { type: "success", message });
  }
  return { result: null, error: staffCommon.unknownAction };
}

function StaffRow({ f, filters, isSelf, t }: { f: FranchiseeListItem; filters: Filters; isSelf: boolean; t: T }) {
  const badge = f.isActive
    ? f.hasPassword
      ? [t.active, "bg-emerald-50 text-emerald-800 ring-emerald-200"]
      : [t.noPassword, "bg-amber-50 text-amber-900 ring-amber-200"]
    : [t.inactive, "bg-slate-100 text-slate-700 ring-slate-300"];
  return (
    <Card className={f.isActive ? "" : "bg-slate-50"}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{f.name}</h2>
          <p className="text-sm text-slate-700">{f.phoneNumber}</p>
          {f.email ? <p className="text-sm break-all text-slate-600">{f.email}</p> : null}
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge[1]}`}>{badge[0]}</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {f.roles.map((r) => roleLabel(t, r)).join(", ")}
        {f.configuration.hideBilling ? t.billingHidden : ""}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={listHref(filters, { edit: String(f.franchiseeId) })} aria-label={fmt(t.editNamed, { name: f.name })} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
          {t.edit}
        </Link>
        {isSelf ? null : (
          <Link
            to={listHref(filters, { [f.isActive ? "deactivate" : "activate"]: String(f.franchiseeId) })}
            preventScrollReset
            aria-label={fmt(f.isActive ? t.deactivateNamed : t.activateNamed, { name: f.name })}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ${f.isActive ? "text-red-700 ring-red-200 hover:bg-red-50" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {f.isActive ? t.deactivate : t.activate}
          </Link>
        )}
      </div>
    </Card>
  );
}

export default function Franchisees({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, page, filters, editing, changing, adding, selfId, commissionsLink } = loaderData;
  const t = loaderData.t.staffFranchisees;
  const common: Common = loaderData.t.staffCommon;
  const error = actionData?.error ?? null;
  const here = listHref(filters);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = !!(filters.search || filters.role || filters.status);
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {adding || editing ? (
        <FranchiseeForm
          key={editing?.franchiseeId ?? "new"}
          staff={editing}
          isSelf={editing?.franchiseeId === selfId}
          action={listHref(filters, editing ? { edit: String(editing.franchiseeId) } : { new: "1" })}
          cancelTo={here}
          lastResult={actionData?.result}
          t={t}
          common={common}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{t.intro}</p>
          <Link to={href("/panel/admin/franchisees/commissions")} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {commissionsLink}
          </Link>
          <Link to={listHref(filters, { new: "1" })} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
            {t.addStaff}
          </Link>
        </div>
      )}
      <Form method="get" action={PATH} role="search" className="grid gap-2 sm:grid-cols-[1fr_auto_auto_auto]">
        <label className="sr-only" htmlFor="staff-search">{t.searchLabel}</label>
        <input id="staff-search" name="search" type="search" defaultValue={filters.search ?? ""} placeholder={t.searchLabel} className={inputClass} />
        <label className="sr-only" htmlFor="staff-role">{t.role}</label>
        <select id="staff-role" name="role" defaultValue={filters.role ?? ""} className={inputClass}>
          <option value="">{t.allRoles}</option>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>{roleLabel(t, r)}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="staff-status">{t.status}</label>
        <select id="staff-status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">{t.activeAndInactive}</option>
          <option value="active">{t.active}</option>
          <option value="inactive">{t.inactive}</option>
        </select>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">{common.search}</button>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">{total === 1 ? t.countOne : fmt(t.countOther, { total })}</p>
      {list.length ? (
        <ul aria-label={t.listLabel} className="space-y-3">
          {list.map((f) => (
            <li key={f.franchiseeId}>
              <StaffRow f={f} filters={filters} isSelf={f.franchiseeId === selfId} t={t} />
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{filtered ? t.noMatch : t.noneYet}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? <Link to={PATH} className="text-brand-dark underline">{t.clearFilters}</Link> : t.addFirst}
          </p>
        </Card>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => listHref({ ...filters, page: p })} text={common} />
      {changing && !error && changing.franchiseeId !== selfId ? (
        <ConfirmDialog
          message={fmt(changing.isActive ? t.confirmDeactivate : t.confirmActivate, { name: changing.name })}
          cancelTo={here}
          action={listHref(filters, { [changing.isActive ? "deactivate" : "activate"]: String(changing.franchiseeId) })}
          intent={STATUS_INTENT}
          words={common}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={here} words={common} /> : null}
    </div>
  );
}
