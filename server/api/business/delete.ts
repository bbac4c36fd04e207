import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { cardChanged } from "#server/domain/card-events.ts";
import { findVisibleBusiness } from "./service.ts";

/**
 * DELETE /business/{id}: a soft delete of the business and its card (payments and bills keep
 * pointing at the rows; the card's public link then says it was removed). When it was the
 * owner's active business, the oldest remaining one becomes active.
 */
export async function deleteBusiness(db: Db, actor: Actor, agencyId: number, businessId: number, now: Date) {
  const removedCards = await db.transaction(async (tx) => {
    const business = await findVisibleBusiness(tx, actor, agencyId, businessId, now);
    await tx.update(businesses).set({ deletedAt: now, updatedAt: now }).where(eq(businesses.businessId, businessId));
    const removed = await tx
      .update(cards)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(cards.businessId, businessId), isNull(cards.deletedAt)))
      .returning({ cardId: cards.cardId });
    const next = sql`(select ${businesses.businessId} from ${businesses}
      where ${businesses.userId} = ${business.userId} and ${businesses.agencyId} = ${agencyId} and ${businesses.deletedAt} is null
      order by ${businesses.createdAt}, ${businesses.businessId} limit 1)`;
    await tx
      .update(users)
      .set({ preference: sql`jsonb_build_object('activeBusinessId', ${next})` })
      .where(and(eq(users.id, business.userId), sql`${users.preference}->>'activeBusinessId' = ${String(businessId)}`));
    return removed;
  });
  for (const c of removedCards) cardChanged({ agencyId, cardId: c.cardId });
  return { businessDeleted: true, cardDeleted: removedCards.length > 0 };
}
