import { and, eq, isNull, like, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cardIdHistory, cards } from "#server/db/schema/business.ts";
import type { CardBasicDetails } from "#contracts/cards.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { slugFromName } from "#contracts/card-id.ts";
import { assertWithinLimit } from "#server/api/payments/service.ts";
import { defaultThemeOf } from "#server/api/card-themes/service.ts";

/** The 'One Card per Business' refusal (the panel shows its dialog on this 409). */
export const ONE_CARD_PER_BUSINESS = "Each business can have only one digital card.";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Creates the business's digital card, its public id derived from the business name (made
 * unique with -2, -3…) and its basic details copied from the business. Refuses a second card
 * with 409, and one beyond the business's plan limit with 403 `upgrade: true`. Call inside a
 * transaction when it belongs with other writes.
 */
export async function createCardForBusiness(db: Db | Tx, input: { agencyId: number; businessId: number; now: Date }) {
  const [business] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.businessId, input.businessId), eq(businesses.agencyId, input.agencyId), isNull(businesses.deletedAt)))
    .limit(1);
  if (!business) throw notFound("Business not found.");
  const [existing] = await db
    .select({ cardNo: cards.cardNo })
    .from(cards)
    .where(and(eq(cards.businessId, business.businessId), isNull(cards.deletedAt)))
    .limit(1);
  if (existing) throw conflict(ONE_CARD_PER_BUSINESS);
  // The plan's digital card limit (ADR 0015): an expired business gets 403 { upgrade: true }.
  await assertWithinLimit(db, { businessId: business.businessId, kind: "digitalCard", now: input.now });

  const base = slugFromName(business.businessName);
  // Ids other cards use now or used before (their old links redirect, ADR 0012) are taken.
  const taken = new Set(
    (
      await Promise.all([
        db.select({ cardId: cards.cardId }).from(cards).where(and(eq(cards.agencyId, input.agencyId), or(eq(cards.cardId, base), like(cards.cardId, `${base}-%`)))),
        db
          .select({ cardId: cardIdHistory.cardId })
          .from(cardIdHistory)
          .where(and(eq(cardIdHistory.agencyId, input.agencyId), or(eq(cardIdHistory.cardId, base), like(cardIdHistory.cardId, `${base}-%`)))),
      ])
    )
      .flat()
      .map((r) => r.cardId),
  );
  let cardId = base;
  for (let n = 2; taken.has(cardId); n++) cardId = `${base}-${n}`;

  const basicDetails: CardBasicDetails = {
    companyName: business.businessName,
    ...(business.contactPerson ? { name: business.contactPerson } : {}),
    ...(business.phoneNumber ? { phoneNumber: business.phoneNumber } : {}),
    ...(business.alternatePhoneNumber ? { alternatePhoneNumber: business.alternatePhoneNumber } : {}),
    ...(business.whatsappNumber ? { whatsappNumber: business.whatsappNumber } : {}),
    ...(business.email ? { email: business.email } : {}),
    ...(business.address ? { address: business.address } : {}),
    ...(business.mapLink ? { mapLink: business.mapLink } : {}),
    ...(business.logoUrl ? { logoUrl: business.logoUrl } : {}),
  };
  try {
    // New cards start in the agency's default theme (ADR 0070).
    const template = await defaultThemeOf(db as Db, input.agencyId);
    const [card] = await db.insert(cards).values({ agencyId: input.agencyId, businessId: business.businessId, cardId, basicDetails, template }).returning();
    return card;
  } catch (err) {
    // Two requests racing: the partial unique index on businessId keeps it to one card.
    if (isUniqueViolation(err)) throw conflict(ONE_CARD_PER_BUSINESS);
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
}
