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
import { STAFF_ROLE_LABELS, STAFF_ROLES, STAFF_STATUSES, type StaffRole, type StaffStatus } from "#contracts/franchisee-constants.ts";
import { FranchiseeForm, SAVE_INTENT } from "./franchisee-form";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { pageMessages } from "~/lib/i18n.server";

/**
 * Franchisee List (admin menu; SPEC §7 Franchisee, ADR 0019): the agency's staff with search,
 * role and status filters and paging; add and edit them; deactivate (after Confirm) signs them
 * out at once. Every step is a URL and every form a real form: it all works without JavaScript.
 */

export const handle: PanelHandle = { title: "Franchisee List" };
export const meta = () => [{ title: "Franchisee List" }];

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
  return { ...res, filters, editing, changing, adding: s.get("new") === "1", selfId: getStaff(context).franchisee.franchiseeId, commissionsLink: pageMessages(context, "commissions").commissions.commissionsLink };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const back = listHref(filtersOf(url.searchParams));
  if (formData.get("intent") === SAVE_INTENT) {
    const submission = parseWithZod(formData, { schema: franchiseeFormSchema });
    if (submission.status !== "success") return { result: submission.reply(), error: null };
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
        ? `${name} saved and signed out.`
        : `${name} saved.`
      : `${name} added. They set a password with an OTP at the staff sign-in.`;
    throw await redirectWithToast(back, { type: "success", message });
  }
  if (formData.get("intent") === STATUS_INTENT) {
    const activate = url.searchParams.has("activate");
    const staff = await findStaff(api, parseId(url.searchParams.get(activate ? "activate" : "deactivate")));
    if (!staff) return { result: null, error: "We could not find this staff member." };
    const { franchiseeId, name, phoneNumber, roles } = staff;
    const res = await api.call("POST /franchisee/edit", { body: { franchiseeId, name, phoneNumber, roles, active: activate } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    const message = activate ? `${name} can sign in again.` : `${name} was deactivated and signed out.`;
    throw await redirectWithToast(back, { type: "success", message });
  }
  return { result: null, error: "Unknown action." };
}

function StaffRow({ f, filters, isSelf }: { f: FranchiseeListItem; filters: Filters; isSelf: boolean }) {
  const badge = f.isActive
    ? f.hasPassword
      ? ["Active", "bg-emerald-50 text-emerald-800 ring-emerald-200"]
      : ["No password yet", "bg-amber-50 text-amber-900 ring-amber-200"]
    : ["Inactive", "bg-slate-100 text-slate-700 ring-slate-300"];
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
        {f.roles.map((r) => STAFF_ROLE_LABELS[r]).join(", ")}
        {f.configuration.hideBilling ? " · billing hidden" : ""}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={listHref(filters, { edit: String(f.franchiseeId) })} aria-label={`Edit ${f.name}`} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
          Edit
        </Link>
        {isSelf ? null : (
          <Link
            to={listHref(filters, { [f.isActive ? "deactivate" : "activate"]: String(f.franchiseeId) })}
            preventScrollReset
            aria-label={`${f.isActive ? "Deactivate" : "Activate"} ${f.name}`}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ${f.isActive ? "text-red-700 ring-red-200 hover:bg-red-50" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {f.isActive ? "Deactivate" : "Activate"}
          </Link>
        )}
      </div>
    </Card>
  );
}

export default function Franchisees({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, page, filters, editing, changing, adding, selfId, commissionsLink } = loaderData;
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
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">Your agency&apos;s staff: admins, creators and franchisees.</p>
          <Link to={href("/panel/admin/franchisees/commissions")} className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50">
            {commissionsLink}
          </Link>
          <Link to={listHref(filters, { new: "1" })} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
            Add staff member
          </Link>
        </div>
      )}
      <Form method="get" action={PATH} role="search" className="grid gap-2 sm:grid-cols-[1fr_auto_auto_auto]">
        <label className="sr-only" htmlFor="staff-search">Search name, phone or email</label>
        <input id="staff-search" name="search" type="search" defaultValue={filters.search ?? ""} placeholder="Search name, phone or email" className={inputClass} />
        <label className="sr-only" htmlFor="staff-role">Role</label>
        <select id="staff-role" name="role" defaultValue={filters.role ?? ""} className={inputClass}>
          <option value="">All roles</option>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>{STAFF_ROLE_LABELS[r]}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="staff-status">Status</label>
        <select id="staff-status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">Active and inactive</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">Search</button>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">{total === 1 ? "1 staff member" : `${total} staff members`}</p>
      {list.length ? (
        <ul aria-label="Staff" className="space-y-3">
          {list.map((f) => (
            <li key={f.franchiseeId}>
              <StaffRow f={f} filters={filters} isSelf={f.franchiseeId === selfId} />
            </li>
          ))}
        </ul>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{filtered ? "No staff match these filters" : "No staff yet"}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? <Link to={PATH} className="text-brand-dark underline">Clear the filters</Link> : "Add your first staff member: they sign in with their mobile number."}
          </p>
        </Card>
      )}
      <Pager page={page} pages={pages} hrefFor={(p) => listHref({ ...filters, page: p })} />
      {changing && !error && changing.franchiseeId !== selfId ? (
        <ConfirmDialog
          message={changing.isActive ? `Deactivate ${changing.name}? They are signed out at once and cannot sign in until an admin activates them again.` : `Activate ${changing.name}? They can sign in again with their password.`}
          cancelTo={here}
          action={listHref(filters, { [changing.isActive ? "deactivate" : "activate"]: String(changing.franchiseeId) })}
          intent={STATUS_INTENT}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={here} /> : null}
    </div>
  );
}
