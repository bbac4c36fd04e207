import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cards } from "#server/db/schema/business.ts";
import { CARD_ID_MESSAGES, cardIdSchema } from "#contracts/card-id.ts";

export type Availability = { available: boolean; cardId: string; message?: string };

/**
 * The card id rule (contracts/card-id.ts) plus uniqueness: within the agency, deleted cards
 * included (an old shared link must never open somebody else's card); `exceptCardNo` (the
 * caller's own card) does not count. The cards_agency_card_id_uq index settles races.
 */
export async function cardIdAvailability(db: Db, agencyId: number, raw: string, exceptCardNo?: number): Promise<Availability> {
  const parsed = cardIdSchema.safeParse(raw);
  const normalised = raw.trim().toLowerCase();
  if (!parsed.success) return { available: false, cardId: normalised, message: parsed.error.issues[0]?.message };
  const cardId = parsed.data;
  const [taken] = await db
    .select({ cardNo: cards.cardNo })
    .from(cards)
    .where(and(eq(cards.agencyId, agencyId), eq(cards.cardId, cardId), exceptCardNo ? ne(cards.cardNo, exceptCardNo) : undefined))
    .limit(1);
  return taken ? { available: false, cardId, message: CARD_ID_MESSAGES.taken } : { available: true, cardId };
}
