import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { cardChanged } from "#server/domain/card-events.ts";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { BUSINESS_NOT_FOUND, findVisibleBusiness } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { CARD_NOT_FOUND, findVisibleCard } from "./access.ts";
import { cardIdAvailability, recordCardIdChange } from "./card-id.ts";
import { createCardForBusiness, isUniqueViolation } from "./create-card.ts";
import type { CardRow } from "./dto.ts";
import type { updateCardBasicDetailsSchema } from "#contracts/cards.ts";

/* Also part of the cards domain's public surface (ADR 0030): a business's first card, a card's current id, the card list's filters (reports). */
export { createCardForBusiness, isUniqueViolation } from "./create-card.ts";
export { currentCardIdFor } from "./card-id.ts";
export { findVisibleCard } from "./access.ts";
export { cardListWhere, companyNameOf, registeredPhone } from "./list.ts";

export type CardValues = Partial<typeof cards.$inferInsert>;

/** A card the actor may see with the business details its view falls back on (the theme thumbnails draw it; 404 otherwise). */
export async function findVisibleCardView(db: Db, actor: Actor, agencyId: number, cardNo: number) {
  const [row] = await db
    .select({ card: cards, businessName: businesses.businessName, phoneNumber: businesses.phoneNumber, logoUrl: businesses.logoUrl })
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .where(and(visibleTo(actor, agencyId), eq(cards.cardNo, cardNo), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)))
    .limit(1);
  if (!row) throw notFound(CARD_NOT_FOUND);
  return { card: row.card, business: { businessName: row.businessName, phoneNumber: row.phoneNumber, logoUrl: row.logoUrl } };
}

/**
 * The business's live cards (0 or 1), if the actor may see the business (404 otherwise). One
 * statement: the business, seen through `visibleTo`, with its live cards joined.
 */
export async function cardsOfBusiness(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const rows = await db
    .select({ card: cards })
    .from(businesses)
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)))
    .where(and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId)))
    .orderBy(asc(cards.cardNo));
  if (!rows.length) throw notFound(BUSINESS_NOT_FOUND);
  return rows.flatMap((r) => (r.card ? [r.card] : []));
}

/** The business's digital card, for a business the actor may see (409: it already has one). */
export async function addCard(db: Db, actor: Actor, agencyId: number, businessId: number, now: Date) {
  const business = await findVisibleBusiness(db, actor, agencyId, businessId, now);
  const card = await createCardForBusiness(db, { agencyId, businessId: business.businessId, now });
  cardChanged({ agencyId, cardId: card.cardId });
  return card;
}

/**
 * Write to a card this actor may edit; bumps updatedAt and tells the public page's cache.
 * `check` sees the card as it is first and may refuse the change by throwing (a theme the agency
 * does not offer), without a second read.
 */
export async function updateCard(db: Db, actor: Actor, agencyId: number, cardNo: number, values: CardValues, now: Date, check?: (before: CardRow) => void) {
  const before = await findVisibleCard(db, actor, agencyId, cardNo);
  check?.(before);
  return saveCard(db, agencyId, before, values, now);
}

/** updateCard for a card the caller already found with findVisibleCard. */
async function saveCard(db: Db, agencyId: number, before: CardRow, values: CardValues, now: Date) {
  const after = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(cards)
      .set({ ...values, updatedAt: now })
      .where(and(eq(cards.cardNo, before.cardNo), isNull(cards.deletedAt)))
      .returning();
    // A new link: the old one keeps working as a redirect (ADR 0012).
    if (row && row.cardId !== before.cardId) await recordCardIdChange(tx, { agencyId, cardNo: row.cardNo, from: before.cardId, to: row.cardId, at: now });
    return row;
  });
  if (!after) throw notFound(CARD_NOT_FOUND); // deleted in between
  cardChanged({ agencyId, cardId: after.cardId });
  if (after.cardId !== before.cardId) cardChanged({ agencyId, cardId: before.cardId });
  return after;
}

/** Basic details and the public link: the new card id must pass the rule and be free in the agency (409 otherwise). */
export async function updateBasicDetails(
  db: Db,
  actor: Actor,
  agencyId: number,
  input: z.output<typeof updateCardBasicDetailsSchema>,
  now: Date,
) {
  const { cardNo, cardId, ...details } = input;
  const before = await findVisibleCard(db, actor, agencyId, cardNo);
  const availability = await cardIdAvailability(db, agencyId, cardId, cardNo);
  const cardIdTaken = (message: string) => conflict(message, { fieldErrors: { cardId: [message] } });
  if (!availability.available) throw cardIdTaken(availability.message ?? CARD_ID_MESSAGES.taken);
  try {
    return await saveCard(db, agencyId, before, { cardId: availability.cardId, basicDetails: compact(details) }, now);
  } catch (err) {
    // Another card took the id between the check and the write: the unique index refuses it.
    if (isUniqueViolation(err)) throw cardIdTaken(CARD_ID_MESSAGES.taken);
    throw err;
  }
}

/** Soft delete: the link stays reserved and the public page says the card was removed. */
export async function removeCard(db: Db, actor: Actor, agencyId: number, cardNo: number, now: Date) {
  const card = await findVisibleCard(db, actor, agencyId, cardNo);
  await db
    .update(cards)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(cards.cardNo, card.cardNo), isNull(cards.deletedAt)));
  cardChanged({ agencyId, cardId: card.cardId });
  return card;
}

/** "" and undefined mean "not set" (#contracts/cards.ts): drop them so the stored section stays clean. */
function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== "") out[k] = compact(v);
    return out as T;
  }
  return value;
}

/** A section body minus cardNo, with "" / undefined dropped: what the section's jsonb stores. */
export const section = <T extends { cardNo: number }>(body: T) => compact({ ...body, cardNo: undefined }) as Omit<T, "cardNo">;
