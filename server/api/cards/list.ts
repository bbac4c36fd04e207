import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { EXPIRING_SOON_DAYS, paymentState } from "#contracts/payment-status.ts";
import { visibleTo } from "#server/api/business/queries.ts";
import { looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import type { cardListRowDto, CardRow } from "./dto.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type CardListQuery = {
  status?: "active" | "inactive";
  payment?: "paid" | "unpaid";
  expiry?: "expired" | "expiring-soon";
  imagePostEnabled?: "yes" | "no";
  search?: string;
  page: number;
  pageSize: number;
};

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** GET /getcardlist: the cards the actor may see, filtered, searched and paged. */
export async function listCards(db: Db, actor: Actor, agencyId: number, query: CardListQuery, now: Date) {
  const phone = sql<string | null>`coalesce(${businesses.phoneNumber}, ${users.phoneNumber})`;
  const companyName = sql<string | null>`${cards.basicDetails}->>'companyName'`;
  const where: (SQL | undefined)[] = [visibleTo(actor, agencyId), eq(cards.agencyId, agencyId), isNull(cards.deletedAt)];
  if (query.status) where.push(eq(cards.status, query.status));
  if (query.payment) where.push(eq(businesses.paymentStatus, query.payment === "paid" ? 1 : 0));
  if (query.expiry === "expired") where.push(lt(businesses.expiryDateForCustomer, now));
  // isExpiringSoon: 1 to EXPIRING_SOON_DAYS whole days left.
  if (query.expiry === "expiring-soon")
    where.push(
      gte(businesses.expiryDateForCustomer, new Date(now.getTime() + DAY_MS)),
      lt(businesses.expiryDateForCustomer, new Date(now.getTime() + (EXPIRING_SOON_DAYS + 1) * DAY_MS)),
    );
  if (query.imagePostEnabled) where.push(eq(cards.imagePostEnabled, query.imagePostEnabled === "yes"));
  if (query.search) {
    const p = likePattern(query.search);
    const phones = [ilike(businesses.phoneNumber, p), ilike(users.phoneNumber, p)];
    // "+91 98765 43210" finds +919876543210 and the sign-in id 9876543210: both contain the national number.
    const digits = looksLikePhone(query.search) ? phoneSearchDigits(query.search) : "";
    if (digits) {
      const d = likePattern(digits);
      phones.push(ilike(businesses.phoneNumber, d), ilike(users.phoneNumber, d));
    }
    where.push(or(ilike(cards.cardId, p), ilike(businesses.businessName, p), ilike(companyName, p), ...phones));
  }
  const filter = and(...where);
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
  };
}
