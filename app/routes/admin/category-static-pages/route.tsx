import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { takeContentUpload } from "~/lib/content-upload.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { categoryStaticPageBody, STATIC_PAGE_STATUSES } from "#contracts/category-static-page.ts";
import { StaticPageForm } from "./page-form";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { uploadRefusalIn } from "~/lib/upload-refusal.server";
import { fmt } from "#contracts/i18n/fmt.ts";

/**
 * Category Static Page Management (SPEC §2, §6, §7; ADR 0020): the platform's page per business
 * category, served on every agency's host at /category/{slug}. Search, status filter and pages
 * are links and a GET form; adding, editing and deleting are URL steps with real forms, so the
 * page works without JavaScript.
 */

export const handle: PanelHandle = { title: "Category Static Page Management" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Category static pages" }];

const PATH = href("/panel/admin/category-static-page-management");
const SAVE = "save-page";
const DELETE = "delete-page";
const PAGE_SIZE = 20;

type ListState = { search?: string; status?: string; page?: number };
function listUrl(s: ListState, step?: Record<string, string | number>) {
  const q = new URLSearchParams();
  if (s.search) q.set("search", s.search);
  if (s.status) q.set("status", s.status);
  if (s.page && s.page > 1) q.set("page", String(s.page));
  for (const [k, v] of Object.entries(step ?? {})) q.set(k, String(v));
  return q.size ? `${PATH}?${q}` : PATH;
}

function listState(url: URL): ListState {
  const status = url.searchParams.get("status") ?? "";
  return {
    search: (url.searchParams.get("search") ?? "").trim().slice(0, 80) || undefined,
    status: (STATIC_PAGE_STATUSES as readonly string[]).includes(status) ? status : undefined,
    page: parseId(url.searchParams.get("page")) ?? 1,
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const state = listState(url);
  const res = await api.get("GET /category-static-page", {
    query: { search: state.search, status: state.status as "active" | "inactive" | undefined, page: state.page, pageSize: PAGE_SIZE },
  });
  const one = async (id: number | undefined) =>
    id ? ((await api.get("GET /category-static-page", { query: { categoryStaticPageId: id } })).list[0] ?? null) : null;
  const [editing, deleting] = await Promise.all([one(parseId(url.searchParams.get("edit"))), one(parseId(url.searchParams.get("delete")))]);
  const t = pageMessages(context, "staffCategoryPages", "staffCommon");
  return {
    ...res,
    state,
    pages: Math.max(1, Math.ceil(res.total / PAGE_SIZE)),
    editing,
    deleting,
    adding: url.searchParams.get("new") === "1",
    t,
    pageTitle: t.staffCategoryPages.title,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = listUrl(listState(url));
  const { staffCategoryPages: t, staffCommon } = pageMessages(context, "staffCategoryPages", "staffCommon");
  if (intent === SAVE) {
    const refused = await takeContentUpload(context, formData, "imageUrl", "static-page");
    const uploadError = refused && uploadRefusalIn(refused, t);
    const submission = parseWithZod(formData, { schema: categoryStaticPageBody });
    if (submission.status !== "success" || uploadError) {
      return { result: translateReply(context, submission.reply(uploadError ? { fieldErrors: { imageUrl: [uploadError] } } : undefined)), error: null };
    }
    const res = await api.call("POST /category-static-page", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    const message = fmt(submission.value.categoryStaticPageId ? t.saved : t.added, { category: res.data.page.category });
    throw await redirectWithToast(back, { type: "success", message });
  }
  if (intent === DELETE) {
    const id = parseId(url.searchParams.get("delete"));
    if (!id) return { result: null, error: t.chooseFirst };
    const res = await api.call("DELETE /category-static-page", { query: { categoryStaticPageId: id } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    throw await redirectWithToast(back, { type: "success", message: t.deleted });
  }
  return { result: null, error: staffCommon.unknownAction };
}

const button = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1";

export default function CategoryStaticPages({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, state, pages, editing, deleting, adding } = loaderData;
  const t = loaderData.t.staffCategoryPages;
  const common = loaderData.t.staffCommon;
  const error = actionData?.error ?? null;
  const back = listUrl(state);
  const filtered = !!(state.search || state.status);
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {adding || editing ? (
        <StaticPageForm
          key={editing?.categoryStaticPageId ?? "new"}
          page={editing}
          action={listUrl(state, editing ? { edit: editing.categoryStaticPageId } : { new: 1 })}
          cancelTo={back}
          intent={SAVE}
          lastResult={actionData?.result}
          t={t}
          common={common}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{t.intro}</p>
          <Link to={listUrl(state, { new: 1 })} className="inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
            {t.addPage}
          </Link>
        </div>
      )}
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-48 flex-1 text-sm font-medium text-slate-700">
          {common.search}
          <input type="search" name="search" defaultValue={state.search ?? ""} placeholder={t.searchPlaceholder} className={`${inputClass} mt-1`} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.show}
          <select name="status" defaultValue={state.status ?? ""} className={`${inputClass} mt-1`}>
            <option value="">{t.all}</option>
            <option value="active">{t.published}</option>
            <option value="inactive">{t.hidden}</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
          {common.search}
        </button>
      </Form>
      {list.length ? (
        <ul aria-label={t.listLabel} className="space-y-3">
          {list.map((p) => (
            <li key={p.categoryStaticPageId}>
              <Card>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words text-slate-900">{p.category}</h2>
                    <p className="text-sm break-words text-slate-700">{p.title}</p>
                  </div>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${p.isActive ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>
                    {p.isActive ? t.published : t.hidden}
                  </span>
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  {p.isActive ? (
                    <a href={href("/category/:slug", { slug: p.slug })} className={`${button} text-slate-800 ring-slate-300 hover:bg-slate-50`} aria-label={fmt(t.viewNamed, { category: p.category })}>
                      {t.view}
                    </a>
                  ) : null}
                  <Link to={listUrl(state, { edit: p.categoryStaticPageId })} aria-label={fmt(t.editNamed, { category: p.category })} className={`${button} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                    {t.edit}
                  </Link>
                  <Link to={listUrl(state, { delete: p.categoryStaticPageId })} preventScrollReset aria-label={fmt(t.deleteNamed, { category: p.category })} className={`${button} text-red-700 ring-red-200 hover:bg-red-50`}>
                    {t.delete}
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
            {filtered ? t.tryAnother : t.addFirst}
          </p>
        </Card>
      )}
      <Pager page={state.page!} pages={pages} hrefFor={(p) => listUrl({ ...state, page: p })} total={total} text={common} />
      {deleting && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmDelete, { category: deleting.category })}
          cancelTo={back}
          action={listUrl(state, { delete: deleting.categoryStaticPageId })}
          intent={DELETE}
          words={common}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={back} words={common} /> : null}
    </div>
  );
}
