import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";

/**
 * A card is visible (and so editable) to whoever may see its business: `visibleTo` in
 * server/api/lib/visible-to.ts (ADR 0010). Anything else answers 404, so another tenant's
 * ids are never confirmed.
 */

export const CARD_NOT_FOUND = "Card not found.";

/** The live (not deleted) card if this actor may see it; else 404. */
export async function findVisibleCard(db: Db, actor: Actor, agencyId: number, cardNo: number) {
  const [row] = await db
    .select({ card: cards })
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .where(and(visibleTo(actor, agencyId), eq(cards.cardNo, cardNo), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)))
    .limit(1);
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row.card;
}
