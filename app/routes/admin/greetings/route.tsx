import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/route";
import { imageCategoryBody, imagePostFieldsSchema, imageSubcategoryBody, imageTagBody } from "#contracts/greetings.ts";
import { PLACEMENT_LABELS, PLACEMENTS } from "#contracts/greetings-enums.ts";
import { getApi, getStaff } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card, PanelNotFound } from "~/components/panel-shell";
import { Pager } from "~/components/pager";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { ErrorList, Field, FormError, inputClass, SubmitButton } from "~/components/form";
import { UploadProgress, useBulkUpload } from "./bulk-upload";
import { parseId } from "#contracts/id.ts";

export const handle: PanelHandle = { title: "Greetings Management" };
export const meta = () => [{ title: "Greetings Management" }];

const PLATFORM = href("/panel/admin/daily-image-management");
const AGENCY = href("/panel/admin/image-posts-management");
const PAGE = 24;

type Step = { category?: number; page?: number; deletePost?: number; deleteSub?: number; deleteTag?: number };
function stepUrl(base: string, s: Step) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v) search.set(k, String(v));
  return search.size ? `${base}?${search}` : base;
}

/**
 * SPEC §6 Greetings Management: the superadmin's staff manage the platform's library here
 * (daily-image-management), every other agency its own posts (image-posts-management). Which
 * one a person gets is the API's menu; the other address redirects, no menu item is 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { menu } = getStaff(context);
  const keys = new Set(menu.map((m) => m.key));
  const base = keys.has("daily-images") ? PLATFORM : keys.has("image-posts") ? AGENCY : null;
  if (!base) return { allowed: false } as const;
  if (url.pathname !== base) throw redirect(`${base}${url.search}`);
  const api = getApi(context);
  const s = url.searchParams;
  const page = parseId(s.get("page")) ?? 1;
  const [categories, tags, subcategories, posts] = await Promise.all([
    api.get("GET /image-post/image-category"),
    api.get("GET /image-post/image-tag"),
    api.get("GET /image-subcategory", { query: { pageSize: 100 } }),
    api.get("GET /image-post", { query: { own: "true", page, pageSize: PAGE } }),
  ]);
  const category = categories.list.find((c) => c.imageCategoryId === parseId(s.get("category"))) ?? null;
  const ofCategory = category ? subcategories.list.filter((sc) => sc.imageCategoryId === category.imageCategoryId) : [];
  return {
    allowed: true,
    base,
    platform: base === PLATFORM,
    categories: categories.list,
    tags: tags.list,
    // Posts go into subcategories the caller sees (the platform library: its own only).
    postable: subcategories.list.filter((sc) => base === AGENCY || sc.isPlatform),
    category,
    ofCategory,
    posts: posts.list,
    total: posts.total,
    page,
    pages: Math.max(1, Math.ceil(posts.total / PAGE)),
    deletePost: posts.list.find((p) => p.imageId === parseId(s.get("deletePost"))) ?? null,
    deleteSub: ofCategory.find((sc) => sc.imageSubcategoryId === parseId(s.get("deleteSub")) && sc.manageable) ?? null,
    deleteTag: tags.list.find((t) => t.imageTagId === parseId(s.get("deleteTag")) && t.manageable) ?? null,
  } as const;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `${url.pathname}${url.search}`;
  const back = (drop: string[]) => {
    const u = new URL(url);
    for (const k of drop) u.searchParams.delete(k);
    return `${u.pathname}${u.search}`;
  };
  const done = async (message: string, to = here) => {
    throw await redirectWithToast(to, { type: "success", message });
  };
  if (intent === "category") {
    const submission = parseWithZod(formData, { schema: imageCategoryBody });
    if (submission.status !== "success") return { form: "category", result: submission.reply() };
    const res = await api.call("POST /image-post/image-category", { body: submission.value });
    if (!res.ok) return { form: "category", result: replyWithApiError(submission, res) };
    return done(res.data.created ? `${submission.value.name} added.` : `${submission.value.name} is already there.`, stepUrl(url.pathname, { category: res.data.imageCategoryId }));
  }
  if (intent === "subcategory") {
    const imageCategoryId = parseId(url.searchParams.get("category"));
    const submission = parseWithZod(formData, { schema: imageSubcategoryBody });
    if (submission.status !== "success" || !imageCategoryId) return { form: "subcategory", result: submission.reply() };
    const res = await api.call("POST /image-post/image-category/{imageCategoryId}/image-subcategory", { params: { imageCategoryId }, body: submission.value });
    if (!res.ok) return { form: "subcategory", result: replyWithApiError(submission, res) };
    return done(`${submission.value.name} saved.`);
  }
  if (intent === "tag") {
    const submission = parseWithZod(formData, { schema: imageTagBody });
    if (submission.status !== "success") return { form: "tag", result: submission.reply() };
    const res = await api.call("POST /image-post/image-tag", { body: submission.value });
    if (!res.ok) return { form: "tag", result: replyWithApiError(submission, res) };
    return done(`Tag ${submission.value.name} saved.`);
  }
  if (intent === "upload") {
    const submission = parseWithZod(formData, { schema: imagePostFieldsSchema });
    const files = formData.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
    if (submission.status !== "success") return { form: "upload", result: submission.reply() };
    if (!files.length) return { form: "upload", result: submission.reply({ fieldErrors: { files: ["Choose at least one file."] } }) };
    // One request per file, like the page's script: each file gets its own result.
    const results: { name: string; error: string | null }[] = [];
    for (const file of files) {
      const res = await api.call("POST /image-post/multiple", { body: { ...submission.value, files: file } });
      results.push({ name: file.name, error: res.ok ? (res.data.results[0]?.error ?? null) : res.message });
    }
    const failed = results.filter((r) => r.error);
    if (!failed.length) return done(`${results.length} greeting${results.length === 1 ? "" : "s"} uploaded.`);
    return { form: "upload", result: submission.reply({ resetForm: true }), uploaded: results.length - failed.length, failed };
  }
  if (intent === "delete-post") {
    const imageId = parseId(url.searchParams.get("deletePost"));
    if (!imageId) return { error: "Unknown action." };
    const res = await api.call("DELETE /image-post", { body: { imageIds: [imageId] } });
    if (!res.ok) return { error: res.message };
    return done("Greeting deleted.", back(["deletePost"]));
  }
  if (intent === "delete-subcategory") {
    const imageCategoryId = parseId(url.searchParams.get("category"));
    const imageSubcategoryId = parseId(url.searchParams.get("deleteSub"));
    if (!imageCategoryId || !imageSubcategoryId) return { error: "Unknown action." };
    const res = await api.call("DELETE /image-post/image-category/{imageCategoryId}/image-subcategory", { params: { imageCategoryId }, query: { imageSubcategoryId } });
    if (!res.ok) return { error: res.message };
    return done("Subcategory deleted.", back(["deleteSub"]));
  }
  if (intent === "delete-tag") {
    const imageTagId = parseId(url.searchParams.get("deleteTag"));
    if (!imageTagId) return { error: "Unknown action." };
    const res = await api.call("DELETE /image-post/image-tag/{imageTagId}", { params: { imageTagId } });
    if (!res.ok) return { error: res.message };
    return done("Tag deleted.", back(["deleteTag"]));
  }
  return { error: "Unknown action." };
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { allowed: true }>;
type ActionData = Route.ComponentProps["actionData"];

export default function GreetingsManagement({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <PanelNotFound />;
  const d = loaderData;
  const cancel = stepUrl(d.base, { category: d.category?.imageCategoryId, page: d.page });
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {d.platform
          ? "The platform's greeting library: every agency's customers see these posts."
          : "Your agency's own greeting posts, shown to your customers beside the platform's library."}
      </p>
      <UploadCard d={d} actionData={actionData} />
      <PostsCard d={d} />
      <CategoriesCard d={d} actionData={actionData} />
      <TagsCard d={d} actionData={actionData} />
      {d.deletePost ? (
        <ConfirmDialog message={`Delete this ${d.deletePost.subcategoryName} greeting? This cannot be undone.`} cancelTo={cancel} intent="delete-post" />
      ) : null}
      {d.deleteSub ? (
        <ConfirmDialog message={`Delete ${d.deleteSub.name} and its ${d.deleteSub.postCount} posts? This cannot be undone.`} cancelTo={cancel} intent="delete-subcategory" />
      ) : null}
      {d.deleteTag ? <ConfirmDialog message={`Delete the tag ${d.deleteTag.name}?`} cancelTo={cancel} intent="delete-tag" /> : null}
      {error ? <ErrorDialog message={error} backTo={cancel} /> : null}
    </div>
  );
}

const resultOf = (a: ActionData, form: string) => (a && "form" in a && a.form === form ? a.result : undefined);

function UploadCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const revalidator = useRevalidator();
  const { rows, busy, onSubmit } = useBulkUpload(() => void revalidator.revalidate());
  const [form, fields] = useForm({
    id: "upload",
    lastResult: resultOf(actionData, "upload"),
    defaultValue: { postShape: "SQUARE", placement: "COMMON" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imagePostFieldsSchema }),
  });
  const failed = actionData && "failed" in actionData && actionData.failed ? { uploaded: actionData.uploaded ?? 0, failed: actionData.failed } : null;
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">Upload greetings</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={onSubmit} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor={fields.imageSubcategoryId.id} className="block text-sm font-medium text-slate-700">
            Subcategory
          </label>
          <select {...getSelectProps(fields.imageSubcategoryId)} key={fields.imageSubcategoryId.key} className={inputClass}>
            <option value="">Choose…</option>
            {d.postable.map((sc) => (
              <option key={sc.imageSubcategoryId} value={sc.imageSubcategoryId}>
                {sc.categoryName} › {sc.name}
                {sc.eventDate ? ` (${sc.eventDate})` : ""}
              </option>
            ))}
          </select>
          <ErrorList id={fields.imageSubcategoryId.errorId} errors={fields.imageSubcategoryId.errors} />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1">
            <label htmlFor={fields.postShape.id} className="block text-sm font-medium text-slate-700">
              Shape
            </label>
            <select {...getSelectProps(fields.postShape)} key={fields.postShape.key} className={inputClass}>
              <option value="SQUARE">Square</option>
              <option value="STORY">Story</option>
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.placement.id} className="block text-sm font-medium text-slate-700">
              Placement
            </label>
            <select {...getSelectProps(fields.placement)} key={fields.placement.key} className={inputClass}>
              {PLACEMENTS.map((p) => (
                <option key={p} value={p}>
                  {PLACEMENT_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.postDate.id} className="block text-sm font-medium text-slate-700">
              For the day (optional)
            </label>
            <input {...getInputProps(fields.postDate, { type: "date" })} key={fields.postDate.key} className={inputClass} />
            <ErrorList id={fields.postDate.errorId} errors={fields.postDate.errors} />
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor="upload-files" className="block text-sm font-medium text-slate-700">
            Images or videos
          </label>
          <input id="upload-files" name="files" type="file" multiple accept="image/jpeg,image/png,image/webp,video/mp4" className="block w-full text-sm" />
          <p className="text-xs text-slate-500">JPEG, PNG or WebP up to 10 MB (cropped to 1080 px); MP4 up to 50 MB.</p>
          <ErrorList errors={(form.allErrors.files as string[] | undefined) ?? null} />
        </div>
        <input type="hidden" name="intent" value="upload" />
        <SubmitButton pendingText="Uploading…" className={busy ? "opacity-60" : ""}>
          Upload
        </SubmitButton>
      </Form>
      <div className="mt-3">
        <UploadProgress rows={rows} />
        {failed ? (
          <div role="alert" className="space-y-1 text-sm">
            <p>
              {failed.uploaded} uploaded, {failed.failed.length} not:
            </p>
            <ul className="list-disc pl-5 text-red-700">
              {failed.failed.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  {f.name}: {f.error}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

function PostsCard({ d }: { d: Loaded }) {
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">
        {d.platform ? "Library posts" : "Your posts"} ({d.total})
      </h2>
      {d.posts.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {d.posts.map((p) => (
            <li key={p.imageId} className="space-y-1 text-xs">
              {p.mediaType === "IMAGE" ? (
                <img src={p.lowQualityUrl ?? p.url} alt={`${p.subcategoryName} greeting`} width={180} height={180} loading="lazy" className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200" />
              ) : (
                <video src={p.url} preload="metadata" className="aspect-square w-full rounded-lg bg-black object-cover" aria-label={`${p.subcategoryName} video`} />
              )}
              <p className="truncate font-medium text-slate-800">{p.subcategoryName}</p>
              <p className="text-slate-500">{p.postDate ?? p.eventDate ?? "Any day"}</p>
              <Link to={stepUrl(d.base, { category: d.category?.imageCategoryId, page: d.page, deletePost: p.imageId })} className="text-red-700 underline">
                Delete
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No posts yet: upload the first ones above.</p>
      )}
      <Pager page={d.page} pages={d.pages} hrefFor={(page) => stepUrl(d.base, { category: d.category?.imageCategoryId, page })} words={["Newer", "Older"]} />
    </Card>
  );
}

function CategoriesCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const [catForm, cat] = useForm({ id: "category", lastResult: resultOf(actionData, "category"), onValidate: ({ formData }) => parseWithZod(formData, { schema: imageCategoryBody }) });
  const [subForm, sub] = useForm({
    id: "subcategory",
    lastResult: resultOf(actionData, "subcategory"),
    defaultValue: { placement: "COMMON" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageSubcategoryBody }),
  });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">Categories</h2>
      <ul className="mb-3 flex flex-wrap gap-2">
        {d.categories.map((c) => (
          <li key={c.imageCategoryId}>
            <Link
              to={stepUrl(d.base, { category: c.imageCategoryId })}
              aria-current={d.category?.imageCategoryId === c.imageCategoryId ? "page" : undefined}
              className="inline-block rounded-full px-3 py-1.5 text-sm ring-1 ring-slate-300 aria-[current=page]:bg-brand-dark aria-[current=page]:text-white"
            >
              {c.name} ({c.subcategoryCount})
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(catForm)} className="flex items-end gap-2">
        <div className="grow">
          <Field field={cat.name} label="New category" />
        </div>
        <input type="hidden" name="intent" value="category" />
        <SubmitButton className="w-auto">Add</SubmitButton>
      </Form>
      {d.category ? (
        <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{d.category.name}</h3>
          <ul className="divide-y divide-slate-100">
            {d.ofCategory.map((sc) => (
              <li key={sc.imageSubcategoryId} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {sc.name}
                  <span className="text-slate-500">
                    {sc.eventDate ? ` · ${sc.eventDate}` : ""} · {PLACEMENT_LABELS[sc.placement]} · {sc.postCount} posts
                  </span>
                </span>
                {sc.manageable ? (
                  <Link to={stepUrl(d.base, { category: d.category!.imageCategoryId, deleteSub: sc.imageSubcategoryId })} className="text-red-700 underline">
                    Delete
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Form method="post" {...getFormProps(subForm)} className="grid gap-2 sm:grid-cols-4 sm:items-end">
            <FormError id={subForm.errorId} errors={subForm.errors} />
            <Field field={sub.name} label="New subcategory" />
            <div className="space-y-1">
              <label htmlFor={sub.eventDate.id} className="block text-sm font-medium text-slate-700">
                Festival date
              </label>
              <input {...getInputProps(sub.eventDate, { type: "date" })} key={sub.eventDate.key} className={inputClass} />
              <ErrorList id={sub.eventDate.errorId} errors={sub.eventDate.errors} />
            </div>
            <div className="space-y-1">
              <label htmlFor={sub.placement.id} className="block text-sm font-medium text-slate-700">
                Placement
              </label>
              <select {...getSelectProps(sub.placement)} key={sub.placement.key} className={inputClass}>
                {PLACEMENTS.map((p) => (
                  <option key={p} value={p}>
                    {PLACEMENT_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
            <input type="hidden" name="intent" value="subcategory" />
            <SubmitButton>Add subcategory</SubmitButton>
          </Form>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Choose a category to see and add its subcategories.</p>
      )}
    </Card>
  );
}

function TagsCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const [form, fields] = useForm({ id: "tag", lastResult: resultOf(actionData, "tag"), onValidate: ({ formData }) => parseWithZod(formData, { schema: imageTagBody }) });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">Tags</h2>
      <ul className="mb-3 flex flex-wrap gap-2 text-sm">
        {d.tags.map((t) => (
          <li key={t.imageTagId} className="rounded-full bg-slate-100 px-3 py-1">
            {t.name}
            {t.manageable ? (
              <Link to={stepUrl(d.base, { category: d.category?.imageCategoryId, deleteTag: t.imageTagId })} className="ml-2 font-bold text-red-700 underline" aria-label={`Delete tag ${t.name}`}>
                ×
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)} className="flex items-end gap-2">
        <div className="grow">
          <Field field={fields.name} label="New tag" />
        </div>
        <input type="hidden" name="intent" value="tag" />
        <SubmitButton className="w-auto">Add</SubmitButton>
      </Form>
    </Card>
  );
}
