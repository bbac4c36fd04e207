import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { getApi, getCustomer } from "~/lib/request-context.server";
import { loadBusinesses } from "~/lib/customer.server";
import { editorHref } from "~/lib/card-editor-links";
import { ADD_BUSINESS_FOR_CARD_HREF, customerMenuLinks } from "~/lib/menu-links";
import type { PanelHandle } from "~/lib/page";
import { cardState } from "#contracts/card-state.ts";
import { parseId } from "#contracts/id.ts";
import { CardStateBadge } from "~/components/business/card-state";
import { Card } from "~/components/panel-shell";
import { SubmitButton } from "~/components/form";
import { CardLinkActions } from "./card-link";
import { PdfCardProject } from "./pdf-card-project";
import { PromoVideoProject } from "./promo-video-project";
import { toUserVideoView } from "~/components/promo-videos/user-video-card";
import { cardStateLabelIn } from "#contracts/card-state.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";
import { translateMessage } from "#contracts/i18n/messages.ts";

export const handle: PanelHandle = { title: "My Projects", isHome: true };
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.pageTitle ?? "My Projects" }];

const pick = <T extends object, K extends keyof T>(from: T, keys: K[]) => Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;

/** The project types come from the API's 'My Projects' menu (gating lives there). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { menu, user } = getCustomer(context);
  const all = pageMessages(context, "projects", "pdfCards", "promoVideos", "home");
  // Only the words this tab shows (the card state's label is resolved here, ADR 0066).
  const t = { projects: all.projects };
  const pageTitle = all.projects.title;
  const wanted = parseId(url.searchParams.get("businessId"));
  // `?businessId` (one of the customer's) picks the business the tabs show; the tabs keep it.
  const types = customerMenuLinks(menu.myProjects, user.preference.activeBusinessId).map((tab) => (wanted ? { ...tab, to: `${tab.to}&businessId=${wanted}` } : tab));
  const requested = url.searchParams.get("projectType");
  const current = requested ? (types.find((tab) => tab.key === requested) ?? null) : (types[0] ?? null);
  const projectBusiness = async () => {
    const { businesses, active } = await loadBusinesses(context);
    return (wanted ? businesses.find((b) => b.businessId === wanted) : null) ?? active;
  };
  if (current?.key === "pdf_id_card") {
    const active = await projectBusiness();
    const cards = active ? (await getApi(context).get("GET /pdf-card/getPdfCardsByBusiness", { query: { businessId: active.businessId } })).pdfCards : [];
    const business = active && { businessId: active.businessId, businessName: active.businessName };
    return { t, pageTitle, types, current, requested, digitalCard: null, pdfCards: { business, cards: cards.map((c) => ({ ...c, createdAt: String(c.createdAt) })), listWords: pick(all.pdfCards, ["exported", "sample", "inactive", "peopleOne", "peopleOther"]) } };
  }
  if (current?.key === "promotional_video") {
    const active = await projectBusiness();
    const videos = active ? await getApi(context).get("GET /video/user-video/getUserVideosByBusiness", { query: { businessId: active.businessId } }) : [];
    const business = active && { businessId: active.businessId, businessName: active.businessName };
    return { t, pageTitle, types, current, requested, digitalCard: null, promoVideos: { business, videos: videos.map((v) => toUserVideoView({ ...v, error: v.error && translateMessage(languageOf(context), v.error) }, url.origin)), videoWords: pick(all.promoVideos, ["queued", "rendering", "ready", "failed", "promoVideo", "progress", "refresh", "download", "share", "delete"]) } };
  }
  if (current?.key !== "digital_card") return { t, pageTitle, types, current, requested, digitalCard: null };

  // The digital business card of the active business (or the one `?businessId` names).
  const active = await projectBusiness();
  if (!active) return { t, pageTitle, types, current, requested, digitalCard: { business: null, card: null, status: null, statusLabel: null } };
  const { cards } = await getApi(context).get("GET /getCardsByBusiness", { query: { businessId: active.businessId } });
  const card = cards[0] ?? null;
  const status = cardState({ ...active, cardStatus: card?.status }, new Date());
  return {
    t,
    pageTitle,
    types,
    current,
    requested,
    digitalCard: {
      business: { businessId: active.businessId, businessName: active.businessName },
      status,
      statusLabel: cardStateLabelIn(status, all.home),
      card: card && {
        cardId: card.cardId,
        status: card.status,
        companyName: card.basicDetails.companyName ?? active.businessName,
        url: new URL(card.publicPath, url.origin).href,
        viewCount: card.viewCount,
      },
    },
  };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { types, current, requested, digitalCard } = loaderData;
  const t = loaderData.t.projects;
  const pdfCards = "pdfCards" in loaderData ? loaderData.pdfCards : null;
  const promoVideos = "promoVideos" in loaderData ? loaderData.promoVideos : null;
  return (
    <div className="space-y-4">
      {/* The tabs wrap rather than scroll: at 360 px the third one would sit cut off at the edge. */}
      <nav aria-label={t.projectTypes}>
        <ul className="flex flex-wrap gap-2">
          {types.map((tab) => (
            <li key={tab.key}>
              <Link
                to={tab.to}
                aria-current={current?.key === tab.key ? "page" : undefined}
                className={`block rounded-full px-3 py-1.5 text-sm whitespace-nowrap ring-1 ${
                  current?.key === tab.key ? "bg-brand-dark text-white ring-brand" : "bg-white text-slate-700 ring-slate-300"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current && digitalCard ? (
        <DigitalCardProject {...digitalCard} t={t} />
      ) : current && pdfCards ? (
        <PdfCardProject {...pdfCards} t={t} />
      ) : current && promoVideos ? (
        <PromoVideoProject {...promoVideos} t={t} />
      ) : current ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{current.label}</h2>
          <p className="mt-2 text-slate-600">{t.notBuilt}</p>
        </Card>
      ) : (
        <Card>
          <p className="text-slate-600">
            {requested ? t.typeUnavailable : t.noTypes}
          </p>
        </Card>
      )}
    </div>
  );
}

type Loaded = NonNullable<Route.ComponentProps["loaderData"]["digitalCard"]>;
type DigitalCard = { business: Loaded["business"] | null; card: Loaded["card"] | null; status: Loaded["status"] | null; statusLabel: string | null; t: Route.ComponentProps["loaderData"]["t"]["projects"] };

function DigitalCardProject({ business, card, status, statusLabel, t }: DigitalCard) {
  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.digitalCard}</h2>
        <p className="mt-2 text-slate-600">{t.addBusinessFirstCard}</p>
        <Link to={ADD_BUSINESS_FOR_CARD_HREF} className="mt-3 inline-block font-semibold text-brand-dark underline">
          {t.addBusiness}
        </Link>
      </Card>
    );
  }
  if (!card) {
    const [noCardBefore, noCardAfter] = t.noCardYet.split("{business}");
    return (
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t.digitalCard}</h2>
        <p className="text-slate-600">
          {noCardBefore}
          <strong>{business.businessName}</strong>
          {noCardAfter}
        </p>
        <Form method="post" action={editorHref("", business.businessId)}>
          <input type="hidden" name="intent" value="create-card" />
          <SubmitButton pendingText={t.creating} className="sm:w-auto">
            {t.createCard}
          </SubmitButton>
        </Form>
      </Card>
    );
  }
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">{card.companyName}</h2>
          <p className="text-sm text-slate-500">{fmt(t.cardViews, { n: card.viewCount })}</p>
        </div>
        {status ? <CardStateBadge status={status} label={statusLabel ?? undefined} /> : null}
      </div>
      <CardLinkActions url={card.url} title={card.companyName} t={t} />
      <Link
        to={editorHref("", business.businessId)}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker sm:w-auto"
      >
        {t.editCard}
      </Link>
    </Card>
  );
}
