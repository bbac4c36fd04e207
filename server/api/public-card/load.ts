import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedPerDb } from "#server/db/prepared.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { cardState } from "#contracts/card-state.ts";
import type { PublicCardState } from "#contracts/enums.ts";
import { cardView } from "#contracts/card-view.ts";
import type { PublicCard } from "#contracts/public-card.ts";

/**
 * One public card by its id on an agency's host, and whether visitors may see it (ADR 0008):
 * - deleted: the card or its business is soft-deleted (410; nothing of it is shown);
 * - inactive: the card's status is 'inactive' (the owner or an admin paused it);
 * - expired: the business's plan has run out (cardState 'expired': an expiry date in the
 *   past, whatever the paid flag says). A business that never had an expiry date (new, not
 *   yet paid) stays live, so an owner can share the card while deciding on a plan;
 * - live otherwise. Checked in that order.
 */
/** Only what the page and the state need (the whole two rows cost ~5× more to read on PGlite). */
const columns = {
  card: {
    cardNo: cards.cardNo,
    cardId: cards.cardId,
    template: cards.template,
    status: cards.status,
    deletedAt: cards.deletedAt,
    basicDetails: cards.basicDetails,
    paymentOptions: cards.paymentOptions,
    youtubeVideos: cards.youtubeVideos,
    gallery: cards.gallery,
    aboutUs: cards.aboutUs,
    products: cards.products,
    links: cards.links,
    settings: cards.settings,
    secondLanguage: cards.secondLanguage,
  },
  business: {
    businessId: businesses.businessId,
    businessName: businesses.businessName,
    phoneNumber: businesses.phoneNumber,
    logoUrl: businesses.logoUrl,
    category: businesses.category,
    businessNature: businesses.businessNature,
    paymentStatus: businesses.paymentStatus,
    expiryDateForCustomer: businesses.expiryDateForCustomer,
    deletedAt: businesses.deletedAt,
  },
};

/** The busiest read there is (every uncached card view), prepared once (ADR 0026). */
const publicCardById = preparedPerDb((db) =>
  db
    .select(columns)
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .where(and(eq(cards.agencyId, sql.placeholder("agencyId")), eq(cards.cardId, sql.placeholder("cardId"))))
    .limit(1)
    .prepare("public_card_by_id"),
);

export async function findPublicCard(db: Db, agencyId: number, cardId: string) {
  const [row] = await publicCardById(db).execute({ agencyId, cardId });
  return row ?? null;
}

export type PublicCardRow = NonNullable<Awaited<ReturnType<typeof findPublicCard>>>;

export function stateOf({ card, business }: PublicCardRow, now: Date): PublicCardState {
  if (card.deletedAt || business.deletedAt) return "deleted";
  // The one card state (contracts/card-state.ts): the badges in the panel say the same.
  const { state } = cardState({ ...business, cardStatus: card.status }, now);
  return state === "inactive" || state === "expired" ? state : "live";
}

/** The card as the page renders it (the one mapping, shared with the editor's preview: contracts/card-view.ts). */
export const toPublicCard = ({ card, business }: PublicCardRow, linkIcons?: Record<number, string | null>): PublicCard =>
  cardView({ card, business, linkIcons });
