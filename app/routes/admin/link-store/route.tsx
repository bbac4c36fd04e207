import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import type { ApiFailure } from "~/lib/api.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { takeContentUpload } from "~/lib/content-upload.server";
import type { PanelHandle } from "~/lib/page";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { linkCategoryBody, linkTypeBody } from "#contracts/link-store.ts";
import { CategoryForm, TypeForm } from "./forms";
import { CategoryList, TypeList } from "./lists";
import { parseId } from "#contracts/id.ts";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { uploadRefusalIn } from "~/lib/upload-refusal.server";
import { fmt } from "#contracts/i18n/fmt.ts";

/**
 * Link Store (SPEC §2, §6, §7 Links; ADR 0020): the link types every agency's customers pick in
 * the card editor's Links section, grouped in categories. Search, the category filter and pages
 * are a GET form and links; adding, editing and deleting are URL steps with real forms.
 */

export const handle: PanelHandle = { title: "Link Store" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Link Store" }];

const PATH = href("/panel/admin/link-store");
const PAGE_SIZE = 20;
const INTENTS = { saveType: "save-type", deleteType: "delete-type", saveCategory: "save-category", deleteCategory: "delete-category" } as const;

type ListState = { search?: string; linkCategoryId?: number; page?: number };
function listUrl(s: ListState, step?: Record<string, string | number>) {
  const q = new URLSearchParams();
  if (s.search) q.set("search", s.search);
  if (s.linkCategoryId) q.set("linkCategoryId", String(s.linkCategoryId));
  if (s.page && s.page > 1) q.set("page", String(s.page));
  for (const [k, v] of Object.entries(step ?? {})) q.set(k, String(v));
  return q.size ? `${PATH}?${q}` : PATH;
}
const listState = (url: URL): ListState => ({
  search: (url.searchParams.get("search") ?? "").trim().slice(0, 60) || undefined,
  linkCategoryId: parseId(url.searchParams.get("linkCategoryId")),
  page: parseId(url.searchParams.get("page")) ?? 1,
});

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const state = listState(url);
  const p = url.searchParams;
  // The category list is the keepers' call: anyone else is refused here, as the menu hides the page.
  const [{ list: categories }, { list: types }] = await Promise.all([
    api.get("GET /link-store/link-category"),
    api.get("GET /link-store/link-type", { query: { search: state.search, linkCategoryId: state.linkCategoryId } }),
  ]);
  const find = <T,>(list: T[], key: keyof T, id: number | undefined) => (id ? (list.find((x) => x[key] === id) ?? null) : null);
  // A bounded list (a few dozen types): paged here rather than by the API.
  const pages = Math.max(1, Math.ceil(types.length / PAGE_SIZE));
  const page = Math.min(state.page ?? 1, pages);
  const t = pageMessages(context, "staffLinkStore", "staffCommon");
  return {
    t,
    pageTitle: t.staffLinkStore.title,
    state: { ...state, page },
    categories,
    types: types.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: types.length,
    pages,
    addingType: p.get("newType") === "1",
    addingCategory: p.get("newCategory") === "1",
    editingType: find(types, "linkTypeId", parseId(p.get("editType"))),
    deletingType: find(types, "linkTypeId", parseId(p.get("deleteType"))),
    editingCategory: find(categories, "linkCategoryId", parseId(p.get("editCategory"))),
    deletingCategory: find(categories, "linkCategoryId", parseId(p.get("deleteCategory"))),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = listUrl(listState(url));
  const fail = (res: ApiFailure) => ({ result: null, error: res.message });
  const { staffLinkStore: t, staffCommon } = pageMessages(context, "staffLinkStore", "staffCommon");
  if (intent === INTENTS.saveType) {
    const refused = await takeContentUpload(context, formData, "iconUrl", "link-icon");
    const uploadError = refused && uploadRefusalIn(refused, t);
    const submission = parseWithZod(formData, { schema: linkTypeBody });
    if (submission.status !== "success" || uploadError) {
      return { result: translateReply(context, submission.reply(uploadError ? { fieldErrors: { iconUrl: [uploadError] } } : undefined)), error: null };
    }
    const res = await api.call("POST /link-store/link-type", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(back, { type: "success", message: fmt(submission.value.linkTypeId ? t.saved : t.added, { name: res.data.linkType.name }) });
  }
  if (intent === INTENTS.saveCategory) {
    const submission = parseWithZod(formData, { schema: linkCategoryBody });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
    const res = await api.call("POST /link-store/link-category", { body: submission.value });
    if (!res.ok) {
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(back, { type: "success", message: fmt(t.saved, { name: res.data.category.name }) });
  }
  if (intent === INTENTS.deleteType) {
    const linkTypeId = parseId(url.searchParams.get("deleteType"));
    if (!linkTypeId) return { result: null, error: t.chooseTypeFirst };
    const res = await api.call("DELETE /link-store/link-type/{linkTypeId}", { params: { linkTypeId } });
    if (!res.ok) return fail(res);
    throw await redirectWithToast(back, { type: "success", message: t.typeDeleted });
  }
  if (intent === INTENTS.deleteCategory) {
    const linkCategoryId = parseId(url.searchParams.get("deleteCategory"));
    if (!linkCategoryId) return { result: null, error: t.chooseCategoryFirst };
    const res = await api.call("DELETE /link-store/link-category/{linkCategoryId}", { params: { linkCategoryId } });
    if (!res.ok) return fail(res);
    throw await redirectWithToast(back, { type: "success", message: t.categoryDeleted });
  }
  return { result: null, error: staffCommon.unknownAction };
}

const small = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1";
const primary = "inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker";

export default function LinkStore({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const { state } = d;
  const t = d.t.staffLinkStore;
  const common = d.t.staffCommon;
  const error = actionData?.error ?? null;
  const back = listUrl(state);
  const result = actionData?.result;
  const filtered = !!(state.search || state.linkCategoryId);
  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-20">
      {d.addingType || d.editingType ? (
        <TypeForm
          key={d.editingType?.linkTypeId ?? "new"}
          item={d.editingType}
          categories={d.categories}
          action={listUrl(state, d.editingType ? { editType: d.editingType.linkTypeId } : { newType: 1 })}
          cancelTo={back}
          intent={INTENTS.saveType}
          lastResult={result}
          t={t}
          common={common}
        />
      ) : d.addingCategory || d.editingCategory ? (
        <CategoryForm
          key={d.editingCategory?.linkCategoryId ?? "new"}
          item={d.editingCategory}
          action={listUrl(state, d.editingCategory ? { editCategory: d.editingCategory.linkCategoryId } : { newCategory: 1 })}
          cancelTo={back}
          intent={INTENTS.saveCategory}
          lastResult={result}
          t={t}
          common={common}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{t.intro}</p>
          <div className="flex flex-wrap gap-2">
            <Link to={listUrl(state, { newCategory: 1 })} className={`${small} py-2.5 text-slate-800 ring-slate-300 hover:bg-slate-50`}>
              {t.addCategory}
            </Link>
            {d.categories.length ? (
              <Link to={listUrl(state, { newType: 1 })} className={primary}>
                {t.addLinkType}
              </Link>
            ) : null}
          </div>
        </div>
      )}
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-48 flex-1 text-sm font-medium text-slate-700">
          {common.search}
          <input type="search" name="search" defaultValue={state.search ?? ""} placeholder={t.searchPlaceholder} className={`${inputClass} mt-1`} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.inCategory}
          <select name="linkCategoryId" defaultValue={state.linkCategoryId ?? ""} className={`${inputClass} mt-1`}>
            <option value="">{t.all}</option>
            {d.categories.map((c) => (
              <option key={c.linkCategoryId} value={c.linkCategoryId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
          {common.search}
        </button>
      </Form>
      <TypeList d={d} state={state} filtered={filtered} stepUrl={(step) => listUrl(state, step)} pageUrl={(page) => listUrl({ ...state, page })} t={t} common={common} />
      <CategoryList d={d} stepUrl={(step) => listUrl(state, step)} t={t} />
      {d.deletingType && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmDeleteType, { name: d.deletingType.name })}
          cancelTo={back}
          action={listUrl(state, { deleteType: d.deletingType.linkTypeId })}
          intent={INTENTS.deleteType}
          words={common}
        />
      ) : null}
      {d.deletingCategory && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmDeleteCategory, { name: d.deletingCategory.name })}
          cancelTo={back}
          action={listUrl(state, { deleteCategory: d.deletingCategory.linkCategoryId })}
          intent={INTENTS.deleteCategory}
          words={common}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={back} words={common} /> : null}
    </div>
  );
}
