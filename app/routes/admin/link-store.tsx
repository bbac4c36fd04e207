import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/link-store";
import { getApi } from "~/lib/request-context.server";
import { throwIfAuthError } from "~/lib/api-errors.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { takeContentUpload } from "~/lib/content-upload.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { GENERIC_LINK_ICON, linkCategoryBody, linkTypeBody } from "#contracts/link-store.ts";
import { CategoryForm, TypeForm } from "./link-store.forms";

/**
 * Link Store (SPEC §2, §6, §7 Links; ADR 0020): the link types every agency's customers pick in
 * the card editor's Links section, grouped in categories. Search, the category filter and pages
 * are a GET form and links; adding, editing and deleting are URL steps with real forms.
 */

export const handle: PanelHandle = { title: "Link Store" };
export const meta = () => [{ title: "Link Store" }];

const PATH = href("/panel/admin/link-store");
const PAGE_SIZE = 20;
const INTENTS = { saveType: "save-type", deleteType: "delete-type", saveCategory: "save-category", deleteCategory: "delete-category" } as const;
const positiveId = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

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
  linkCategoryId: positiveId(url.searchParams.get("linkCategoryId")),
  page: positiveId(url.searchParams.get("page")) ?? 1,
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
  return {
    state: { ...state, page },
    categories,
    types: types.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: types.length,
    pages,
    addingType: p.get("newType") === "1",
    addingCategory: p.get("newCategory") === "1",
    editingType: find(types, "linkTypeId", positiveId(p.get("editType"))),
    deletingType: find(types, "linkTypeId", positiveId(p.get("deleteType"))),
    editingCategory: find(categories, "linkCategoryId", positiveId(p.get("editCategory"))),
    deletingCategory: find(categories, "linkCategoryId", positiveId(p.get("deleteCategory"))),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = listUrl(listState(url));
  const fail = (res: Parameters<typeof throwIfAuthError>[0]) => {
    throwIfAuthError(res);
    return { result: null, error: res.message };
  };
  if (intent === INTENTS.saveType) {
    const uploadError = await takeContentUpload(context, formData, "iconUrl", "link-icon");
    const submission = parseWithZod(formData, { schema: linkTypeBody });
    if (submission.status !== "success" || uploadError) {
      return { result: submission.reply(uploadError ? { fieldErrors: { iconUrl: [uploadError] } } : undefined), error: null };
    }
    const res = await api.call("POST /link-store/link-type", { body: submission.value });
    if (!res.ok) {
      throwIfAuthError(res);
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(back, { type: "success", message: `${res.data.linkType.name} ${submission.value.linkTypeId ? "saved" : "added"}.` });
  }
  if (intent === INTENTS.saveCategory) {
    const submission = parseWithZod(formData, { schema: linkCategoryBody });
    if (submission.status !== "success") return { result: submission.reply(), error: null };
    const res = await api.call("POST /link-store/link-category", { body: submission.value });
    if (!res.ok) {
      throwIfAuthError(res);
      return { result: replyWithApiError(submission, res), error: null };
    }
    throw await redirectWithToast(back, { type: "success", message: `${res.data.category.name} saved.` });
  }
  if (intent === INTENTS.deleteType) {
    const linkTypeId = positiveId(url.searchParams.get("deleteType"));
    if (!linkTypeId) return { result: null, error: "Choose a link type first." };
    const res = await api.call("DELETE /link-store/link-type/{linkTypeId}", { params: { linkTypeId } });
    if (!res.ok) return fail(res);
    throw await redirectWithToast(back, { type: "success", message: "The link type was deleted. Cards keep their links, with the plain link icon." });
  }
  if (intent === INTENTS.deleteCategory) {
    const linkCategoryId = positiveId(url.searchParams.get("deleteCategory"));
    if (!linkCategoryId) return { result: null, error: "Choose a category first." };
    const res = await api.call("DELETE /link-store/link-category/{linkCategoryId}", { params: { linkCategoryId } });
    if (!res.ok) return fail(res);
    throw await redirectWithToast(back, { type: "success", message: "The category was deleted." });
  }
  return { result: null, error: "Unknown action." };
}

const small = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1";
const primary = "inline-flex items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker";

export default function LinkStore({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const { state } = d;
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
        />
      ) : d.addingCategory || d.editingCategory ? (
        <CategoryForm
          key={d.editingCategory?.linkCategoryId ?? "new"}
          item={d.editingCategory}
          action={listUrl(state, d.editingCategory ? { editCategory: d.editingCategory.linkCategoryId } : { newCategory: 1 })}
          cancelTo={back}
          intent={INTENTS.saveCategory}
          lastResult={result}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">The links customers of every agency can add to their card, with their icons.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={listUrl(state, { newCategory: 1 })} className={`${small} py-2.5 text-slate-800 ring-slate-300 hover:bg-slate-50`}>
              Add category
            </Link>
            {d.categories.length ? (
              <Link to={listUrl(state, { newType: 1 })} className={primary}>
                Add link type
              </Link>
            ) : null}
          </div>
        </div>
      )}
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-48 flex-1 text-sm font-medium text-slate-700">
          Search
          <input type="search" name="search" defaultValue={state.search ?? ""} placeholder="Link type name" className={`${inputClass} mt-1`} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          In category
          <select name="linkCategoryId" defaultValue={state.linkCategoryId ?? ""} className={`${inputClass} mt-1`}>
            <option value="">All</option>
            {d.categories.map((c) => (
              <option key={c.linkCategoryId} value={c.linkCategoryId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg px-4 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
          Search
        </button>
      </Form>
      <section aria-labelledby="types-h" className="space-y-2">
        <h2 id="types-h" className="font-semibold text-slate-900">
          Link types ({d.total})
        </h2>
        {d.types.length ? (
          <ul aria-label="Link types" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
            {d.types.map((t) => (
              <li key={t.linkTypeId} className="flex flex-wrap items-center gap-3 p-3">
                <img src={t.iconUrl ?? GENERIC_LINK_ICON} alt="" width={28} height={28} className="size-7 shrink-0 object-contain" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{t.name}</p>
                  <p className="text-xs break-all text-slate-600">
                    {t.categoryName} · {t.fieldType === "tel" ? "phone number" : "username or link"}
                    {t.urlPrefix ? ` · ${t.urlPrefix}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={listUrl(state, { editType: t.linkTypeId })} aria-label={`Edit ${t.name}`} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                    Edit
                  </Link>
                  <Link to={listUrl(state, { deleteType: t.linkTypeId })} preventScrollReset aria-label={`Delete ${t.name}`} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                    Delete
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Card>
            <p className="text-sm text-slate-600">
              {filtered ? "No link types match. Try another search or category." : d.categories.length ? "No link types yet. Add the first one." : "Add a category first, then its link types."}
            </p>
          </Card>
        )}
        {d.pages > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between text-sm">
            {state.page > 1 ? <Link to={listUrl({ ...state, page: state.page - 1 })} className="font-medium text-brand-dark underline">Previous</Link> : <span />}
            <span className="text-slate-600">
              Page {state.page} of {d.pages}
            </span>
            {state.page < d.pages ? <Link to={listUrl({ ...state, page: state.page + 1 })} className="font-medium text-brand-dark underline">Next</Link> : <span />}
          </nav>
        ) : null}
      </section>
      <section aria-labelledby="categories-h" className="space-y-2">
        <h2 id="categories-h" className="font-semibold text-slate-900">
          Categories
        </h2>
        {d.categories.length ? (
          <ul aria-label="Link categories" className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
            {d.categories.map((c) => (
              <li key={c.linkCategoryId} className="flex flex-wrap items-center gap-3 p-3">
                <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
                  {c.name} <span className="text-sm font-normal text-slate-600">({c.typeCount} link type{c.typeCount === 1 ? "" : "s"})</span>
                </p>
                <div className="flex gap-2">
                  <Link to={listUrl(state, { editCategory: c.linkCategoryId })} aria-label={`Rename ${c.name}`} className={`${small} text-brand-dark ring-slate-300 hover:bg-slate-50`}>
                    Rename
                  </Link>
                  <Link to={listUrl(state, { deleteCategory: c.linkCategoryId })} preventScrollReset aria-label={`Delete ${c.name}`} className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}>
                    Delete
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Card>
            <p className="text-sm text-slate-600">No categories yet. Add one such as Social media.</p>
          </Card>
        )}
      </section>
      {d.deletingType && !error ? (
        <ConfirmDialog
          message={`Delete ${d.deletingType.name}? Cards that use it keep their link and label, with the plain link icon.`}
          cancelTo={back}
          action={listUrl(state, { deleteType: d.deletingType.linkTypeId })}
          intent={INTENTS.deleteType}
        />
      ) : null}
      {d.deletingCategory && !error ? (
        <ConfirmDialog
          message={`Delete the category ${d.deletingCategory.name}?`}
          cancelTo={back}
          action={listUrl(state, { deleteCategory: d.deletingCategory.linkCategoryId })}
          intent={INTENTS.deleteCategory}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={back} /> : null}
    </div>
  );
}
