/**
 * Renewal reminders at scale (issue 25, ADR 0067), on PostgreSQL: 100,000 paid cards expiring in
 * 7 days get their reminder queued (renewal rows, outbox rows with the unsubscribe line, pg-boss
 * send jobs) by one run of queueRenewalReminders. Goal: ≤ 10 s. A second run (the same day: the
 * start-up run, a second server) must add nothing and is timed too.
 *
 *   BENCH_PG_URL=postgres://root@127.0.0.1:5432/test npx tsx tests/bench/renewal-reminders.ts
 *   BENCH_RENEWAL_CARDS=100000   (its server is used; a seeded copy is made and dropped)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { renewalSettings } from "#server/db/schema/renewals.ts";
import { createQueue } from "#server/services/queue/index.ts";
import { ALL_JOBS } from "#server/jobs.ts";
import { queueRenewalReminders } from "#server/api/renewals/service.ts";
import { createTemplate, dropTemplate, MAIN_HOST, openCopy } from "../support/db-template.ts";
import { benchPgServerUrl } from "./server.ts";

const CARDS = Number(process.env.BENCH_RENEWAL_CARDS ?? 100_000);
const GOAL_SECONDS = 10;
const pgUrl = benchPgServerUrl();
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
/** 10:00 India time: outside quiet hours (the jobs' start times do not change the work). */
const NOW = new Date("2026-12-02T04:30:00Z");

async function bench() {
  const info = await createTemplate(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-renewalbench-"));
  const database = await openCopy(info, dataDir);
  const db = database.db;
  const queue = await createQueue(database, { logger: quiet, maintenance: false, schedules: false, jobs: ALL_JOBS });
  try {
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, MAIN_HOST));
    const expiry = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
    // The owners and their paid cards, all expiring in exactly 7 days (one reminder day each).
    await db.execute(sql`insert into users (agency_id, phone_number) select ${agency.id}, '6' || lpad(g::text, 9, '0') from generate_series(1, ${CARDS}) g`);
    await db.execute(sql`
      insert into businesses (agency_id, user_id, business_name, expiry_date_for_customer, payment_status, is_subscription_active, subscription_plan_id)
      select ${agency.id}, u.id, 'Bench Renewal Shop ' || u.phone_number, ${expiry}::timestamptz, 1, true,
        (select subscription_plan_id from subscription_plans where agency_id = ${agency.id} and not is_custom order by price limit 1)
      from users u where u.agency_id = ${agency.id} and u.phone_number like '6%'`);
    await db.execute(sql`analyze`);
    await db.insert(renewalSettings).values({ agencyId: agency.id, enabled: true, days: [-7, -1, 3] });
    const deps = { db, queue, now: () => NOW, config: { publicUrl: `http://${MAIN_HOST}:3000`, sessionSecret: "bench-session-secret-0000000000000000" } as never };

    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const first = await queueRenewalReminders(deps);
    const seconds = (performance.now() - t0) / 1000;
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const t1 = performance.now();
    const again = await queueRenewalReminders(deps);
    const againSeconds = (performance.now() - t1) / 1000;
    const counted = await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'messages.send'`);
    const jobCount = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return { seconds, first, again, againSeconds, jobCount, heapGrowthMb };
  } finally {
    await queue.stop({ timeoutMs: 1000 });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropTemplate(info);
  }
}

const r = await bench();
const met = r.seconds <= GOAL_SECONDS && r.first.messages === CARDS && r.again.messages === 0;
console.log(`Renewal reminders for ${CARDS.toLocaleString("en-IN")} expiring cards queued: ${r.seconds.toFixed(2)} s (goal ≤ ${GOAL_SECONDS} s) ${met ? "MET" : "MISSED"}`);
console.log(`  ${r.first.messages} messages, ${r.first.reminded} renewals reminded, ${r.jobCount} send jobs; heap +${r.heapGrowthMb.toFixed(1)} MB`);
console.log(`  the same run again (nothing new): ${r.againSeconds.toFixed(2)} s, ${r.again.messages} messages`);
if (!met) process.exitCode = 1;
