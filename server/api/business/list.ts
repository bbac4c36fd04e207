import { and, desc, eq, gte, ilike, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { EXPIRING_SOON_DAYS } from "#contracts/payment-status.ts";
import type { listBusinessesQuery } from "#contracts/business.ts";
import { looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import { fullBusinessColumns, toBusinessDto, visibleTo } from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
type Query = z.output<typeof listBusinessesQuery>;

/** `%`, `_` and `\` typed by a person are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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


function searchCondition(search: string): SQL | undefined {
  const term = `%${likeEscape(search)}%`;
  const parts: SQL[] = [ilike(businesses.businessName, term), ilike(businesses.email, term), ilike(users.email, term), ilike(cards.cardId, term)];
  // Only a term that looks like a phone number searches phones ("98765 43210", "+91-98765…"):
  // digits pulled out of "Shop 5-ab12" would match every number containing "512".
  // Phones are stored in E.164 (sign-in ids as 10 digits): both contain the national number.
  const digits = looksLikePhone(search) ? phoneSearchDigits(search) : "";
  if (digits) {
    const like = `%${digits}%`;
    parts.push(
      ilike(businesses.phoneNumber, like),
      ilike(businesses.alternatePhoneNumber, like),
      ilike(businesses.whatsappNumber, like),
      ilike(users.phoneNumber, like),
    );
  }
  return or(...parts);
}

/** GET /business: the agency's businesses the caller may see, newest first, with filters and search. */
export async function listBusinesses(db: Db, actor: Actor, agencyId: number, q: Query, now: Date) {
  const conditions: (SQL | undefined)[] = [visibleTo(actor, agencyId)];
  if (q.payment) conditions.push(q.payment === "paid" ? eq(businesses.paymentStatus, 1) : ne(businesses.paymentStatus, 1));
  if (q.subscription) conditions.push(eq(businesses.isSubscriptionActive, q.subscription === "subscribed"));
  if (q.expiry) conditions.push(expiryCondition(q.expiry, now));
  if (q.cardStatus) conditions.push(eq(cards.status, q.cardStatus));
  if (q.madeBy) conditions.push(eq(businesses.businessMadeBy, q.madeBy));
  if (q.madeByFranchiseeId) conditions.push(eq(businesses.madeByFranchiseeId, q.madeByFranchiseeId));
  if (q.search) conditions.push(searchCondition(q.search));
  const where = and(...conditions);

  // The total rides along on every row (one query); only a page past the end needs a count of its own.
  const rows = await db
    .select({ ...fullBusinessColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(where)
    .orderBy(desc(businesses.createdAt), desc(businesses.businessId))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    total = await db.$count(
      db
        .select({ id: businesses.businessId })
        .from(businesses)
        .innerJoin(users, eq(users.id, businesses.userId))
        .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
        .where(where)
        .as("q"),
    );
  }
  return { businesses: rows.map((r) => toBusinessDto(r, now)), total, page: q.page, pageSize: q.pageSize };
}
