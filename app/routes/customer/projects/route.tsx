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

export const handle: PanelHandle = { title: "My Projects", isHome: true };
export const meta = () => [{ title: "My Projects" }];

/** The project types come from the API's 'My Projects' menu (gating lives there). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { menu, user } = getCustomer(context);
  const wanted = parseId(url.searchParams.get("businessId"));
  // `?businessId` (one of the customer's) picks the business the tabs show; the tabs keep it.
  const types = customerMenuLinks(menu.myProjects, user.preference.activeBusinessId).map((t) => (wanted ? { ...t, to: `${t.to}&businessId=${wanted}` } : t));
  const requested = url.searchParams.get("projectType");
  const current = requested ? (types.find((t) => t.key === requested) ?? null) : (types[0] ?? null);
  const projectBusiness = async () => {
    const { businesses, active } = await loadBusinesses(context);
    return (wanted ? businesses.find((b) => b.businessId === wanted) : null) ?? active;
  };
  if (current?.key === "pdf_id_card") {
    const active = await projectBusiness();
    const cards = active ? (await getApi(context).get("GET /pdf-card/getPdfCardsByBusiness", { query: { businessId: active.businessId } })).pdfCards : [];
    const business = active && { businessId: active.businessId, businessName: active.businessName };
    return { types, current, requested, digitalCard: null, pdfCards: { business, cards: cards.map((c) => ({ ...c, createdAt: String(c.createdAt) })) } };
  }
  if (current?.key === "promotional_video") {
    const active = await projectBusiness();
    const videos = active ? await getApi(context).get("GET /video/user-video/getUserVideosByBusiness", { query: { businessId: active.businessId } }) : [];
    const business = active && { businessId: active.businessId, businessName: active.businessName };
    return { types, current, requested, digitalCard: null, promoVideos: { business, videos: videos.map((v) => toUserVideoView(v, url.origin)) } };
  }
  if (current?.key !== "digital_card") return { types, current, requested, digitalCard: null };

  // The digital business card of the active business (or the one `?businessId` names).
  const active = await projectBusiness();
  if (!active) return { types, current, requested, digitalCard: { business: null, card: null, status: null } };
  const { cards } = await getApi(context).get("GET /getCardsByBusiness", { query: { businessId: active.businessId } });
  const card = cards[0] ?? null;
  return {
    types,
    current,
    requested,
    digitalCard: {
      business: { businessId: active.businessId, businessName: active.businessName },
      status: cardState({ ...active, cardStatus: card?.status }, new Date()),
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
  const pdfCards = "pdfCards" in loaderData ? loaderData.pdfCards : null;
  const promoVideos = "promoVideos" in loaderData ? loaderData.promoVideos : null;
  return (
    <div className="space-y-4">
      {/* The tabs wrap rather than scroll: at 360 px the third one would sit cut off at the edge. */}
      <nav aria-label="Project types">
        <ul className="flex flex-wrap gap-2">
          {types.map((t) => (
            <li key={t.key}>
              <Link
                to={t.to}
                aria-current={current?.key === t.key ? "page" : undefined}
                className={`block rounded-full px-3 py-1.5 text-sm whitespace-nowrap ring-1 ${
                  current?.key === t.key ? "bg-brand-dark text-white ring-brand" : "bg-white text-slate-700 ring-slate-300"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current && digitalCard ? (
        <DigitalCardProject {...digitalCard} />
      ) : current && pdfCards ? (
        <PdfCardProject {...pdfCards} />
      ) : current && promoVideos ? (
        <PromoVideoProject {...promoVideos} />
      ) : current ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{current.label}</h2>
          <p className="mt-2 text-slate-600">This part of the panel is not built yet.</p>
        </Card>
      ) : (
        <Card>
          <p className="text-slate-600">
            {requested ? "This project type is not available for your account." : "No project types are available."}
          </p>
        </Card>
      )}
    </div>
  );
}

type Loaded = NonNullable<Route.ComponentProps["loaderData"]["digitalCard"]>;
type DigitalCard = { business: Loaded["business"] | null; card: Loaded["card"] | null; status: Loaded["status"] | null };

function DigitalCardProject({ business, card, status }: DigitalCard) {
  if (!business) {
    return (
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Digital business card</h2>
        <p className="mt-2 text-slate-600">Add your business first, then create its card.</p>
        <Link to={ADD_BUSINESS_FOR_CARD_HREF} className="mt-3 inline-block font-semibold text-brand-dark underline">
          Add a business
        </Link>
      </Card>
    );
  }
  if (!card) {
    return (
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Digital business card</h2>
        <p className="text-slate-600">
          <strong>{business.businessName}</strong> has no digital business card yet.
        </p>
        <Form method="post" action={editorHref("", business.businessId)}>
          <input type="hidden" name="intent" value="create-card" />
          <SubmitButton pendingText="Creating…" className="sm:w-auto">
            Create digital business card
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
          <p className="text-sm text-slate-500">Digital business card · {card.viewCount} views</p>
        </div>
        {status ? <CardStateBadge status={status} /> : null}
      </div>
      <CardLinkActions url={card.url} title={card.companyName} />
      <Link
        to={editorHref("", business.businessId)}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-dark px-4 py-2.5 font-semibold text-white hover:bg-brand-darker sm:w-auto"
      >
        Edit card
      </Link>
    </Card>
  );
}
