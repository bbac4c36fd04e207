/**
 * `npm run bench` (after make-payment.ts): month bill generation on PostgreSQL (ADR 0023). 1,000
 * agencies with 100 customers' cards each, all 100,000 paid this month, then generateMonthBills
 * for the month as the scheduled job runs it: bills opened, one line per card, totals recomputed,
 * the audit rows. Goal: under 10 s with the process's memory flat (the work is set-based SQL, so
 * the heap must not grow with the number of cards). A second run (idempotent: nothing to add) is
 * timed too. Data is made with generate_series and not timed.
 *
 *   BENCH_BILL_AGENCIES=1000   BENCH_BILL_CARDS_PER_AGENCY=100   BENCH_PG_URL (its server is used)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generateMonthBills } from "#server/api/billing/generate.ts";
import { monthWindow, periodOf } from "#server/api/billing/rules.ts";
import { createTemplate, dropTemplate, openCopy } from "../support/db-template.ts";
import { reachable, benchPgServerUrl } from "./server.ts";

const AGENCIES = Number(process.env.BENCH_BILL_AGENCIES ?? 1000);
const PER_AGENCY = Number(process.env.BENCH_BILL_CARDS_PER_AGENCY ?? 100);
const GOAL_SECONDS = 10;
const pgUrl = benchPgServerUrl();

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

async function bench() {
  const info = await createTemplate(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-billbench-"));
  const database = await openCopy(info, dataDir);
  const db = database.db;
  try {
    const period = periodOf(new Date());
    const { start } = monthWindow(period);
    const billing = JSON.stringify({ billing: { perCardPrice: 4900, gstPercent: 18, graceDays: 10 } });
    // 1,000 agencies, one customer each, 100 businesses + cards + paid card payments per agency.
    await db.execute(sql`
      insert into agencies (agency_name, host, configuration)
      select 'Bench agency ' || g, 'bench-' || g || '.localhost', ${billing}::jsonb from generate_series(1, ${AGENCIES}) g`);
    await db.execute(sql`
      insert into users (agency_id, phone_number)
      select id, '+9170' || lpad(id::text, 8, '0') from agencies where host like 'bench-%'`);
    await db.execute(sql`
      insert into businesses (agency_id, user_id, business_name, payment_status, is_subscription_active)
      select u.agency_id, u.id, 'Bench shop ' || u.agency_id || '-' || g, 1, true
      from users u join agencies a on a.id = u.agency_id and a.host like 'bench-%', generate_series(1, ${PER_AGENCY}) g`);
    await db.execute(sql`
      insert into cards (agency_id, business_id, card_id)
      select b.agency_id, b.business_id, 'bench-' || b.business_id from businesses b where b.business_name like 'Bench shop %'`);
    await db.execute(sql`
      insert into card_payments (agency_id, business_id, plan_name, amount, status, is_manual_update, paid_at, created_at)
      select b.agency_id, b.business_id, 'Starter', 79900, 'paid', true,
             ${start}::timestamptz + (b.business_id % 86400) * interval '1 second', now()
      from businesses b where b.business_name like 'Bench shop %'`);
    await db.execute(sql`analyze`);

    const heapBefore = process.memoryUsage().heapUsed;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    const first = await generateMonthBills(db, { ...period, now: new Date() });
    const firstSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const second = await generateMonthBills(db, { ...period, now: new Date() });
    const secondSeconds = (performance.now() - t1) / 1000;
    clearInterval(sampler);
    const heapAfter = process.memoryUsage().heapUsed;
    return { first, firstSeconds, second, secondSeconds, heapGrowth: heapAfter - heapBefore, rssBefore, peakRss };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropTemplate(info);
  }
}

if (!(await reachable(pgUrl))) {
  console.log(`month bills on postgres: skipped (nothing answers at ${new URL(pgUrl).host}; set BENCH_PG_URL)`);
} else {
  const r = await bench();
  console.log(`\nmonth bills on postgres: ${AGENCIES} agencies, ${AGENCIES * PER_AGENCY} cards paid this month (goal < ${GOAL_SECONDS} s, memory flat)`);
  console.log(`  first run   ${r.firstSeconds.toFixed(2)} s  bills ${r.first.bills}, created ${r.first.billsCreated}, lines ${r.first.linesAdded}`);
  console.log(`  second run  ${r.secondSeconds.toFixed(2)} s  created ${r.second.billsCreated}, lines ${r.second.linesAdded} (idempotent)`);
  console.log(`  memory      heap ${r.heapGrowth >= 0 ? "+" : ""}${mb(r.heapGrowth)} MB over both runs; rss ${mb(r.rssBefore)} → peak ${mb(r.peakRss)} MB`);
  if (r.firstSeconds >= GOAL_SECONDS) console.log(`  ABOVE GOAL: ${r.firstSeconds.toFixed(2)} s ≥ ${GOAL_SECONDS} s`);
}
