import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { EXPIRING_SOON_DAYS } from "#contracts/payment-status.ts";
import type { listBusinessesQuery } from "#contracts/business.ts";
import { looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import { selectFullBusinesses, toBusinessDto } from "./full-record.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { cardCompanyNames, containsPattern } from "#server/api/lib/search-text.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Builds subqueries without a connection (they run inside the list's statements). */
const db0 = new QueryBuilder({ casing: "snake_case" });
type Query = z.output<typeof listBusinessesQuery>;

/**
 * SPEC §4 in SQL, the same rule as contracts/payment-status.ts: expired = the expiry moment
 * is before now; expiring soon = floor(days left) is 1..threshold, i.e. expiry in [now+1d, now+(threshold+1)d).
 */
export function expiryCondition(filter: "expired" | "expiring-soon", now: Date): SQL {
  if (filter === "expired") return lt(businesses.expiryDateForCustomer, now);
  return and(
    gte(businesses.expiryDateForCustomer, new Date(now.getTime() + DAY_MS)),
    lt(businesses.expiryDateForCustomer, new Date(now.getTime() + (EXPIRING_SOON_DAYS + 1) * DAY_MS)),
  )!;
}


/**
 * The ids of the agency's businesses whose name, email, phones, owner's email or phone, card
 * id, or card's company name in either of its languages contain `search`. One subquery per table, united, so each can use its own trigram index
 * where the database has them (ADR 0016); an OR across joined tables could use none.
 */
function searchCondition(agencyId: number, search: string): SQL {
  const term = containsPattern(search);
  // Only a term that looks like a phone number searches phones ("98765 43210", "+91-98765…"):
  // digits pulled out of "Shop 5-ab12" would match every number containing "512".
  // Phones are stored in E.164 (sign-in ids as 10 digits): both contain the national number.
  const digits = looksLikePhone(search) ? phoneSearchDigits(search) : "";
  const phone = digits ? `%${digits}%` : null;
  const own = db0
    .select({ id: businesses.businessId })
    .from(businesses)
    .where(
      and(
        eq(businesses.agencyId, agencyId),
        or(
          ilike(businesses.businessName, term),
          ilike(businesses.email, term),
          ...(phone ? [ilike(businesses.phoneNumber, phone), ilike(businesses.alternatePhoneNumber, phone), ilike(businesses.whatsappNumber, phone)] : []),
        ),
      ),
    );
  const owner = db0
    .select({ id: businesses.businessId })
    .from(users)
    .innerJoin(businesses, eq(businesses.userId, users.id))
    .where(and(eq(users.agencyId, agencyId), or(ilike(users.email, term), ...(phone ? [ilike(users.phoneNumber, phone)] : []))));
  const card = db0
    .select({ id: cards.businessId })
    .from(cards)
    .where(and(eq(cards.agencyId, agencyId), isNull(cards.deletedAt), or(ilike(cards.cardId, term), ilike(cardCompanyNames, term))));
  return sql`${businesses.businessId} in (${own} union ${owner} union ${card})`;
}

/** GET /business's rows (also its CSV report, server/api/reports): businesses ⋈ users, filtered and searched. */
export function businessListWhere(actor: Actor, agencyId: number, q: Omit<Query, "page" | "pageSize">, now: Date) {
  const conditions: (SQL | undefined)[] = [visibleTo(actor, agencyId)];
  if (q.payment) conditions.push(q.payment === "paid" ? eq(businesses.paymentStatus, 1) : ne(businesses.paymentStatus, 1));
  if (q.subscription) conditions.push(eq(businesses.isSubscriptionActive, q.subscription === "subscribed"));
  if (q.expiry) conditions.push(expiryCondition(q.expiry, now));
  if (q.cardStatus) {
    conditions.push(sql`exists (select 1 from ${cards} where ${cards.businessId} = ${businesses.businessId} and ${cards.deletedAt} is null and ${cards.status} = ${q.cardStatus})`);
  }
  if (q.madeBy) conditions.push(eq(businesses.businessMadeBy, q.madeBy));
  if (q.madeByFranchiseeId) conditions.push(eq(businesses.madeByFranchiseeId, q.madeByFranchiseeId));
  if (q.search) conditions.push(searchCondition(agencyId, q.search));
  return and(...conditions);
}

/** GET /business: the agency's businesses the caller may see, newest first, with filters and search. */
export async function listBusinesses(db: Db, actor: Actor, agencyId: number, q: Query, now: Date) {
  const where = businessListWhere(actor, agencyId, q, now);

  const total0 = sql<number>`count(*) over ()`.mapWith(Number);
  const pageOf = (withTotal: boolean) =>
    db
      .select({ id: businesses.businessId, total: withTotal ? total0 : sql<number>`0`.mapWith(Number) })
      .from(businesses)
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.businessId))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
  let page: { id: number; total: number }[];
  let total: number;
  if (q.search) {
    // A search's matches are few and found once: the count rides on the page's rows.
    page = await pageOf(true);
    total = page[0]?.total ?? (q.page > 1 ? await db.$count(businesses, where) : 0);
  } else {
    // The page's ids by the (agency, created_at) index and the count side by side; a window count
    // here would join all 100,000 rows before the limit.
    [page, total] = await Promise.all([pageOf(false), db.$count(businesses, where)]);
  }
  // Then the full rows (owner, card) of those ids only.
  const ids = page.map((r) => r.id);
  const rows = ids.length ? await selectFullBusinesses(db).where(inArray(businesses.businessId, ids)) : [];
  const byId = new Map(rows.map((r) => [r.businessId, r]));
  return { businesses: ids.flatMap((id) => (byId.has(id) ? [toBusinessDto(byId.get(id)!, now)] : [])), total, page: q.page, pageSize: q.pageSize };
}
