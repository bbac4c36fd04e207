import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { withPayment } from "#server/api/business/dto.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** India has one time zone and no daylight saving: "today" for the owner is UTC+5:30. */
const IST_OFFSET_MS = 330 * 60 * 1000;
export const indiaDay = (now: Date, daysBack = 0) => new Date(now.getTime() + IST_OFFSET_MS - daysBack * DAY_MS).toISOString().slice(0, 10);

type Row = {
  businesses: BusinessJson[] | string;
  business_id: number | null;
  business_name: string | null;
  category: string | null;
  payment_status: number | null;
  expiry: string | Date | null;
  is_subscription_active: boolean | null;
  business_made_by: string | null;
  logo_url: string | null;
  card_no: number | null;
  card_id: string | null;
  card_status: "active" | "inactive" | null;
  views_today: number; views_7: number; views_total: number;
  taps_today: number; taps_7: number; taps_total: number;
  saves_today: number; saves_7: number; saves_total: number;
  enquiries_7: number; enquiries_total: number;
};
type BusinessJson = {
  businessId: number;
  businessName: string;
  category: string | null;
  paymentStatus: number;
  expiryDateForCustomer: string | null;
  isSubscriptionActive: boolean;
  businessMadeBy: string;
};

const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * GET /dashboard for a customer, in ONE statement (the home page is the panel's busiest page):
 * every business (for the selector), the active one (requested, else preferred, else oldest)
 * with its card, the card's views/taps/saves today, over 7 days and in total (the card's
 * historical viewCount included), and the business's enquiries.
 */
export async function customerDashboard(db: Db, args: { userId: number; agencyId: number; businessId?: number; now: Date }) {
  const { userId, agencyId, now } = args;
  const requested = args.businessId ?? null;
  const today = indiaDay(now);
  const weekStart = indiaDay(now, 6);
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const result = await db.execute(sql`
    with mine as (
      select b.business_id, b.business_name, b.category, b.payment_status, b.expiry_date_for_customer,
             b.is_subscription_active, b.business_made_by, b.logo_url, b.created_at
      from businesses b
      where b.user_id = ${userId} and b.agency_id = ${agencyId} and b.deleted_at is null
    ), active as (
      select m.* from mine m
      where ${requested}::int is null or m.business_id = ${requested}::int
      order by (m.business_id = coalesce(${requested}::int,
                 ((select u.preference from users u where u.id = ${userId})->>'activeBusinessId')::int)) desc nulls last,
               m.created_at, m.business_id
      limit 1
    )
    select
      (select coalesce(json_agg(json_build_object(
          'businessId', business_id, 'businessName', business_name, 'category', category,
          'paymentStatus', payment_status, 'expiryDateForCustomer', expiry_date_for_customer,
          'isSubscriptionActive', is_subscription_active, 'businessMadeBy', business_made_by)
        order by created_at, business_id), '[]'::json) from mine) as businesses,
      a.business_id, a.business_name, a.category, a.payment_status, a.expiry_date_for_customer as expiry,
      a.is_subscription_active, a.business_made_by, a.logo_url,
      c.card_no, c.card_id, c.status as card_status,
      s.views_today, s.views_7, s.views_total + coalesce(c.view_count, 0) as views_total,
      s.taps_today, s.taps_7, s.taps_total, s.saves_today, s.saves_7, s.saves_total,
      e.enquiries_7, e.enquiries_total
    from (select 1) as one
    left join active a on true
    left join cards c on c.business_id = a.business_id and c.deleted_at is null
    cross join lateral (
      select
        coalesce(sum(d.views) filter (where d.day = ${today}::date), 0)::int as views_today,
        coalesce(sum(d.views) filter (where d.day >= ${weekStart}::date), 0)::int as views_7,
        coalesce(sum(d.views), 0)::int as views_total,
        coalesce(sum(d.taps) filter (where d.day = ${today}::date), 0)::int as taps_today,
        coalesce(sum(d.taps) filter (where d.day >= ${weekStart}::date), 0)::int as taps_7,
        coalesce(sum(d.taps), 0)::int as taps_total,
        coalesce(sum(d.saves) filter (where d.day = ${today}::date), 0)::int as saves_today,
        coalesce(sum(d.saves) filter (where d.day >= ${weekStart}::date), 0)::int as saves_7,
        coalesce(sum(d.saves), 0)::int as saves_total
      from card_daily_stats d where d.card_no = c.card_no
    ) s
    cross join lateral (
      select count(*) filter (where f.created_at >= ${since}::timestamptz)::int as enquiries_7, count(*)::int as enquiries_total
      from feedback f where f.business_id = a.business_id and f.kind = 'enquiry'
    ) e`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  const list = (typeof row.businesses === "string" ? JSON.parse(row.businesses) : row.businesses) as BusinessJson[];
  if (requested !== null && row.business_id === null) throw notFound("Business not found.");

  const businesses = list.map((b) => ({ ...b, expiryDateForCustomer: toDate(b.expiryDateForCustomer) }));
  const business =
    row.business_id === null
      ? null
      : withPayment(
          {
            businessId: row.business_id,
            businessName: row.business_name!,
            category: row.category,
            paymentStatus: row.payment_status!,
            expiryDateForCustomer: toDate(row.expiry),
            isSubscriptionActive: !!row.is_subscription_active,
            businessMadeBy: row.business_made_by!,
            logoUrl: row.logo_url,
          },
          now,
        );
  const card =
    row.card_no === null || row.card_id === null
      ? null
      : { cardNo: row.card_no, cardId: row.card_id, status: row.card_status!, publicPath: `/${row.card_id}` };
  const n = Number;
  return {
    kind: "customer" as const,
    businesses,
    activeBusinessId: business?.businessId ?? null,
    business,
    card,
    stats: card && {
      views: { today: n(row.views_today), last7Days: n(row.views_7), total: n(row.views_total) },
      taps: { today: n(row.taps_today), last7Days: n(row.taps_7), total: n(row.taps_total) },
      saves: { today: n(row.saves_today), last7Days: n(row.saves_7), total: n(row.saves_total) },
    },
    enquiries: business && { last7Days: n(row.enquiries_7), total: n(row.enquiries_total) },
  };
}
