import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { videoTemplateFormSchema, videoTemplatePreviewFormSchema } from "#contracts/promo-videos.ts";
import { getApi, getStaff } from "~/lib/request-context.server";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { Card, PanelNotFound } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { inputClass } from "~/components/form";
import { TemplatePreview } from "~/components/promo-videos/template-tile";
import { VideoTemplateForm, type TemplateFormAnswer } from "./template-form";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { VIDEO_PLACEHOLDER_KEYS, type VideoPlaceholderKey } from "#contracts/promo-videos-texts.ts";

/**
 * Video template Management (SPEC §6: superadmin plus admin or all-card franchisee; the API
 * checks it, the menu only shows it): the templates most popular first, add, edit, raise
 * popularity, delete with a confirm step. Every step is a URL and a form: no JavaScript needed.
 */

export const handle: PanelHandle = { title: "Video template Management" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: (loaderData?.found && loaderData.pageTitle) || "Video template Management" }];

const PATH = href("/panel/admin/video-template-management");
const SAVE = "save-template";
const PREVIEW = "preview-template";
const DELETE = "delete-template";
const POPULAR = "bump-popularity";
const PAGE_SIZE = 20;

function listUrl(v: { search?: string; page?: number; edit?: number; delete?: number; new?: boolean }) {
  const s = new URLSearchParams();
  if (v.search) s.set("search", v.search);
  if (v.page && v.page > 1) s.set("page", String(v.page));
  if (v.new) s.set("new", "1");
  if (v.edit) s.set("edit", String(v.edit));
  if (v.delete) s.set("delete", String(v.delete));
  return s.size ? `${PATH}?${s}` : PATH;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  // Only people whose menu has it (a 403 from the API would sign them out): others get a 404.
  if (!getStaff(context).menu.some((m) => m.key === "video-templates")) return data({ found: false as const }, { status: 404 });
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 80);
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const res = await getApi(context).get("GET /video/template", { query: { page, pageSize: PAGE_SIZE, search: search || undefined } });
  const items = res.items.map((tpl) => ({ ...tpl, createdAt: tpl.createdAt.toString() }));
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  let editing = editId ? (items.find((tpl) => tpl.templateId === editId) ?? null) : null;
  if (editId && !editing) {
    const one = await getApi(context).call("GET /video/template/{id}", { params: { id: editId } }, { authErrors: "return" });
    editing = one.ok ? { ...one.data, createdAt: one.data.createdAt.toString() } : null;
  }
  const t = pageMessages(context, "promoVideoArt", "staffPromoTemplates", "staffCommon");
  return {
    found: true as const,
    t,
    pageTitle: t.staffPromoTemplates.title,
    items,
    total: res.total,
    page,
    pages: Math.max(1, Math.ceil(res.total / PAGE_SIZE)),
    search,
    adding: url.searchParams.get("new") === "1",
    editing,
    deleting: deleteId ? (items.find((tpl) => tpl.templateId === deleteId) ?? null) : null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = listUrl({ search: url.searchParams.get("search") ?? undefined, page: parseId(url.searchParams.get("page")) });
  if (intent === SAVE || intent === PREVIEW) return saveOrPreview(context, formData, intent, back);
  const { staffPromoTemplates: t, staffCommon } = pageMessages(context, "staffPromoTemplates", "staffCommon");
  const templateId = parseId(String(formData.get("templateId") ?? "")) ?? parseId(url.searchParams.get("delete"));
  if (!templateId) return { result: null, error: t.chooseFirst };
  if (intent === DELETE) {
    const res = await api.call("DELETE /video/template", { body: { templateId } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    throw await redirectWithToast(back, { type: "success", message: t.deleted });
  }
  if (intent === POPULAR) {
    const res = await api.call("PUT /video/template/popularity", { body: { templateId } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    throw await redirectWithToast(back, { type: "success", message: fmt(t.popularityRaised, { name: res.data.name, count: res.data.popularity }) });
  }
  return { result: null, error: staffCommon.unknownAction };
}

/**
 * The template form's two buttons. A picked background file goes to the API first; its URL then
 * rides in the form (a hidden field), so a refused save or a preview does not send it again.
 */
async function saveOrPreview(context: Route.ActionArgs["context"], formData: FormData, intent: string, back: string): Promise<TemplateFormAnswer & { error: null }> {
  const api = getApi(context);
  const file = formData.get("backgroundFile");
  formData.delete("backgroundFile");
  if (file instanceof File && file.size > 0) {
    const up = await api.call("POST /video/template/background", { body: { file } });
    if (!up.ok) {
      const schema = intent === SAVE ? videoTemplateFormSchema : videoTemplatePreviewFormSchema;
      const submission = parseWithZod(formData, { schema });
      const message = up.fieldErrors?.file?.[0] ?? up.message;
      return { result: submission.reply({ fieldErrors: { backgroundUrl: [message] } }), error: null };
    }
    formData.set("backgroundUrl", up.data.backgroundUrl);
    formData.delete("useGenerated");
  }
  const backgroundUrl = formData.get("useGenerated") === "on" ? null : String(formData.get("backgroundUrl") ?? "") || null;
  if (intent === PREVIEW) {
    const submission = parseWithZod(formData, { schema: videoTemplatePreviewFormSchema });
    if (submission.status !== "success") return { result: translateReply(context, submission.reply()), backgroundUrl, error: null };
    const res = await api.call("POST /video/template/preview", { body: submission.value });
    if (!res.ok) return { result: replyWithApiError(submission, res), backgroundUrl, error: null };
    return { result: submission.reply(), preview: `data:image/jpeg;base64,${res.data.jpeg}`, backgroundUrl, error: null };
  }
  const submission = parseWithZod(formData, { schema: videoTemplateFormSchema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()), backgroundUrl, error: null };
  const res = await api.call("POST /video/template", { body: submission.value });
  if (!res.ok) return { result: replyWithApiError(submission, res), backgroundUrl, error: null };
  const t = pageMessages(context, "staffPromoTemplates").staffPromoTemplates;
  throw await redirectWithToast(back, { type: "success", message: fmt(submission.value.templateId ? t.savedNamed : t.addedNamed, { name: res.data.name }) });
}

export default function VideoTemplateManagement({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <PanelNotFound />;
  const { t: text, items, total, page, pages, search, adding, editing, deleting } = loaderData;
  const t = text.staffPromoTemplates;
  const common = text.staffCommon;
  const answer = actionData && "preview" in actionData ? actionData : actionData ? { result: actionData.result } : null;
  return (
    <div className="space-y-4">
      {adding || editing ? (
        <Card>
          <div className="mb-4 flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{editing ? fmt(t.editHeading, { name: editing.name }) : t.addHeading}</h2>
            <Link to={listUrl({ search, page })} className="text-sm font-medium text-brand-dark underline">
              {t.close}
            </Link>
          </div>
          <VideoTemplateForm
            key={editing?.templateId ?? "new"}
            template={editing}
            intent={SAVE}
            previewIntent={PREVIEW}
            answer={answer}
            text={text.promoVideoArt}
            t={text.staffPromoTemplates}
          />
        </Card>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex items-end gap-2" role="search">
          <label className="text-sm text-slate-700">
            {t.searchByName}
            <input type="search" name="search" defaultValue={search} className={inputClass} />
          </label>
          <button type="submit" className="rounded-lg px-3 py-2.5 text-sm font-medium ring-1 ring-slate-300">
            {common.search}
          </button>
        </Form>
        <Link to={listUrl({ new: true })} className="rounded-lg bg-brand-dark px-4 py-2.5 text-sm font-semibold text-white">
          {t.add}
        </Link>
      </div>
      {items.length ? (
        <>
          <p className="text-sm text-slate-600">
            {fmt(total === 1 ? t.countOne : t.countOther, { total })}
          </p>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((tpl) => (
              <li key={tpl.templateId} className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
                {/* Its own box: the preview is w-full, which would win over a w-20 on it and cover the buttons. */}
                <div className="w-20 shrink-0">
                  <TemplatePreview template={{ ...tpl, placeholders: tpl.placeholders.map((p) => ({ ...p, label: placeholderLabel(p, t) })) }} drawingText={text.promoVideoArt.drawing} />
                </div>
                <div className="min-w-0 flex-1 space-y-1">
                  <h3 className="font-semibold text-slate-900">{tpl.name}</h3>
                  <p className="text-xs text-slate-600">
                    {fmt(t.seconds, { n: tpl.durationSeconds })} · {tpl.placeholders.map((p) => placeholderLabel(p, t)).join(", ")}
                  </p>
                  <p className="text-sm text-slate-800">{fmt(t.popularity, { count: tpl.popularity })}</p>
                  <div className="flex flex-wrap gap-3 pt-1 text-sm">
                    <Link to={listUrl({ search, page, edit: tpl.templateId })} className="font-medium text-brand-dark underline">
                      {t.edit}
                    </Link>
                    <Form method="post" action={listUrl({ search, page })}>
                      <input type="hidden" name="templateId" value={tpl.templateId} />
                      <button type="submit" name="intent" value={POPULAR} className="font-medium text-brand-dark underline">
                        {t.raisePopularity}
                      </button>
                    </Form>
                    <Link to={listUrl({ search, page, delete: tpl.templateId })} className="text-red-700 underline">
                      {t.delete}
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} hrefFor={(p) => listUrl({ search, page: p })} text={common} />
        </>
      ) : (
        <Card>
          <h2 className="font-semibold text-slate-900">{search ? t.noMatch : t.noneYet}</h2>
          <p className="mt-1 text-slate-600">{search ? t.tryAnother : t.addOne}</p>
        </Card>
      )}
      {deleting && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(t.confirmDelete, { name: deleting.name })}
          cancelTo={listUrl({ search, page })}
          action={listUrl({ search, page, delete: deleting.templateId })}
          intent={DELETE}
          words={common}
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={listUrl({ search, page })} words={common} /> : null}
    </div>
  );
}

/** The built-in placeholders by their key in the page's language; the API's stored label is English. */
function placeholderLabel(p: { key: string; label: string }, t: Catalogue["staffPromoTemplates"]) {
  return (VIDEO_PLACEHOLDER_KEYS as readonly string[]).includes(p.key) ? t[p.key as VideoPlaceholderKey] : p.label;
}
