import { indiaDate } from "#contracts/india-time.ts";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses as businessesTable } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { withPayment } from "#server/api/business/dto.ts";
import { activeBusiness } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { businessLogo } from "#contracts/logo.ts";
import { cardReport } from "./card-report.ts";

/** Weeks of the where-visitors-came-from report the home page shows (ADR 0068). */
const HOME_REPORT_WEEKS = 4;

type Customer = Extract<Actor, { kind: "customer" }>;

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = {
  business_id: number;
  business_name: string;
  category: string | null;
  payment_status: number;
  expiry: string | Date | null;
  is_subscription_active: boolean;
  business_made_by: string;
  logo_url: string | null;
  card_logo_url: string | null;
  is_active: boolean;
  card_no: number | null;
  card_id: string | null;
  card_status: "active" | "inactive" | null;
  preferred: number | null;
  view_count: number | null;
  views_today: number; views_7: number; views_total: number;
  taps_today: number; taps_7: number; taps_total: number;
  saves_today: number; saves_7: number; saves_total: number;
  enquiries_7: number; enquiries_total: number;
};

const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * One statement: every business the customer may see (`visibleTo`, for the selector), and for
 * the one wanted (`want`, else the customer's preference) its card, the card's counters and the
 * business's enquiries. A flat join measured cheaper on PGlite than CTEs with json_agg.
 */
async function query(db: Db, actor: Customer, agencyId: number, a: { want: number | null; now: Date }) {
  const today = indiaDate(a.now);
  const weekStart = indiaDate(a.now, -6);
  const since = new Date(a.now.getTime() - 7 * DAY_MS).toISOString();
  const preferred = sql`(u.preference->>'activeBusinessId')::int`;
  const active = sql`businesses.business_id = coalesce(${a.want}::int, ${preferred})`;
  // The days are parameters: one statement text every day (it runs as a named prepared statement).
  const sums = (col: "views" | "taps" | "saves") => {
    const c = sql.raw(`d.${col}`);
    return sql`coalesce(sum(${c}) filter (where d.day = ${today}::date), 0)::int as ${sql.raw(`${col}_today`)},
        coalesce(sum(${c}) filter (where d.day >= ${weekStart}::date), 0)::int as ${sql.raw(`${col}_7`)}, coalesce(sum(${c}), 0)::int as ${sql.raw(`${col}_total`)}`;
  };
  const result = await db.execute(sql`
    select businesses.business_id, businesses.business_name, businesses.category, businesses.payment_status,
           businesses.expiry_date_for_customer as expiry, businesses.is_subscription_active, businesses.business_made_by,
           businesses.logo_url, c.basic_details->>'logoUrl' as card_logo_url, coalesce(${active}, false) as is_active, ${preferred} as preferred,
           c.card_no, c.card_id, c.status as card_status, c.view_count, s.*, e.*
    from ${businessesTable}
    join users u on u.id = businesses.user_id
    left join cards c on c.business_id = businesses.business_id and c.deleted_at is null and ${active}
    left join lateral (select ${sums("views")}, ${sums("taps")}, ${sums("saves")} from card_daily_stats d where d.card_no = c.card_no) s on true
    left join lateral (
      select count(*) filter (where f.created_at >= ${since}::timestamptz)::int as enquiries_7, count(*)::int as enquiries_total
      from feedback f where f.business_id = businesses.business_id and ${active} and f.kind = 'enquiry'
    ) e on true
    where ${visibleTo(actor, agencyId)}
    order by businesses.created_at, businesses.business_id`);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * GET /dashboard for a customer (the panel's busiest page): every business, the one asked for
 * (?businessId) or else the active one (`activeBusiness`) with its payment state and card, the
 * card's views/taps/saves today, over the last 7 days and in total, and the enquiries. One
 * statement; a second only when the preference names no live business (then the oldest).
 * Total views: cards.viewCount, the all-time counter (seeded history plus every view the
 * public card counts, which also lands in card_daily_stats), never below the daily sum.
 */
export async function customerDashboard(db: Db, actor: Customer, agencyId: number, businessId: number | undefined, now: Date) {
  // The statement joins the card of the one asked for, else of the preferred business; when
  // `activeBusiness` settles on another (the preference is stale), a second statement joins that one.
  let rows = await query(db, actor, agencyId, { want: businessId ?? null, now });
  const shown = businessId ?? activeBusiness(rows.map((r) => ({ businessId: r.business_id })), rows[0]?.preferred)?.businessId;
  let row = rows.find((r) => r.business_id === shown);
  if (!row && businessId !== undefined) throw notFound("Business not found.");
  if (row && !row.is_active) {
    rows = await query(db, actor, agencyId, { want: row.business_id, now });
    row = rows.find((r) => r.is_active);
  }

  const businesses = rows.map((r) => ({
    businessId: r.business_id,
    businessName: r.business_name,
    category: r.category,
    paymentStatus: r.payment_status,
    expiryDateForCustomer: toDate(r.expiry),
    isSubscriptionActive: r.is_subscription_active,
    businessMadeBy: r.business_made_by,
  }));
  if (!row) return { kind: "customer" as const, businesses, activeBusinessId: null, business: null, card: null, stats: null, enquiries: null, sourceWeeks: null };

  const business = withPayment({ ...businesses.find((b) => b.businessId === row.business_id)!, logoUrl: businessLogo(row.card_logo_url, row.logo_url) }, now);
  const card =
    row.card_no === null || row.card_id === null
      ? null
      : { cardNo: row.card_no, cardId: row.card_id, status: row.card_status!, publicPath: `/${row.card_id}` };
  const n = Number;
  return {
    kind: "customer" as const,
    businesses,
    activeBusinessId: business.businessId,
    business,
    card,
    stats: card && {
      views: { today: n(row.views_today), last7Days: n(row.views_7), total: Math.max(n(row.views_total), n(row.view_count ?? 0)) },
      taps: { today: n(row.taps_today), last7Days: n(row.taps_7), total: n(row.taps_total) },
      saves: { today: n(row.saves_today), last7Days: n(row.saves_7), total: n(row.saves_total) },
    },
    enquiries: { last7Days: n(row.enquiries_7), total: n(row.enquiries_total) },
    // In this answer, not a second call: the home page would wait for one after the other.
    sourceWeeks: card && (await cardReport(db, agencyId, business.businessId, now, HOME_REPORT_WEEKS)),
  };
}
