import { randomBytes } from "node:crypto";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { userVideoBody } from "#contracts/promo-videos.ts";
import { getApi } from "~/lib/request-context.server";
import { errorWordsFor, languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { speaking } from "~/lib/form-words";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { loadBusinesses } from "~/lib/customer.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ADD_BUSINESS_FOR_CARD_HREF } from "~/lib/menu-links";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { Field, FormError, SubmitButton } from "~/components/form";
import { TemplatePreview, TemplateTile } from "~/components/promo-videos/template-tile";
import { toUserVideoView, UserVideoCard, usePollWhilePending } from "~/components/promo-videos/user-video-card";
import { parseId } from "#contracts/id.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { useLanguage } from "~/lib/i18n";

export const handle: PanelHandle = { title: "Promotional videos", extraBottomMargin: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "Promotional videos" }];

const PATH = href("/panel/customer/video-templates");

function pageUrl(values: { businessId?: number; templateId?: number; delete?: number }, hash = "") {
  const search = new URLSearchParams();
  if (values.businessId) search.set("businessId", String(values.businessId));
  if (values.templateId) search.set("templateId", String(values.templateId));
  if (values.delete) search.set("delete", String(values.delete));
  return `${PATH}${search.size ? `?${search}` : ""}${hash}`;
}

/** SPEC §2 /video-templates?businessId=: the templates (most popular first), the order form and the business's videos. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { active } = await loadBusinesses(context);
  const businessId = parseId(url.searchParams.get("businessId")) ?? active?.businessId;
  const messages = pageMessages(context, "promoVideoArt", "promoVideos");
  const pageTitle = messages.promoVideos.title;
  // What userVideoBody can say to a customer, so the order form's check while typing is in the page's language too.
  const errorWords = errorWordsFor(context, ["Business name is too long.", "Tagline is too long.", "Phone number is too long.", "Offer text is too long."]);
  if (!businessId) return { t: messages, pageTitle, errorWords, businessId: null, business: null, templates: [], selected: null, videos: [], requestKey: "", confirming: null };
  if (!url.searchParams.get("businessId")) throw redirect(pageUrl({ businessId, templateId: parseId(url.searchParams.get("templateId")) }));
  const api = getApi(context);
  const [templates, videos, { business }] = await Promise.all([
    api.get("GET /video/template", { query: { page: 1, pageSize: 50 } }),
    api.get("GET /video/user-video/getUserVideosByBusiness", { query: { businessId } }),
    api.get("GET /business/{id}", { params: { id: businessId } }),
  ]);
  const templateId = parseId(url.searchParams.get("templateId"));
  const selected = templateId ? (templates.items.find((tpl) => tpl.templateId === templateId) ?? null) : null;
  const deleting = parseId(url.searchParams.get("delete"));
  return {
    t: messages,
    pageTitle,
    errorWords,
    businessId,
    business: { businessName: business.businessName, phoneNumber: business.phoneNumber ?? "", category: business.category ?? "" },
    templates: templates.items.map((tpl) => ({ ...tpl, createdAt: tpl.createdAt.toString() })),
    selected: selected && { ...selected, createdAt: selected.createdAt.toString() },
    // A failed video's stored reason is English (the renderer's): said in the page's language when a catalogue has it.
    videos: videos.map((v) => toUserVideoView({ ...v, error: v.error && translateMessage(languageOf(context), v.error) }, url.origin)),
    // A fresh key per form: the same form sent twice (a double click, a resend) orders once.
    requestKey: randomBytes(12).toString("hex"),
    confirming: deleting ? (videos.find((v) => v.videoNo === deleting && v.status !== "queued" && v.status !== "rendering") ?? null) : null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = getApi(context);
  const businessId = parseId(url.searchParams.get("businessId"));
  const t = pageMessages(context, "promoVideos").promoVideos;
  if (formData.get("intent") === "delete-video") {
    const videoNo = parseId(url.searchParams.get("delete"));
    if (!videoNo) return { result: null, error: t.unknownAction };
    const res = await api.call("DELETE /video/user-video", { body: { videoNo } });
    if (!res.ok) {
      return { result: null, error: res.message };
    }
    throw await redirectWithToast(pageUrl({ businessId }, "#videos"), { type: "success", message: t.deleted });
  }
  const submission = parseWithZod(formData, { schema: userVideoBody });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()), error: null };
  const res = await api.call("POST /video/user-video", { body: submission.value });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res), error: null };
  }
  throw await redirectWithToast(pageUrl({ businessId: res.data.businessId }, "#videos"), { type: "success", message: t.ordered });
}

function OrderForm({
  businessId,
  template,
  business,
  requestKey,
  lastResult,
  drawingText,
  t,
  errorWords,
}: {
  drawingText: string;
  errorWords: Readonly<Record<string, string>>;
  t: Catalogue["promoVideos"];
  businessId: number;
  template: NonNullable<Route.ComponentProps["loaderData"]["selected"]>;
  business: NonNullable<Route.ComponentProps["loaderData"]["business"]>;
  requestKey: string;
  lastResult: Route.ComponentProps["actionData"] extends infer A ? (A extends { result: infer R } ? R : undefined) : undefined;
}) {
  const keys = new Set(template.placeholders.map((p) => p.key));
  const [form, fields] = useForm({
    id: `order-video-${template.templateId}`,
    lastResult: lastResult ?? undefined,
    defaultValue: { businessName: business.businessName, phone: business.phoneNumber, tagline: business.category, offer: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => speaking(parseWithZod(formData, { schema: userVideoBody }), errorWords),
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{template.name}</h2>
      {template.description ? <p className="mt-1 text-sm text-slate-600">{template.description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
        <TemplatePreview template={template} className="max-w-48" clip drawingText={drawingText} />
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <FormError id={form.errorId} errors={form.errors} />
          <input {...getInputProps(fields.businessId, { type: "hidden" })} key={undefined} value={businessId} />
          <input {...getInputProps(fields.templateId, { type: "hidden" })} key={undefined} value={template.templateId} />
          <input {...getInputProps(fields.requestKey, { type: "hidden" })} key={undefined} value={requestKey} />
          {keys.has("businessName") ? <Field field={fields.businessName} label={t.businessName} /> : null}
          {keys.has("tagline") ? <Field field={fields.tagline} label={t.tagline} /> : null}
          {keys.has("offer") ? <Field field={fields.offer} label={t.offerText} hint={t.offerHint} /> : null}
          {keys.has("phone") ? <Field field={fields.phone} label={t.phoneNumber} type="tel" /> : null}
          {keys.has("logo") ? <p className="text-sm text-slate-600">{t.logoPlaced}</p> : null}
          <SubmitButton pendingText={t.ordering} className="sm:w-auto sm:min-w-48">
            {t.order}
          </SubmitButton>
        </Form>
      </div>
    </Card>
  );
}

export default function VideoTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { t: text, businessId, business, templates, selected, videos, requestKey, confirming } = loaderData;
  usePollWhilePending(videos.some((v) => v.status === "queued" || v.status === "rendering"));
  const t = text.promoVideos;
  const lang = useLanguage();
  if (!businessId || !business) {
    return (
      <Card>
        <h2 className="font-semibold text-slate-900">{t.addBusinessFirst}</h2>
        <p className="mt-1 text-slate-600">{t.addBusinessWhy}</p>
        <Link to={ADD_BUSINESS_FOR_CARD_HREF} className="mt-3 inline-block font-medium text-brand-dark underline">
          {t.addBusiness}
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-6 pb-16">
      {selected ? (
        <OrderForm key={`${selected.templateId}-${requestKey}`} drawingText={text.promoVideoArt.drawing} t={t} errorWords={loaderData.errorWords} businessId={businessId} template={selected} business={business} requestKey={requestKey} lastResult={actionData?.result} />
      ) : null}
      <section aria-labelledby="templates-heading">
        <h2 id="templates-heading" className="mb-2 font-semibold text-slate-900">
          {selected ? t.otherTemplates : t.chooseTemplate}
        </h2>
        {templates.length ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {templates.map((tpl) => (
              <TemplateTile key={tpl.templateId} template={tpl} to={pageUrl({ businessId, templateId: tpl.templateId })} selected={tpl.templateId === selected?.templateId} drawingText={text.promoVideoArt.drawing} secondsText={t.seconds} />
            ))}
          </ul>
        ) : (
          <Card>
            <p className="text-slate-600">{t.noTemplates}</p>
          </Card>
        )}
      </section>
      <section id="videos" aria-labelledby="videos-heading">
        <h2 id="videos-heading" className="mb-2 font-semibold text-slate-900">
          {fmt(t.videosOf, { business: business.businessName })}
        </h2>
        {videos.length ? (
          <ul className="space-y-3">
            {videos.map((v) => (
              <UserVideoCard key={v.videoNo} video={v} refreshTo={pageUrl({ businessId, templateId: selected?.templateId }, "#videos")} deleteTo={pageUrl({ businessId, delete: v.videoNo })} t={t} lang={lang} />
            ))}
          </ul>
        ) : (
          <Card>
            <p className="text-slate-600">{t.noVideos}</p>
          </Card>
        )}
      </section>
      {confirming && !actionData?.error ? (
        <ConfirmDialog
          message={fmt(t.confirmDelete, { n: confirming.videoNo })}
          words={t}
          cancelTo={pageUrl({ businessId }, "#videos")}
          action={pageUrl({ businessId, delete: confirming.videoNo })}
          intent="delete-video"
        />
      ) : null}
      {actionData?.error ? <ErrorDialog message={actionData.error} backTo={pageUrl({ businessId })} words={t} /> : null}
    </div>
  );
}
