import { and, desc, eq, ne, notInArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cardIdHistory, cards } from "#server/db/schema/business.ts";
import { CARD_ID_MESSAGES, cardIdSchema } from "#contracts/card-id.ts";
import { usesAddedProtectedWord } from "./protected-words.ts";

export type Availability = { available: boolean; cardId: string; message?: string };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The card id rule (contracts/card-id.ts), the words the platform's admin protected (ADR 0045),
 * plus uniqueness within the agency: a card's
 * current id (deleted cards included) or any id a card used before (card_id_history: old links
 * redirect there forever, ADR 0012). The caller's own card (`exceptCardNo`) does not count, so
 * a card may take its own old id back. The cards_agency_card_id_uq index settles races.
 */
export async function cardIdAvailability(db: Db, agencyId: number, raw: string, exceptCardNo?: number): Promise<Availability> {
  const parsed = cardIdSchema.safeParse(raw);
  const normalised = raw.trim().toLowerCase();
  if (!parsed.success) return { available: false, cardId: normalised, message: parsed.error.issues[0]?.message };
  const cardId = parsed.data;
  if (await usesAddedProtectedWord(db, cardId)) return { available: false, cardId, message: CARD_ID_MESSAGES.brand };
  const others = (cardNo: typeof cards.cardNo | typeof cardIdHistory.cardNo) => (exceptCardNo ? ne(cardNo, exceptCardNo) : undefined);
  const [current] = await db
    .select({ cardNo: cards.cardNo })
    .from(cards)
    .where(and(eq(cards.agencyId, agencyId), eq(cards.cardId, cardId), others(cards.cardNo)))
    .limit(1);
  const [retired] = current
    ? [current]
    : await db
        .select({ cardNo: cardIdHistory.cardNo })
        .from(cardIdHistory)
        .where(and(eq(cardIdHistory.agencyId, agencyId), eq(cardIdHistory.cardId, cardId), others(cardIdHistory.cardNo)))
        .limit(1);
  return retired ? { available: false, cardId, message: CARD_ID_MESSAGES.taken } : { available: true, cardId };
}

/**
 * How many old ids a card keeps redirecting (issue 22 M4, ADR 0041): a card renamed again and
 * again would otherwise hold every id it ever had, each one closed to everybody else.
 */
export const KEPT_OLD_CARD_IDS = 5;

/**
 * A card moves from `from` to `to`: `from` joins its history (so `/{from}` redirects) and `to`
 * leaves it if the card is taking an old id back. Only the newest KEPT_OLD_CARD_IDS stay; older
 * ones are freed (their links stop redirecting). Call in the transaction that writes the card.
 */
export async function recordCardIdChange(tx: Tx, input: { agencyId: number; cardNo: number; from: string; to: string; at: Date }) {
  await tx.delete(cardIdHistory).where(and(eq(cardIdHistory.agencyId, input.agencyId), eq(cardIdHistory.cardId, input.to), eq(cardIdHistory.cardNo, input.cardNo)));
  await tx
    .insert(cardIdHistory)
    .values({ agencyId: input.agencyId, cardId: input.from, cardNo: input.cardNo, retiredAt: input.at })
    .onConflictDoNothing();
  const kept = tx
    .select({ cardId: cardIdHistory.cardId })
    .from(cardIdHistory)
    .where(eq(cardIdHistory.cardNo, input.cardNo))
    .orderBy(desc(cardIdHistory.retiredAt), desc(cardIdHistory.cardId))
    .limit(KEPT_OLD_CARD_IDS);
  await tx.delete(cardIdHistory).where(and(eq(cardIdHistory.cardNo, input.cardNo), notInArray(cardIdHistory.cardId, kept)));
}

/** The current id of the card that used `oldId` before, or null (ADR 0012). */
export async function currentCardIdFor(db: Db, agencyId: number, oldId: string): Promise<string | null> {
  const [row] = await db
    .select({ cardId: cards.cardId })
    .from(cardIdHistory)
    .innerJoin(cards, eq(cards.cardNo, cardIdHistory.cardNo))
    .where(and(eq(cardIdHistory.agencyId, agencyId), eq(cardIdHistory.cardId, oldId)))
    .limit(1);
  return row?.cardId ?? null;
}
