import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cardPayments, monthPayments } from "#server/db/schema/billing.ts";
import { agencies } from "#server/db/schema/core.ts";
import { type AuditActor, SYSTEM_ACTOR } from "./bills.ts";
import { billDueDate, billingSettings, monthWindow, type Period } from "./rules.ts";

/** Advisory lock key space for bill generation ("bill"), one lock per month. */
const GENERATION_LOCK = 0x62696c6c;

export type GenerationResult = Period & { bills: number; billsCreated: number; linesAdded: number };

/**
 * Month bills for `period` (ADR 0023), set-based so 1,000 agencies and 100,000 paid cards take a
 * few statements, not a loop: open one bill per agency with a card paid in the month (ON CONFLICT:
 * running it twice makes one bill), add one line per business whose card was paid or renewed in
 * the Asia/Kolkata month (ON CONFLICT: a line moved out stays out, a new payment adds its card),
 * then recompute every bill of the month and audit the bills whose totals changed.
 * `agencyIds` limits it to those agencies (the platform's on-demand button); default all.
 */
export async function generateMonthBills(
  db: Db,
  o: Period & { now: Date; agencyIds?: number[]; actor?: AuditActor },
): Promise<GenerationResult> {
  const { start, end } = monthWindow(o);
  const actor = o.actor ?? SYSTEM_ACTOR;
  const only = o.agencyIds;
  if (only && only.length === 0) return { year: o.year, month: o.month, bills: 0, billsCreated: 0, linesAdded: 0 };
  const agencyFilter = only ? sql`and cp.agency_id in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})` : sql``;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATION_LOCK}::int, ${o.year * 100 + o.month}::int)`);

    // 1. Agencies (not the platform) with a card paid this month; their settings through the rules module.
    const billed = await tx
      .select({ id: agencies.id, configuration: agencies.configuration })
      .from(agencies)
      .where(
        and(
          sql`not ('superadmin' = any(${agencies.roles}))`,
          only ? inArray(agencies.id, only) : undefined,
          sql`exists (select 1 from ${cardPayments} cp where cp.agency_id = ${agencies.id} and cp.status = 'paid' and cp.paid_at >= ${start} and cp.paid_at < ${end})`,
        ),
      );
    let billsCreated = 0;
    for (let i = 0; i < billed.length; i += 500) {
      const values = billed.slice(i, i + 500).map((a) => {
        const s = billingSettings(a.configuration);
        return { agencyId: a.id, year: o.year, month: o.month, perCardPrice: s.perCardPrice, gstPercent: s.gstPercent, dueDate: billDueDate(o, s.graceDays), createdAt: o.now, updatedAt: o.now };
      });
      const created = await tx.insert(monthPayments).values(values).onConflictDoNothing().returning({ id: monthPayments.id });
      billsCreated += created.length;
    }

    // Fresh statistics for the bills just opened: otherwise the planner takes the new month's
    // bills for an empty table and joins 100,000 card payments to them in a nested loop.
    if (billsCreated > 0) await tx.execute(sql`analyze month_payments`);

    // 2. One line per business paid or renewed in the window (its latest payment of the month).
    // The new lines are chosen first, in a statement of their own: an INSERT that also scans the
    // table it fills reads its own new pages over and over (quadratic at 100,000 lines).
    await tx.execute(sql`
      create temp table bill_fresh_lines on commit drop as
      with latest as (
        select distinct on (cp.business_id) cp.agency_id, cp.business_id, cp.record_no, cp.amount, cp.paid_at, cp.plan_name
        from card_payments cp
        where cp.status = 'paid' and cp.paid_at >= ${start}::timestamptz and cp.paid_at < ${end}::timestamptz
          and cp.business_id is not null ${agencyFilter}
        order by cp.business_id, cp.paid_at desc
      )
      -- Lines already in the bill (moved out or not) are left alone.
      select l.*, mp.id as bill_id, mp.per_card_price
      from latest l
      join month_payments mp on mp.agency_id = l.agency_id and mp.year = ${o.year} and mp.month = ${o.month}
      where not exists (select 1 from month_bill_items i where i.month_payment_id = mp.id and i.business_id = l.business_id)`);
    const lines = await tx.execute(sql`
      with ins as (
        insert into month_bill_items (agency_id, month_payment_id, business_id, card_no, card_id, business_name, plan_name,
                                      card_payment_record_no, customer_price, card_paid_at, amount, created_at)
        select f.agency_id, f.bill_id, f.business_id, c.card_no, c.card_id, b.business_name, f.plan_name,
               f.record_no, f.amount, f.paid_at, f.per_card_price, ${o.now}::timestamptz
        from bill_fresh_lines f
        left join businesses b on b.business_id = f.business_id
        left join lateral (
          select cards.card_no, cards.card_id from cards
          where cards.business_id = f.business_id and cards.deleted_at is null
          order by cards.card_no limit 1
        ) c on true
        order by f.bill_id, f.business_id
        on conflict (month_payment_id, business_id) do nothing
        returning 1
      )
      select count(*)::int as n from ins`);
    const linesAdded = Number((lines as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

    // 3. Lock the month's bills (a concurrent move-out waits), then totals from lines and payments,
    //    the same arithmetic as rules.billTotals; audit what changed.
    const billFilter = only ? sql`and agency_id in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})` : sql``;
    await tx.execute(sql`select id from month_payments where year = ${o.year} and month = ${o.month} ${billFilter} for update`);
    const totals = await tx.execute(sql`
      with old as (
        select id, subtotal, amount, amount_paid, outstanding, status from month_payments
        where year = ${o.year} and month = ${o.month} ${billFilter}
      ),
      lines as (
        select i.month_payment_id as id, sum(i.amount) filter (where i.moved_out_at is null) as subtotal
        from month_bill_items i join old on old.id = i.month_payment_id
        group by i.month_payment_id
      ),
      payments as (
        select p.month_payment_id as id, sum(p.amount) as paid
        from month_bill_payments p join old on old.id = p.month_payment_id
        where p.status = 'paid'
        group by p.month_payment_id
      ),
      sums as (
        select old.id, coalesce(lines.subtotal, 0)::int as subtotal, coalesce(payments.paid, 0)::int as paid
        from old left join lines on lines.id = old.id left join payments on payments.id = old.id
      ),
      upd as (
        update month_payments mp set
          subtotal = s.subtotal,
          gst_amount = round(s.subtotal * mp.gst_percent / 100.0)::int,
          amount = s.subtotal + round(s.subtotal * mp.gst_percent / 100.0)::int,
          amount_paid = s.paid,
          outstanding = greatest(0, s.subtotal + round(s.subtotal * mp.gst_percent / 100.0)::int - s.paid),
          status = case when s.subtotal + round(s.subtotal * mp.gst_percent / 100.0)::int - s.paid <= 0 then 'paid' else 'pending' end,
          paid_at = case when s.subtotal + round(s.subtotal * mp.gst_percent / 100.0)::int - s.paid <= 0 then coalesce(mp.paid_at, ${o.now}::timestamptz) else null end,
          updated_at = ${o.now}::timestamptz
        from sums s where mp.id = s.id
        returning mp.id, mp.agency_id, mp.subtotal, mp.amount, mp.amount_paid, mp.outstanding, mp.status
      ),
      audited as (
        insert into billing_audit (agency_id, actor_franchisee_id, actor_name, action, subject, before, after, at)
        select upd.agency_id, ${actor.franchiseeId}::int, ${actor.name}, 'bill-generated', 'month_payment:' || upd.id,
               jsonb_build_object('subtotal', old.subtotal, 'amount', old.amount, 'amountPaid', old.amount_paid, 'outstanding', old.outstanding, 'status', old.status),
               jsonb_build_object('subtotal', upd.subtotal, 'amount', upd.amount, 'amountPaid', upd.amount_paid, 'outstanding', upd.outstanding, 'status', upd.status),
               ${o.now}::timestamptz
        from upd join old on old.id = upd.id
        where old.subtotal <> upd.subtotal or old.amount_paid <> upd.amount_paid or old.status <> upd.status
        returning 1
      )
      select (select count(*) from upd)::int as bills`);
    const bills = Number((totals as unknown as { rows: { bills: number }[] }).rows[0]?.bills ?? 0);
    return { year: o.year, month: o.month, bills, billsCreated, linesAdded };
  });
}
