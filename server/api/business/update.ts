import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { cardChanged } from "#server/domain/card-events.ts";
import type { updateBusinessSchema } from "#contracts/business.ts";
import { findVisibleBusiness } from "./service.ts";
import { findBusiness } from "./full-record.ts";

/**
 * POST /business/updateBusinessMetadata: the fields sent change (null or "" clears one), the
 * rest stay. The card's own sections are the card editor's; the public card is told to refresh
 * because it shows the business's payment state and name.
 */
export async function updateBusiness(db: Db, actor: Actor, agencyId: number, input: z.output<typeof updateBusinessSchema>, now: Date) {
  const { businessId, ...fields } = input;
  const business = await db.transaction(async (tx) => {
    await findVisibleBusiness(tx, actor, agencyId, businessId, now);
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    await tx
      .update(businesses)
      .set({ ...set, updatedAt: now })
      .where(eq(businesses.businessId, businessId));
    return (await findBusiness(tx, eq(businesses.businessId, businessId), now))!;
  });
  if (business.card) cardChanged({ agencyId, cardId: business.card.cardId });
  return business;
}
