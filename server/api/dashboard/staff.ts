import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleTo } from "#server/api/business/queries.ts";
import { expiryCondition } from "#server/api/business/list.ts";

const count = (condition?: ReturnType<typeof sql>) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);

/** GET /dashboard for staff: the agency's counts in one statement, scoped like GET /business. */
export async function staffDashboard(db: Db, actor: Actor, agencyId: number, now: Date) {
  const [counts] = await db
    .select({
      businesses: count(),
      cardsActive: count(sql`${cards.status} = 'active'`),
      cardsInactive: count(sql`${cards.status} = 'inactive'`),
      expired: count(expiryCondition("expired", now)),
      expiringSoon: count(expiryCondition("expiring-soon", now)),
    })
    .from(businesses)
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(visibleTo(actor, agencyId));
  return { kind: "staff" as const, counts };
}
