import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi } from "~/lib/request-context.server";
import type { ApiResult } from "~/lib/api.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelHandle } from "~/lib/page";
import { Card } from "~/components/panel-shell";
import { ConfirmDialog, ErrorDialog } from "~/components/dialogs";
import { CardFilterFields } from "~/components/projects/filter-fields";
import { deleteCardSchema, updateCardLimitSchema, updateCardStatusSchema } from "#contracts/cards.ts";
import { cardListQuery, updateImagePostSettingsSchema, updateImagePostStatusSchema } from "#contracts/projects.ts";
import { formatPhone } from "#contracts/phone.ts";
import { PROJECT_TYPES, type ProjectType } from "#contracts/project-texts.ts";
import { ProjectCard, PROJECT_INTENTS } from "./projects-card";
import { PromoVideoList } from "./promo-video-list";
import { USER_VIDEO_STATES, type UserVideoState } from "#contracts/promo-videos-texts.ts";
import { Pager } from "~/components/pager";
import { parseId } from "#contracts/id.ts";
import { languageOf, pageMessages, translateReply } from "~/lib/i18n.server";
import { messagesFor, translateMessage } from "#contracts/i18n/messages.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { cardStateLabelIn } from "#contracts/card-state.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt } from "~/lib/i18n";

type Text = Catalogue["staffProjects"];
const TYPE_KEYS = { digital_card: "typeDigitalCard", pdf_id_card: "typePdfIdCard", promotional_video: "typePromoVideo" } as const satisfies Record<ProjectType, keyof Text>;

/**
 * All Projects (SPEC §2 /projects?projectType=…): the agency's digital cards with SPEC §3's
 * filters and search fields, and per card its status, limit, greeting posts and delete. Filters
 * and pages are links and a GET form; every action is a real form post (works without JS);
 * delete is a confirm step in the URL (?delete=cardNo). ADR 0017.
 */

export const handle: PanelHandle = { title: "All Projects" };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "All Projects" }];

const PATH = href("/panel/admin/projects");
const PAGE_SIZE = 20;
const FILTER_KEYS = ["search", "searchBy", "status", "payment", "subscription", "expiry", "imagePostEnabled", "template", "createdFrom", "createdTo"] as const;

/** This page's URL with the current filters, changed by `change` (undefined removes a value). */
function pageUrl(search: URLSearchParams, change: Record<string, string | number | undefined> = {}) {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined || v === "") next.delete(k);
    else next.set(k, String(v));
  }
  next.delete("index");
  return next.size ? `${PATH}?${next}` : PATH;
}

const projectTypeOf = (v: string | null): ProjectType => (PROJECT_TYPES as readonly string[]).includes(v ?? "") ? (v as ProjectType) : "digital_card";

export async function loader({ url, context }: Route.LoaderArgs) {
  const projectType = projectTypeOf(url.searchParams.get("projectType"));
  const lang = languageOf(context);
  const videos = projectType === "promotional_video" ? await promoVideos(context, url.searchParams, lang) : null;
  // Values the list refuses (a hand-edited URL) are dropped rather than failing the page.
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((k) => (url.searchParams.get(k) ? [[k, url.searchParams.get(k)!]] : [])));
  const parsed = cardListQuery.safeParse({ ...raw, page: url.searchParams.get("page") ?? undefined, pageSize: PAGE_SIZE });
  const query = parsed.success ? parsed.data : { page: 1, pageSize: PAGE_SIZE };
  // The API answers 404 for an agency that sells digital cards only (SPEC §6): the boundary says why.
  const found = await getApi(context).get("GET /getcardlist", { query });
  const { home } = messagesFor(lang, "home");
  // Numbers formatted here, on the server: the page ships no phone metadata. The state's words
  // are the customer home's; only the label is sent.
  const list = {
    ...found,
    cards: found.cards.map((c) => ({ ...c, phoneNumber: c.phoneNumber ? formatPhone(c.phoneNumber) : null, stateLabel: cardStateLabelIn(c.cardState, home) })),
  };
  const deleting = parseId(url.searchParams.get("delete")) ?? null;
  const t = pageMessages(context, "staffProjects", "staffFilters", "staffCommon", "staffProjectVideos");
  return {
    t,
    lang,
    pageTitle: t.staffProjects.title,
    projectType,
    filters: parsed.success ? raw : {},
    invalidFilters: !parsed.success,
    list,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    confirming: list.allowed.delete ? (list.cards.find((c) => c.cardNo === deleting) ?? null) : null,
    videos,
  };
}

/** The promotional video tab's page of GET /video/user-video (a hand-edited state is ignored). */
async function promoVideos(context: Route.LoaderArgs["context"], params: URLSearchParams, lang: Language) {
  const wanted = params.get("videoStatus");
  const status = (USER_VIDEO_STATES as readonly string[]).includes(wanted ?? "") ? (wanted as UserVideoState) : null;
  const page = parseId(params.get("page")) ?? 1;
  const found = await getApi(context).get("GET /video/user-video", { query: { ...(status ? { status } : {}), page, pageSize: PAGE_SIZE } });
  // A failed video's stored reason is English: in the reader's language when a catalogue has it.
  const items = found.items.map((v) => (v.error ? { ...v, error: translateMessage(lang, v.error) } : v));
  return { ...found, items, status, pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)) };
}

type Updated = { updatedCard: { cardId: string; status: string; imagePostEnabled: boolean } };
type Reply = { intent: string; cardNo: number | null; result: ReturnType<Submission<unknown>["reply"]> | null; error: string | null };

/** One card form: its schema (Conform, as in the browser), its API call and the toast after it. */
async function submitCardForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  send: (body: z.output<S>) => Promise<ApiResult<Updated>>,
  done: (card: Updated["updatedCard"]) => string,
  translate: (r: NonNullable<Reply["result"]>) => NonNullable<Reply["result"]>,
): Promise<Reply | string> {
  const intent = String(formData.get("intent"));
  const cardNo = parseId(String(formData.get("cardNo") ?? "")) ?? null;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { intent, cardNo, result: translate(submission.reply()), error: null };
  const res = await send(submission.value as z.output<S>);
  if (res.ok) return done(res.data.updatedCard);
  // The card is gone (deleted in another tab) or not this person's: a dialog, not a field message.
  if (res.status === 404) return { intent, cardNo, result: null, error: res.message };
  return { intent, cardNo, result: replyWithApiError(submission, res), error: null };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const api = getApi(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const back = pageUrl(url.searchParams, { delete: undefined });
  const { staffProjects: t, staffCommon } = pageMessages(context, "staffProjects", "staffCommon");
  const translate = (r: NonNullable<Reply["result"]>) => translateReply(context, r);
  let outcome: Reply | string;
  switch (intent) {
    case PROJECT_INTENTS.status:
      outcome = await submitCardForm(
        formData,
        updateCardStatusSchema,
        (body) => api.call("POST /updateCardStatus", { body }),
        (c) => fmt(c.status === "active" ? t.nowActive : t.nowInactive, { card: c.cardId }),
        translate,
      );
      break;
    case PROJECT_INTENTS.imagePosts:
      outcome = await submitCardForm(
        formData,
        updateImagePostStatusSchema,
        (body) => api.call("POST /updateImagePostStatus", { body }),
        (c) => fmt(c.imagePostEnabled ? t.postsEnabled : t.postsDisabled, { card: c.cardId }),
        translate,
      );
      break;
    case PROJECT_INTENTS.cardLimit:
      outcome = await submitCardForm(formData, updateCardLimitSchema, (body) => api.call("POST /updateCardLimit", { body }), (c) => fmt(t.limitSaved, { card: c.cardId }), translate);
      break;
    case PROJECT_INTENTS.settings:
      outcome = await submitCardForm(
        formData,
        updateImagePostSettingsSchema,
        (body) => api.call("POST /updateImagePostSettings", { body }),
        (c) => fmt(t.settingsSaved, { card: c.cardId }),
        translate,
      );
      break;
    case PROJECT_INTENTS.delete: {
      const parsed = deleteCardSchema.safeParse({ cardNo: url.searchParams.get("delete") });
      if (!parsed.success) return { intent, cardNo: null, result: null, error: t.chooseCardFirst } satisfies Reply;
      const res = await api.call("POST /deleteCard", { body: parsed.data });
      outcome = res.ok ? t.deleted : { intent, cardNo: parsed.data.cardNo, result: null, error: res.message };
      break;
    }
    default:
      return { intent, cardNo: null, result: null, error: staffCommon.unknownAction } satisfies Reply;
  }
  if (typeof outcome !== "string") return outcome;
  throw await redirectWithToast(back, { type: "success", message: outcome });
}

function Filters({ filters, projectType, t, words }: { filters: Record<string, string>; projectType: ProjectType; t: Text; words: Catalogue["staffFilters"] }) {
  return (
    <Form method="get" action={PATH} role="search" aria-label={t.filterCards} className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
      <input type="hidden" name="projectType" value={projectType} />
      <CardFilterFields values={filters} t={words} />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker">
          {t.applyFilters}
        </button>
        <Link to={`${PATH}?projectType=${projectType}`} className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
          {t.clear}
        </Link>
      </div>
    </Form>
  );
}

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const { projectType, filters, invalidFilters, list, pages, confirming, videos } = loaderData;
  const search = new URLSearchParams({ projectType, ...filters, ...(list.page > 1 ? { page: String(list.page) } : {}) });
  const error = actionData?.error ?? null;
  const t = loaderData.t.staffProjects;
  const filtered = Object.keys(filters).length > 0;
  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-20">
      <nav aria-label={t.projectTypes} className="flex flex-wrap gap-2">
        {PROJECT_TYPES.map((type) => (
          <Link
            key={type}
            to={`${PATH}?projectType=${type}`}
            aria-current={type === projectType ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${type === projectType ? "bg-brand-dark text-white ring-brand-dark" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {t[TYPE_KEYS[type]]}
          </Link>
        ))}
        {list.allowed.protectedWords ? (
          <Link to={href("/panel/admin/protected-card-links")} className="ml-auto self-center text-sm font-semibold text-brand-dark underline">
            {t.protectedLinks}
          </Link>
        ) : null}
      </nav>
      {projectType === "pdf_id_card" ? (
        <Card>
          <h2 className="font-semibold text-slate-900">{t[TYPE_KEYS[projectType]]}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.pdfList}</p>
          <Link to={href("/panel/admin/pdf-cards")} className="mt-3 inline-block font-semibold text-brand-dark underline">
            {t.openPdfCards}
          </Link>
        </Card>
      ) : projectType === "promotional_video" && videos ? (
        <PromoVideoList
          videos={videos.items}
          total={videos.total}
          page={videos.page}
          pages={videos.pages}
          status={videos.status}
          pageHref={(change) => pageUrl(search, "status" in change ? { videoStatus: change.status, page: change.page } : { page: change.page })}
          t={loaderData.t.staffProjectVideos}
          pager={loaderData.t.staffCommon}
          lang={loaderData.lang}
        />
      ) : (
        <>
          <Filters filters={filters} projectType={projectType} t={t} words={loaderData.t.staffFilters} />
          {invalidFilters ? <p className="text-sm text-amber-800">{t.invalidFilters}</p> : null}
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.total === 1 ? t.countOne : fmt(t.countOther, { count: list.total })}
            {filtered ? (list.total === 1 ? t.matchesOne : t.matchesOther) : ""}
            {t.newestFirst}
          </p>
          {list.cards.length ? (
            <ul aria-label={t.cards} className="space-y-3">
              {list.cards.map((card) => (
                <li key={card.cardNo}>
                  <ProjectCard
                    card={card}
                    t={t}
                    lang={loaderData.lang}
                    allowed={list.allowed}
                    deleteHref={pageUrl(search, { delete: card.cardNo })}
                    action={pageUrl(search)}
                    lastResult={actionData?.cardNo === card.cardNo ? { intent: actionData.intent, result: actionData.result } : null}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Card>
              <h2 className="font-semibold text-slate-900">{filtered ? t.noMatchTitle : t.noCardsTitle}</h2>
              <p className="mt-1 text-sm text-slate-600">
                {filtered ? t.noMatchBody : t.noCardsBody}
              </p>
            </Card>
          )}
          <Pager page={list.page} pages={pages} hrefFor={(p) => pageUrl(search, { page: p })} text={loaderData.t.staffCommon} />
        </>
      )}
      {confirming && !error ? (
        <ConfirmDialog
          message={fmt(t.confirmDelete, { card: confirming.cardId, business: confirming.businessName })}
          words={loaderData.t.staffCommon}
          cancelTo={pageUrl(search)}
          action={pageUrl(search, { delete: confirming.cardNo })}
          intent={PROJECT_INTENTS.delete}
        />
      ) : null}
      {error ? <ErrorDialog message={error} backTo={pageUrl(search)} words={loaderData.t.staffCommon} /> : null}
    </div>
  );
}
