import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import type { RenewalStage } from "#contracts/renewals.ts";
import { readRenewalSettings } from "./settings.ts";

/*
 * The renewal pipeline (ADR 0067), for the businesses this staff member may see (visibleTo):
 *   due       a paid card expiring within the agency's first reminder day, not reminded yet
 *   reminded  a reminder went out and the card is not renewed yet
 *   paid      the business's expiry is now later than the one reminded about (by any payment)
 *   lost      not renewed once the last reminder day has passed
 * The rate, per India-time month of expiry and per franchisee who made the business, is
 * paid / (paid + lost): cycles still open do not count yet.
 */

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

type Rate = { paid: number; lost: number; open: number; rate: number | null };
const rate = (r: { paid: number | string; lost: number | string; open: number | string }): Rate => {
  const paid = Number(r.paid);
  const lost = Number(r.lost);
  return { paid, lost, open: Number(r.open), rate: paid + lost ? paid / (paid + lost) : null };
};
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function renewalPipeline(db: Db, actor: Actor, agencyId: number, query: { stage: RenewalStage; page: number }, now: Date) {
  const settings = await readRenewalSettings(db, agencyId);
  const before = Math.max(0, ...settings.days.map((d) => -d));
  const lostAfterDays = Math.max(0, ...settings.days) + 1;
  const dueUntil = new Date(now.getTime() + Math.max(before, 1) * DAY_MS);
  const lostBefore = new Date(now.getTime() - lostAfterDays * DAY_MS);
  const visible = visibleTo(actor, agencyId);

  const paidSql = sql`businesses.expiry_date_for_customer > r.expires_at`;
  const lostSql = sql`not (${paidSql}) and r.expires_at < ${lostBefore.toISOString()}::timestamptz`;
  const stageSql: Record<Exclude<RenewalStage, "due">, SQL> = { paid: paidSql, lost: lostSql, reminded: sql`not (${paidSql}) and not (${lostSql})` };
  const dueWhere = sql`${visible} and businesses.payment_status = 1
    and businesses.expiry_date_for_customer >= ${now.toISOString()}::timestamptz and businesses.expiry_date_for_customer < ${dueUntil.toISOString()}::timestamptz
    and not exists (select 1 from renewals r0 where r0.business_id = businesses.business_id and r0.expires_at = businesses.expiry_date_for_customer)`;
  // visibleTo names the table "businesses": the renewals' business is joined under that name.
  const fromRenewals = sql`from renewals r join businesses on businesses.business_id = r.business_id`;

  const [counts] = rowsOf<{ reminded: string; paid: string; lost: string }>(
    await db.execute(sql`select count(*) filter (where ${stageSql.reminded}) as reminded, count(*) filter (where ${stageSql.paid}) as paid, count(*) filter (where ${stageSql.lost}) as lost
      ${fromRenewals} where r.agency_id = ${agencyId} and ${visible}`),
  );
  const [due] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from businesses where ${dueWhere}`));

  const offset = (query.page - 1) * PAGE_SIZE;
  let rows: { businessId: number; businessName: string; franchiseeName: string | null; expiresAt: Date; reminders: number; lastRemindedAt: Date | null }[];
  let total: number;
  if (query.stage === "due") {
    total = Number(due?.n ?? 0);
    rows = rowsOf<(typeof rows)[number]>(
      await db.execute(sql`select businesses.business_id as "businessId", businesses.business_name as "businessName", f.name as "franchiseeName",
          businesses.expiry_date_for_customer as "expiresAt", 0 as reminders, null as "lastRemindedAt"
        from businesses left join franchisees f on f.id = businesses.made_by_franchisee_id
        where ${dueWhere}
        order by businesses.expiry_date_for_customer, businesses.business_id limit ${PAGE_SIZE} offset ${offset}`),
    );
  } else {
    const where = sql`r.agency_id = ${agencyId} and ${visible} and ${stageSql[query.stage]}`;
    total = Number(counts?.[query.stage] ?? 0);
    rows = rowsOf<(typeof rows)[number]>(
      await db.execute(sql`select businesses.business_id as "businessId", businesses.business_name as "businessName", f.name as "franchiseeName",
          r.expires_at as "expiresAt", r.reminders, r.last_reminded_at as "lastRemindedAt"
        ${fromRenewals} left join franchisees f on f.id = r.franchisee_id
        where ${where}
        order by r.expires_at desc, r.id desc limit ${PAGE_SIZE} offset ${offset}`),
    );
  }

  const grouped = (key: SQL) => sql`count(*) filter (where ${stageSql.paid}) as paid, count(*) filter (where ${stageSql.lost}) as lost,
      count(*) filter (where ${stageSql.reminded}) as open ${fromRenewals} where r.agency_id = ${agencyId} and ${visible} group by ${key}`;
  const months = rowsOf<{ month: string; paid: string; lost: string; open: string }>(
    await db.execute(sql`select to_char(r.expires_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month, ${grouped(sql`1`)} order by 1 desc limit 12`),
  );
  const franchisees = rowsOf<{ franchiseeId: number | null; name: string | null; paid: string; lost: string; open: string }>(
    await db.execute(sql`select r.franchisee_id as "franchiseeId", (select name from franchisees f where f.id = r.franchisee_id) as name, ${grouped(sql`r.franchisee_id`)} order by 2 nulls first limit 100`),
  );

  return {
    counts: { due: Number(due?.n ?? 0), reminded: Number(counts?.reminded ?? 0), paid: Number(counts?.paid ?? 0), lost: Number(counts?.lost ?? 0) },
    stage: query.stage,
    rows: rows.map((r) => ({ ...r, businessId: Number(r.businessId), reminders: Number(r.reminders), expiresAt: new Date(r.expiresAt), lastRemindedAt: r.lastRemindedAt ? new Date(r.lastRemindedAt) : null })),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
    months: months.map((m) => ({ month: m.month, ...rate(m) })),
    franchisees: franchisees.map((f) => ({ franchiseeId: f.franchiseeId === null ? null : Number(f.franchiseeId), name: f.name, ...rate(f) })),
    settings,
  };
}
