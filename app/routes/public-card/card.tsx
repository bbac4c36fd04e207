import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/card";
import { enquiryFormSchema } from "#contracts/public-card.ts";
import { looksLikeCardId } from "#contracts/card-id.ts";
import { getApi, getSession } from "~/lib/request-context.server";
import { replyWithApiError } from "~/lib/forms.server";
import { apiUrl } from "~/lib/api-url";
import type { NoScriptsHandle } from "~/root";
import { PublicCardView } from "~/components/public-card/card-view";
import { CardUnavailable } from "~/components/public-card/card-unavailable";
import { LanguageSwitch, languageSwitchTarget } from "~/components/public-card/language-switch";
import type { MessageKind } from "~/components/public-card/message-form";
import { isLanguage, negotiateLanguage, type Language } from "#contracts/i18n/languages.ts";
import { messagesFor } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { parseSource, sourceParam } from "#contracts/card-sources.ts";
import { CardSourceContext } from "~/components/public-card/card-source";

/**
 * The visitor's language for the card's fixed words (ADR 0066): the link's `?lang=`, else the
 * browser's Accept-Language, else the agency's default. Not the panel's cookie: a card is read by
 * its visitors, and the page cache keys on exactly these (server/web/public-card-cache.ts).
 */
function cardLanguage(url: URL, request: Request, agencyDefault: Language): Language {
  const asked = url.searchParams.get("lang");
  if (isLanguage(asked)) return asked;
  return negotiateLanguage(request.headers.get("accept-language")) ?? agencyDefault;
}

/** The public card people share: server-rendered, zero JavaScript (ADR 0008). */
export const handle: NoScriptsHandle = { noScripts: true };

/**
 * Status per state (ADR 0008): unknown 404, deleted 410 (gone for good), inactive and expired
 * 200 with noindex (a working page saying the card is paused; 5xx would page the operators and
 * 4xx would make link previews drop the link). `x-public-card` lets server/main.ts micro-cache
 * the HTML; it never reaches the browser.
 */
function pageHeaders(state: "live" | "inactive" | "expired" | "deleted" | "missing", personal = false, token?: string | null) {
  // The marker's value is the render's form token: the ETag leaves it out (server/web/public-card-cache.ts).
  // The fixed words follow the browser's language: shared caches must keep one copy per language.
  const headers = new Headers({ "x-public-card": token || "1", "cache-control": personal ? "private, no-store" : "public, no-cache", vary: "accept-language" });
  if (state !== "live") headers.set("x-robots-tag", "noindex");
  return headers;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers(loaderHeaders);
  // A page answering a form post is one visitor's: no shared caching.
  if (actionHeaders.has("cache-control")) out.set("cache-control", actionHeaders.get("cache-control")!);
  return out;
};

const SENT_KINDS = new Set<string>(["enquiry", "feedback"]);

/** A page for one visitor (no shared cache): any query but the link's source (`?src=`, ADR 0068). */
const personalQuery = (url: URL) => [...url.searchParams.keys()].some((k) => k !== "src");

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const asked = params.cardId;
  const cardId = asked.toLowerCase();
  const { agency } = getSession(context);
  const htmlLang = cardLanguage(url, request, agency.defaultLanguage);
  const text = messagesFor(htmlLang, "card").card;
  const agencyInfo = { name: agency.branding.name ?? agency.agencyName, logoUrl: agency.branding.logoUrl ?? null, primaryColor: agency.branding.primaryColor ?? null };
  const missing = () => data({ kind: "missing" as const, agency: agencyInfo, htmlLang, text }, { status: 404, headers: pageHeaders("missing") });
  if (!looksLikeCardId(cardId)) return missing();
  // Printed cards get typed in capitals: one canonical address.
  if (cardId !== asked) throw redirect(`/${cardId}${url.search}`, 301);

  // The owner's texts come in this language when the card has it (ADR 0075).
  const res = await getApi(context).call("GET /public-card/{cardId}", { params: { cardId }, query: { lang: htmlLang } });
  if (!res.ok) {
    if (res.status === 404) return missing();
    throw data({ message: res.message }, { status: res.status });
  }
  // An old link (the owner changed it): 301 to the current one, forever (ADR 0012). Marked, so
  // the micro-cache keeps the redirect too; a change of link drops it (onCardChanged).
  if (res.data.cardId !== cardId) throw redirect(`/${res.data.cardId}${url.search}`, { status: 301, headers: pageHeaders("live", url.search !== "") });
  const sentParam = url.searchParams.get("sent");
  const sent = sentParam && SENT_KINDS.has(sentParam) ? (sentParam as MessageKind) : null;
  const page = res.data;
  // Where the visitor came from, passed on to the page's counters (ADR 0068); not personal data.
  const src = sourceParam(parseSource(url.searchParams.get("src")));
  const switchTo = languageSwitchTarget(page.languages, url);
  const switchLabel = messagesFor(htmlLang, "cardSecondLanguage").cardSecondLanguage.switchLabel;
  return data(
    { kind: "card" as const, page, sent, htmlLang, text, src, switchTo, switchLabel },
    { status: page.state === "deleted" ? 410 : 200, headers: pageHeaders(page.state, personalQuery(url), page.enquiryToken) },
  );
}

/** The enquiry / feedback form: checked by the API, then back to the card with a thank-you (PRG). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const cardId = params.cardId.toLowerCase();
  const formData = await request.formData();
  const kind: MessageKind = formData.get("kind") === "feedback" ? "feedback" : "enquiry";
  const personal = { "cache-control": "private, no-store" };
  const submission = parseWithZod(formData, { schema: enquiryFormSchema });
  if (submission.status !== "success") return data({ kind, result: submission.reply() }, { status: 422, headers: personal });
  const res = await getApi(context).call("POST /public-card/{cardId}/enquiry", { params: { cardId }, body: submission.value }, { authErrors: "return" });
  if (!res.ok) {
    if (res.status >= 500) throw data({ message: res.message }, { status: res.status });
    return data({ kind, result: replyWithApiError(submission, res) }, { status: res.status, headers: personal });
  }
  throw redirect(`/${cardId}?sent=${kind}#${kind}`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || loaderData.kind === "missing") {
    return [{ title: loaderData?.text.notFoundTitle ?? "Card not found" }, { name: "robots", content: "noindex" }];
  }
  const { page, text } = loaderData;
  const card = page.card;
  if (page.state !== "live" || !card) {
    return [{ title: page.businessName ? `${page.businessName} · digital card` : "Digital card" }, { name: "robots", content: "noindex" }];
  }
  const b = card.basic;
  const title = b.name && b.name !== b.companyName ? `${b.companyName} · ${b.name}` : b.companyName;
  // WhatsApp's preview follows the link's language (`?lang=hi`): our words are translated, the owner's stay theirs.
  const description = (b.tagline ?? card.about.description ?? fmt(text.ogDescription, { name: b.companyName })).slice(0, 200);
  // WhatsApp and others need absolute URLs; itemprop="image" on the same tag helps WhatsApp.
  const image = `${new URL(page.publicUrl).origin}${apiUrl("GET /public-card/{cardId}/og.jpg", { params: { cardId: page.cardId } })}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "theme-color", content: card.themeColor },
    { tagName: "link", rel: "canonical", href: page.publicUrl },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: page.agency.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: page.publicUrl },
    { property: "og:image", itemProp: "image", content: image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: fmt(text.ogImageAlt, { name: b.companyName }) },
    { property: "og:locale", content: `${loaderData.htmlLang}_IN` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
};

export default function PublicCardPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "missing") return <CardUnavailable state="missing" businessName={null} agency={loaderData.agency} t={loaderData.text} />;
  const { page, sent, text, htmlLang, src, switchTo, switchLabel } = loaderData;
  if (page.state !== "live" || !page.card) {
    return <CardUnavailable state={page.state === "live" ? "missing" : page.state} businessName={page.businessName} agency={page.agency} t={text} />;
  }
  return (
    <CardSourceContext.Provider value={src}>
      {switchTo ? <LanguageSwitch to={switchTo.to} href={switchTo.href} label={switchLabel} /> : null}
      <PublicCardView page={page} card={page.card} sent={sent} reply={actionData} text={text} lang={htmlLang} />
    </CardSourceContext.Provider>
  );
}
