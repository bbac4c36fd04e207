/**
 * `npm run bench` (issue 25, ADR 0058): bulk onboarding of a 10,000-row CSV on PostgreSQL.
 * Goals: the upload, as CSV and as .xlsx (read, check every row against the agency's data, store the preview) in
 * ≤ 5 s; the import (10,000 owners, businesses and trial cards through POST /business's own
 * insert, as the queue's worker runs it) in ≤ 60 s. The owners' invitation SMS (to the outbox
 * transport) and a second upload of the same file (idempotent: nothing new) are timed too.
 *
 *   BENCH_IMPORT_ROWS=10000   BENCH_PG_URL (its server is used; a seeded copy is made and dropped)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { agencies, franchisees } from "#server/db/schema/core.ts";
import { insertBusiness } from "#server/api/business/create.ts";
import writeXlsxFile from "write-excel-file/node";
import { parseCsv } from "#server/api/onboarding/csv.ts";
import { runBusinessImport, sendOwnerInvites, uploadImport } from "#server/api/onboarding/service.ts";
import { createQueue } from "#server/services/queue/index.ts";
import { ALL_JOBS } from "#server/jobs.ts";
import type { Actor } from "#server/auth/roles.ts";
import { DEMO_ACCOUNTS } from "#server/db/demo-accounts.ts";
import { createTemplate, dropTemplate, openCopy } from "../support/db-template.ts";
import { reachable, benchPgServerUrl } from "./server.ts";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const GOALS = { validate: 5, import: 60 };
const pgUrl = benchPgServerUrl();
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const CATEGORIES = ["Sweet Shop", "Electricals", "Consultancy", "Dental Clinic"];

function benchCsv() {
  let out = "owner_phone,business_name,category,address,contact_person\r\n";
  // 6000000000…: valid mobiles outside the demo accounts' numbers; every 4th owner has two shops.
  for (let i = 0; i < ROWS; i++) {
    const owner = 6_000_000_000 + (i % 4 === 3 ? i - 1 : i);
    out += `${owner},Bench Onboard Shop ${i},${CATEGORIES[i % CATEGORIES.length]},"Shop ${i}, Market Street, Jaipur",Owner ${i}\r\n`;
  }
  return out;
}

async function bench() {
  const info = await createTemplate(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-importbench-"));
  const database = await openCopy(info, dataDir);
  const db = database.db;
  try {
    const [admin] = await db
      .select({ id: franchisees.id, agencyId: franchisees.agencyId, roles: franchisees.roles })
      .from(franchisees)
      .where(eq(franchisees.phoneNumber, DEMO_ACCOUNTS.admin.login.phoneNumber));
    const actor: Actor = { kind: "staff", sessionId: "bench", franchiseeId: admin.id, roles: admin.roles, permissions: [], hideBilling: false };
    const file = new File([benchCsv()], "bench.csv", { type: "text/csv" });

    const t0 = performance.now();
    const up = await uploadImport(db, actor, admin.agencyId, file, new Date());
    const validateSeconds = (performance.now() - t0) / 1000;
    if (up.import.validRows !== ROWS) throw new Error(`expected ${ROWS} valid rows, got ${up.import.validRows} (of ${up.import.totalRows})`);

    // The same rows as an Excel workbook (another file, so another preview): read + check.
    const workbook = await writeXlsxFile(parseCsv(benchCsv()).map((r, i) => (i === 0 ? r : [Number(r[0]), ...r.slice(1)]))).toBuffer();
    const tx = performance.now();
    const upX = await uploadImport(db, actor, admin.agencyId, new File([new Uint8Array(workbook)], "bench.xlsx"), new Date());
    const validateXlsxSeconds = (performance.now() - tx) / 1000;
    if (upX.import.validRows !== ROWS) throw new Error(`xlsx: expected ${ROWS} valid rows, got ${upX.import.validRows}`);

    const deps = { db, now: () => new Date(), queue: null, logger: quiet };
    const t1 = performance.now();
    await runBusinessImport(deps, insertBusiness, { data: { importId: up.import.importId }, isLastAttempt: true });
    const importSeconds = (performance.now() - t1) / 1000;

    const [{ made }] = await db.execute<{ made: number }>(sql`select count(*)::int as made from businesses b join cards c on c.business_id = b.business_id where b.business_name like 'Bench Onboard Shop %'`).then((r) => (r as unknown as { rows: { made: number }[] }).rows);
    const t2 = performance.now();
    const queue = await createQueue(database, { logger: quiet, maintenance: false, schedules: false, jobs: ALL_JOBS });
    const sent = await sendOwnerInvites({ db, now: () => new Date(), queue, config: { publicUrl: "http://localhost:3000", sessionSecret: "bench-session-secret-0000000000000000" } as never }, up.import.importId);
    await queue.stop({ timeoutMs: 1000 });
    const inviteSeconds = (performance.now() - t2) / 1000;
    const t3 = performance.now();
    const again = await uploadImport(db, actor, admin.agencyId, file, new Date());
    const againSeconds = (performance.now() - t3) / 1000;
    const [agency] = await db.select({ host: agencies.host }).from(agencies).where(and(eq(agencies.id, admin.agencyId)));
    return { validateSeconds, validateXlsxSeconds, importSeconds, made, sent, inviteSeconds, reused: again.reused, againSeconds, host: agency.host };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropTemplate(info);
  }
}

if (!(await reachable(pgUrl))) {
  console.log(`bulk onboarding on postgres: skipped (nothing answers at ${new URL(pgUrl).host}; set BENCH_PG_URL)`);
} else {
  const r = await bench();
  const ok = r.validateSeconds <= GOALS.validate && r.validateXlsxSeconds <= GOALS.validate && r.importSeconds <= GOALS.import && r.made === ROWS && r.reused;
  console.log(
    `bulk onboarding on postgres, ${ROWS.toLocaleString("en-IN")} rows: validated in ${r.validateSeconds.toFixed(2)} s as CSV, ${r.validateXlsxSeconds.toFixed(2)} s as .xlsx (goal ≤ ${GOALS.validate} s), ` +
      `imported in ${r.importSeconds.toFixed(1)} s (goal ≤ ${GOALS.import} s, ${r.made} businesses with cards), ` +
      `${r.sent} owner invitations queued in ${r.inviteSeconds.toFixed(1)} s, same file again: ${r.reused ? "nothing new" : "DUPLICATED"} in ${r.againSeconds.toFixed(2)} s — ${ok ? "ok" : "OVER GOAL"}`,
  );
  if (!ok) process.exitCode = 1;
}
