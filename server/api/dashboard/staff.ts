import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards, feedback } from "#server/db/schema/business.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { expiryCondition } from "#server/api/business/service.ts";

const count = (condition?: ReturnType<typeof sql>) =>
  (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);

/** Months are India's calendar months (the agency's customers are there). */
const INDIA = "Asia/Kolkata";
/** The chart: the last 12 months (this one included) and the next 3. */
export const CHART_MONTHS_BACK = 11;
export const CHART_MONTHS_AHEAD = 3;

/** "2026-11" for a moment, in India. */
export const indiaMonth = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 7);

/** The first instant of an India month `offset` months from `month` ("2026-11"). */
function monthStart(month: string, offset = 0) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + offset, 1) - 5.5 * 3_600_000);
}

const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone ${INDIA}, 'YYYY-MM')`;

/**
 * GET /dashboard for staff: the agency's counts, this month's payments, enquiries and the
 * cards-sold / renewals-due chart, each scoped like GET /business (`visibleTo`).
 */
export async function staffDashboard(db: Db, actor: Actor, agencyId: number, now: Date) {
  const visible = visibleTo(actor, agencyId);
  const thisMonth = indiaMonth(now);
  const from = monthStart(thisMonth, -CHART_MONTHS_BACK);
  const until = monthStart(thisMonth, CHART_MONTHS_AHEAD + 1);
  const monthBegins = monthStart(thisMonth);

  const [[counts], [payments], [enquiries], sold, due] = await Promise.all([
    db
      .select({
        businesses: count(),
        cardsActive: count(sql`${cards.status} = 'active'`),
        cardsInactive: count(sql`${cards.status} = 'inactive'`),
        expired: count(expiryCondition("expired", now)),
        expiringSoon: count(expiryCondition("expiring-soon", now)),
      })
      .from(businesses)
      .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
      .where(visible),
    // Paid card payments (online or recorded by staff) since the 1st of this month, India time.
    db
      .select({ count: count(), amount: sql<number>`coalesce(sum(${cardPayments.amount}), 0)`.mapWith(Number) })
      .from(cardPayments)
      .innerJoin(businesses, eq(businesses.businessId, cardPayments.businessId))
      .where(and(visible, eq(cardPayments.agencyId, agencyId), eq(cardPayments.status, "paid"), gte(cardPayments.paidAt, monthBegins))),
    db
      .select({ total: count(), thisMonth: count(sql`${feedback.createdAt} >= ${monthBegins.toISOString()}::timestamptz`) })
      .from(feedback)
      .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
      .where(and(visible, eq(feedback.agencyId, agencyId), eq(feedback.kind, "enquiry"))),
    db
      .select({ month: monthOf(cardPayments.paidAt), n: count() })
      .from(cardPayments)
      .innerJoin(businesses, eq(businesses.businessId, cardPayments.businessId))
      .where(and(visible, eq(cardPayments.agencyId, agencyId), eq(cardPayments.status, "paid"), gte(cardPayments.paidAt, from), lt(cardPayments.paidAt, until)))
      .groupBy(sql`1`),
    // A paid business's renewal is due in the month its plan ends.
    db
      .select({ month: monthOf(businesses.expiryDateForCustomer), n: count() })
      .from(businesses)
      .where(and(visible, eq(businesses.paymentStatus, 1), gte(businesses.expiryDateForCustomer, from), lt(businesses.expiryDateForCustomer, until)))
      .groupBy(sql`1`),
  ]);

  const soldBy = new Map(sold.map((r) => [r.month, r.n]));
  const dueBy = new Map(due.map((r) => [r.month, r.n]));
  const months = Array.from({ length: CHART_MONTHS_BACK + 1 + CHART_MONTHS_AHEAD }, (_, i) => {
    const month = indiaMonth(monthStart(thisMonth, i - CHART_MONTHS_BACK));
    return { month, cardsSold: soldBy.get(month) ?? 0, renewalsDue: dueBy.get(month) ?? 0, future: month > thisMonth };
  });
  return { kind: "staff" as const, counts, paymentsThisMonth: payments, enquiries, months };
}
