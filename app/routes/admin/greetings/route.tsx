import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/route";
import { imageCategoryBody, imagePostFieldsSchema, imageSubcategoryBody, imageTagBody } from "#contracts/greetings.ts";
import { PLACEMENTS, type Placement } from "#contracts/greetings-enums.ts";
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
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { greetingErrorWords } from "./greetings.server";
import { fmt, translateWith } from "#contracts/i18n/fmt.ts";
import { formatDate } from "#contracts/format.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import type { z } from "zod";

export const handle: PanelHandle = { title: "Greetings Management" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Greetings Management" }];

type T = Catalogue["staffGreetings"];
const PLACEMENT_KEYS = { HOME_PAGE: "placeHome", GREETING_IMAGE_PAGE: "placeGreetingPage", COMMON: "placeCommon" } as const satisfies Record<Placement, keyof T>;

type Errors = Record<string, string[] | null> | null | undefined;
/**
 * Conform's check in the browser with the page's words for the schemas' English messages
 * (`errorWords`, empty in English), as the card editor does (ADR 0066).
 */
function parseIn<S extends z.ZodType>(formData: FormData, schema: S, words: Record<string, string>) {
  const submission = parseWithZod(formData, { schema });
  if (!Object.keys(words).length) return submission;
  const translated = (errors: Errors) => (errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? v.map((m) => translateWith(words, m)) : v])) : errors);
  return {
    ...submission,
    reply: (options?: Parameters<typeof submission.reply>[0]) => {
      const result = submission.reply(options);
      return { ...result, error: translated(result.error) };
    },
  } as typeof submission;
}

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
  if (!base) return { allowed: false, pageTitle: pageMessages(context, "staffGreetings").staffGreetings.title } as const;
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
  const t = pageMessages(context, "staffGreetings", "staffCommon");
  return {
    allowed: true,
    t,
    lang: languageOf(context),
    pageTitle: t.staffGreetings.title,
    errorWords: greetingErrorWords(context),
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
    deleteTag: tags.list.find((tag) => tag.imageTagId === parseId(s.get("deleteTag")) && tag.manageable) ?? null,
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
  const { staffGreetings: t, staffCommon } = pageMessages(context, "staffGreetings", "staffCommon");
  const translated = <R extends Parameters<typeof translateReply>[1]>(r: R) => translateReply(context, r);
  const done = async (message: string, to = here) => {
    throw await redirectWithToast(to, { type: "success", message });
  };
  if (intent === "category") {
    const submission = parseWithZod(formData, { schema: imageCategoryBody });
    if (submission.status !== "success") return { form: "category", result: translated(submission.reply()) };
    const res = await api.call("POST /image-post/image-category", { body: submission.value });
    if (!res.ok) return { form: "category", result: replyWithApiError(submission, res) };
    return done(fmt(res.data.created ? t.added : t.alreadyThere, { name: submission.value.name }), stepUrl(url.pathname, { category: res.data.imageCategoryId }));
  }
  if (intent === "subcategory") {
    const imageCategoryId = parseId(url.searchParams.get("category"));
    const submission = parseWithZod(formData, { schema: imageSubcategoryBody });
    if (submission.status !== "success" || !imageCategoryId) return { form: "subcategory", result: translated(submission.reply()) };
    const res = await api.call("POST /image-post/image-category/{imageCategoryId}/image-subcategory", { params: { imageCategoryId }, body: submission.value });
    if (!res.ok) return { form: "subcategory", result: replyWithApiError(submission, res) };
    return done(fmt(t.saved, { name: submission.value.name }));
  }
  if (intent === "tag") {
    const submission = parseWithZod(formData, { schema: imageTagBody });
    if (submission.status !== "success") return { form: "tag", result: translated(submission.reply()) };
    const res = await api.call("POST /image-post/image-tag", { body: submission.value });
    if (!res.ok) return { form: "tag", result: replyWithApiError(submission, res) };
    return done(fmt(t.tagSaved, { name: submission.value.name }));
  }
  if (intent === "upload") {
    const submission = parseWithZod(formData, { schema: imagePostFieldsSchema });
    const files = formData.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
    if (submission.status !== "success") return { form: "upload", result: translated(submission.reply()) };
    if (!files.length) return { form: "upload", result: translated(submission.reply({ fieldErrors: { files: ["Choose at least one file."] } })) };
    // One request per file, like the page's script: each file gets its own result.
    const results: { name: string; error: string | null }[] = [];
    for (const file of files) {
      const res = await api.call("POST /image-post/multiple", { body: { ...submission.value, files: file } });
      results.push({ name: file.name, error: res.ok ? (res.data.results[0]?.error ?? null) : res.message });
    }
    const failed = results.filter((r) => r.error);
    if (!failed.length) return done(results.length === 1 ? t.uploadedOne : fmt(t.uploadedOther, { count: results.length }));
    return { form: "upload", result: submission.reply({ resetForm: true }), uploaded: results.length - failed.length, failed };
  }
  if (intent === "delete-post") {
    const imageId = parseId(url.searchParams.get("deletePost"));
    if (!imageId) return { error: staffCommon.unknownAction };
    const res = await api.call("DELETE /image-post", { body: { imageIds: [imageId] } });
    if (!res.ok) return { error: res.message };
    return done(t.postDeleted, back(["deletePost"]));
  }
  if (intent === "delete-subcategory") {
    const imageCategoryId = parseId(url.searchParams.get("category"));
    const imageSubcategoryId = parseId(url.searchParams.get("deleteSub"));
    if (!imageCategoryId || !imageSubcategoryId) return { error: staffCommon.unknownAction };
    const res = await api.call("DELETE /image-post/image-category/{imageCategoryId}/image-subcategory", { params: { imageCategoryId }, query: { imageSubcategoryId } });
    if (!res.ok) return { error: res.message };
    return done(t.subDeleted, back(["deleteSub"]));
  }
  if (intent === "delete-tag") {
    const imageTagId = parseId(url.searchParams.get("deleteTag"));
    if (!imageTagId) return { error: staffCommon.unknownAction };
    const res = await api.call("DELETE /image-post/image-tag/{imageTagId}", { params: { imageTagId } });
    if (!res.ok) return { error: res.message };
    return done(t.tagDeleted, back(["deleteTag"]));
  }
  return { error: staffCommon.unknownAction };
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { allowed: true }>;
type ActionData = Route.ComponentProps["actionData"];

export default function GreetingsManagement({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <PanelNotFound />;
  const d = loaderData;
  const t = d.t.staffGreetings;
  const common = d.t.staffCommon;
  const cancel = stepUrl(d.base, { category: d.category?.imageCategoryId, page: d.page });
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{d.platform ? t.pitchPlatform : t.pitchAgency}</p>
      <UploadCard d={d} actionData={actionData} />
      <PostsCard d={d} />
      <CategoriesCard d={d} actionData={actionData} />
      <TagsCard d={d} actionData={actionData} />
      {d.deletePost ? <ConfirmDialog message={fmt(t.confirmDeletePost, { name: d.deletePost.subcategoryName })} cancelTo={cancel} intent="delete-post" words={common} /> : null}
      {d.deleteSub ? (
        <ConfirmDialog message={fmt(t.confirmDeleteSub, { name: d.deleteSub.name, count: d.deleteSub.postCount })} cancelTo={cancel} intent="delete-subcategory" words={common} />
      ) : null}
      {d.deleteTag ? <ConfirmDialog message={fmt(t.confirmDeleteTag, { name: d.deleteTag.name })} cancelTo={cancel} intent="delete-tag" words={common} /> : null}
      {error ? <ErrorDialog message={error} backTo={cancel} words={common} /> : null}
    </div>
  );
}

const resultOf = (a: ActionData, form: string) => (a && "form" in a && a.form === form ? a.result : undefined);

function PlacementOptions({ t }: { t: T }) {
  return PLACEMENTS.map((p) => (
    <option key={p} value={p}>
      {t[PLACEMENT_KEYS[p]]}
    </option>
  ));
}

function UploadCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const t = d.t.staffGreetings;
  const revalidator = useRevalidator();
  const { rows, busy, onSubmit } = useBulkUpload(() => void revalidator.revalidate(), t);
  const [form, fields] = useForm({
    id: "upload",
    lastResult: resultOf(actionData, "upload"),
    defaultValue: { postShape: "SQUARE", placement: "COMMON" },
    onValidate: ({ formData }) => parseIn(formData, imagePostFieldsSchema, d.errorWords),
  });
  const failed = actionData && "failed" in actionData && actionData.failed ? { uploaded: actionData.uploaded ?? 0, failed: actionData.failed } : null;
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{t.uploadTitle}</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={onSubmit} className="space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor={fields.imageSubcategoryId.id} className="block text-sm font-medium text-slate-700">
            {t.subcategory}
          </label>
          <select {...getSelectProps(fields.imageSubcategoryId)} key={fields.imageSubcategoryId.key} className={inputClass}>
            <option value="">{t.choose}</option>
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
              {t.shape}
            </label>
            <select {...getSelectProps(fields.postShape)} key={fields.postShape.key} className={inputClass}>
              <option value="SQUARE">{t.square}</option>
              <option value="STORY">{t.story}</option>
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.placement.id} className="block text-sm font-medium text-slate-700">
              {t.placement}
            </label>
            <select {...getSelectProps(fields.placement)} key={fields.placement.key} className={inputClass}>
              <PlacementOptions t={t} />
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.postDate.id} className="block text-sm font-medium text-slate-700">
              {t.forTheDay}
            </label>
            <input {...getInputProps(fields.postDate, { type: "date" })} key={fields.postDate.key} className={inputClass} />
            <ErrorList id={fields.postDate.errorId} errors={fields.postDate.errors} />
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor="upload-files" className="block text-sm font-medium text-slate-700">
            {t.files}
          </label>
          <input id="upload-files" name="files" type="file" multiple accept="image/jpeg,image/png,image/webp,video/mp4" className="block w-full text-sm" />
          <p className="text-xs text-slate-500">{t.filesHint}</p>
          <ErrorList errors={(form.allErrors.files as string[] | undefined) ?? null} />
        </div>
        <input type="hidden" name="intent" value="upload" />
        <SubmitButton pendingText={t.uploading} className={busy ? "opacity-60" : ""}>
          {t.upload}
        </SubmitButton>
      </Form>
      <div className="mt-3">
        <UploadProgress rows={rows} t={t} />
        {failed ? (
          <div role="alert" className="space-y-1 text-sm">
            <p>{fmt(t.someFailed, { uploaded: failed.uploaded, failed: failed.failed.length })}</p>
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
  const t = d.t.staffGreetings;
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{fmt(d.platform ? t.libraryPosts : t.yourPosts, { count: d.total })}</h2>
      {d.posts.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {d.posts.map((p) => {
            const day = p.postDate ?? p.eventDate;
            return (
              <li key={p.imageId} className="space-y-1 text-xs">
                {p.mediaType === "IMAGE" ? (
                  <img src={p.lowQualityUrl ?? p.url} alt={fmt(t.imageAlt, { name: p.subcategoryName })} width={180} height={180} loading="lazy" className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200" />
                ) : (
                  <video src={p.url} preload="metadata" className="aspect-square w-full rounded-lg bg-black object-cover" aria-label={fmt(t.videoLabel, { name: p.subcategoryName })} />
                )}
                <p className="truncate font-medium text-slate-800">{p.subcategoryName}</p>
                <p className="text-slate-500">{day ? formatDate(day, d.lang) : t.anyDay}</p>
                <Link to={stepUrl(d.base, { category: d.category?.imageCategoryId, page: d.page, deletePost: p.imageId })} className="text-red-700 underline">
                  {t.delete}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-slate-600">{t.noPosts}</p>
      )}
      <Pager page={d.page} pages={d.pages} hrefFor={(page) => stepUrl(d.base, { category: d.category?.imageCategoryId, page })} words={[t.newer, t.older]} text={d.t.staffCommon} />
    </Card>
  );
}

function CategoriesCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const t = d.t.staffGreetings;
  const [catForm, cat] = useForm({ id: "category", lastResult: resultOf(actionData, "category"), onValidate: ({ formData }) => parseIn(formData, imageCategoryBody, d.errorWords) });
  const [subForm, sub] = useForm({
    id: "subcategory",
    lastResult: resultOf(actionData, "subcategory"),
    defaultValue: { placement: "COMMON" },
    onValidate: ({ formData }) => parseIn(formData, imageSubcategoryBody, d.errorWords),
  });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{t.categories}</h2>
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
          <Field field={cat.name} label={t.newCategory} />
        </div>
        <input type="hidden" name="intent" value="category" />
        <SubmitButton className="w-auto" pendingText={d.t.staffCommon.saving}>
          {t.add}
        </SubmitButton>
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
                    {sc.eventDate ? ` · ${formatDate(sc.eventDate, d.lang)}` : ""} · {t[PLACEMENT_KEYS[sc.placement]]} · {sc.postCount === 1 ? t.postsOne : fmt(t.postsOther, { count: sc.postCount })}
                  </span>
                </span>
                {sc.manageable ? (
                  <Link to={stepUrl(d.base, { category: d.category!.imageCategoryId, deleteSub: sc.imageSubcategoryId })} className="text-red-700 underline">
                    {t.delete}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Form method="post" {...getFormProps(subForm)} className="grid gap-2 sm:grid-cols-4 sm:items-end">
            <FormError id={subForm.errorId} errors={subForm.errors} />
            <Field field={sub.name} label={t.newSubcategory} />
            <div className="space-y-1">
              <label htmlFor={sub.eventDate.id} className="block text-sm font-medium text-slate-700">
                {t.festivalDate}
              </label>
              <input {...getInputProps(sub.eventDate, { type: "date" })} key={sub.eventDate.key} className={inputClass} />
              <ErrorList id={sub.eventDate.errorId} errors={sub.eventDate.errors} />
            </div>
            <div className="space-y-1">
              <label htmlFor={sub.placement.id} className="block text-sm font-medium text-slate-700">
                {t.placement}
              </label>
              <select {...getSelectProps(sub.placement)} key={sub.placement.key} className={inputClass}>
                <PlacementOptions t={t} />
              </select>
            </div>
            <input type="hidden" name="intent" value="subcategory" />
            <SubmitButton pendingText={d.t.staffCommon.saving}>{t.addSubcategory}</SubmitButton>
          </Form>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t.chooseCategory}</p>
      )}
    </Card>
  );
}

function TagsCard({ d, actionData }: { d: Loaded; actionData: ActionData }) {
  const t = d.t.staffGreetings;
  const [form, fields] = useForm({ id: "tag", lastResult: resultOf(actionData, "tag"), onValidate: ({ formData }) => parseIn(formData, imageTagBody, d.errorWords) });
  return (
    <Card>
      <h2 className="mb-3 font-semibold text-slate-900">{t.tags}</h2>
      <ul className="mb-3 flex flex-wrap gap-2 text-sm">
        {d.tags.map((tag) => (
          <li key={tag.imageTagId} className="rounded-full bg-slate-100 px-3 py-1">
            {tag.name}
            {tag.manageable ? (
              <Link to={stepUrl(d.base, { category: d.category?.imageCategoryId, deleteTag: tag.imageTagId })} className="ml-2 font-bold text-red-700 underline" aria-label={fmt(t.deleteTagNamed, { name: tag.name })}>
                ×
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)} className="flex items-end gap-2">
        <div className="grow">
          <Field field={fields.name} label={t.newTag} />
        </div>
        <input type="hidden" name="intent" value="tag" />
        <SubmitButton className="w-auto" pendingText={d.t.staffCommon.saving}>
          {t.add}
        </SubmitButton>
      </Form>
    </Card>
  );
}
