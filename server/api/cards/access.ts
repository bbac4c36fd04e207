import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { seesAllCards, type Actor } from "#server/auth/roles.ts";
import { notFound, unauthorized } from "#server/api/lib/errors.ts";

/**
 * Who may see (and so edit) a card or a business (ADR 0010):
 * - a customer: their own businesses;
 * - staff: their agency's; a franchisee (or creator) only the businesses they made, unless
 *   admin or franchisee-with-all-card-access (`seesAllCards`).
 * Anything else answers 404, so another tenant's ids are never confirmed.
 */
export function visibleBusinesses(actor: Actor, agencyId: number): SQL {
  const live = and(eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt))!;
  if (actor.kind === "customer") return and(live, eq(businesses.userId, actor.userId))!;
  if (actor.kind === "staff") return seesAllCards(actor) ? live : and(live, eq(businesses.madeByFranchiseeId, actor.franchiseeId))!;
  throw unauthorized();
}

export const CARD_NOT_FOUND = "Card not found.";
export const BUSINESS_NOT_FOUND = "Business not found.";

/** The business if this actor may see it, else 404. */
export async function findVisibleBusiness(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(visibleBusinesses(actor, agencyId), eq(businesses.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  return row;
}

/** The live (not deleted) card if this actor may see it, with its business; else 404. */
export async function findVisibleCard(db: Db, actor: Actor, agencyId: number, cardNo: number) {
  const [row] = await db
    .select({ card: cards, business: businesses })
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .where(and(visibleBusinesses(actor, agencyId), eq(cards.cardNo, cardNo), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)))
    .limit(1);
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row;
}
