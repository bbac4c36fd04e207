import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { EXPIRING_SOON_DAYS, paymentState } from "#contracts/payment-status.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { cardCompanyNames, containsPattern } from "#server/api/lib/search-text.ts";
import { looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import { cardState } from "#contracts/card-state.ts";
import type { CardFilters } from "#contracts/projects.ts";
import { effectiveImagePostSettings, type CardSearchField } from "#contracts/project-texts.ts";
import type { cardListRowDto, CardRow } from "./dto.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type CardListQuery = CardFilters & { page: number; pageSize: number };

/** Days in filters are India's (the product sells in India): 00:00 IST. */
const istDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** The registered phone: the business's own, else its owner's sign-in number. */
export const registeredPhone = sql<string | null>`coalesce(${businesses.phoneNumber}, ${users.phoneNumber})`;
export const companyNameOf = sql<string | null>`${cards.basicDetails}->>'companyName'`;

function searchCondition(search: string, by: CardSearchField | undefined): SQL | undefined {
  const p = containsPattern(search);
  const phones = [ilike(businesses.phoneNumber, p), ilike(users.phoneNumber, p)];
  // "+91 98765 43210" finds +919876543210 and the sign-in id 9876543210: both contain the national number.
  const digits = looksLikePhone(search) ? phoneSearchDigits(search) : "";
  if (digits) {
    const d = containsPattern(digits);
    phones.push(ilike(businesses.phoneNumber, d), ilike(users.phoneNumber, d));
  }
  const fields: Record<CardSearchField, SQL | undefined> = {
    cardId: ilike(cards.cardId, p),
    // The company name in either of the card's languages.
    companyName: ilike(cardCompanyNames, p),
    businessName: ilike(businesses.businessName, p),
    registeredPhoneNumber: or(...phones),
    templateCode: ilike(cards.template, p),
  };
  return by ? fields[by] : or(...Object.values(fields));
}

/**
 * The staff card list's rows (GET /getcardlist and its CSV report): the live cards of the
 * agency the actor may see (`visibleTo`), narrowed by SPEC §3's filters and search fields.
 * Reads cards ⋈ businesses ⟕ users.
 */
export function cardListWhere(actor: Actor, agencyId: number, query: CardFilters, now: Date): SQL {
  const where: (SQL | undefined)[] = [visibleTo(actor, agencyId), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)];
  if (query.status) where.push(eq(cards.status, query.status));
  if (query.payment) where.push(eq(businesses.paymentStatus, query.payment === "paid" ? 1 : 0));
  if (query.subscription) where.push(eq(businesses.isSubscriptionActive, query.subscription === "subscribed"));
  if (query.expiry === "expired") where.push(lt(businesses.expiryDateForCustomer, now));
  // isExpiringSoon: 1 to EXPIRING_SOON_DAYS whole days left.
  if (query.expiry === "expiring-soon")
    where.push(
      gte(businesses.expiryDateForCustomer, new Date(now.getTime() + DAY_MS)),
      lt(businesses.expiryDateForCustomer, new Date(now.getTime() + (EXPIRING_SOON_DAYS + 1) * DAY_MS)),
    );
  if (query.imagePostEnabled) where.push(eq(cards.imagePostEnabled, query.imagePostEnabled === "yes"));
  if (query.template) where.push(eq(cards.template, query.template));
  if (query.createdFrom) where.push(gte(cards.createdAt, istDay(query.createdFrom)));
  if (query.createdTo) where.push(lt(cards.createdAt, new Date(istDay(query.createdTo).getTime() + DAY_MS)));
  if (query.search) where.push(searchCondition(query.search, query.searchBy));
  return and(...where)!;
}

/** GET /getcardlist: the cards the actor may see, filtered, searched and paged. */
export async function listCards(db: Db, actor: Actor, agencyId: number, query: CardListQuery, now: Date) {
  const phone = registeredPhone;
  const filter = cardListWhere(actor, agencyId, query, now);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ card: cards, business: businesses, phone })
      .from(cards)
      .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
      .leftJoin(users, eq(users.id, businesses.userId))
      .where(filter)
      .orderBy(desc(cards.createdAt), desc(cards.cardNo))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(cards)
      .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
      .leftJoin(users, eq(users.id, businesses.userId))
      .where(filter),
  ]);
  return {
    cards: rows.map(({ card, business, phone }) => listRow(card, business, phone, now)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function listRow(card: CardRow, business: typeof businesses.$inferSelect, phone: string | null, now: Date): z.input<typeof cardListRowDto> {
  return {
    cardNo: card.cardNo,
    cardId: card.cardId,
    businessId: card.businessId,
    template: card.template,
    status: card.status,
    companyName: card.basicDetails.companyName ?? null,
    imagePostEnabled: card.imagePostEnabled,
    cardLimit: card.cardLimit,
    viewCount: card.viewCount,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    publicPath: `/${card.cardId}`,
    businessName: business.businessName,
    phoneNumber: phone,
    paymentStatus: business.paymentStatus,
    expiryDateForCustomer: business.expiryDateForCustomer,
    paymentState: paymentState(business, now),
    cardState: cardState({ ...business, cardStatus: card.status }, now),
    imagePostSettings: effectiveImagePostSettings(card.imagePostSettings),
  };
}
