/**
 * `npm run bench` (after run.ts): the business CSV report of 100,000 businesses with cards on
 * PostgreSQL (ADR 0017). A production server on a fresh database; the bench seeds the rows with
 * SQL, signs in as the admin and downloads GET /api/v1/reports/project-report/business over HTTP,
 * reading as fast as it can. Beside it, a raw `COPY (the same SELECT) TO STDOUT` to a sink on a
 * connection of its own: the goal is ≤ 2× its time. The server's peak RSS growth during the
 * download comes from /proc (VmHWM after resetting it with clear_refs): the goal is < 50 MB.
 *
 *   BENCH_REPORT_ROWS=100000   BENCH_REPORT_RUNS=3   BENCH_REPORT_PG_URL=postgres://postgres@127.0.0.1:5432/cp_projects
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { openDatabase } from "#server/db/client.ts";
import { businessReport } from "#server/api/reports/service.ts";
import { inlineParams } from "#server/api/reports/csv-stream.ts";
import { freshPostgres, signIn, startServer } from "./server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3951);
const base = `http://localhost:${PORT}`;
const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 3);
const pgUrl = process.env.BENCH_REPORT_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cp_projects";
const MB = 1024 * 1024;

/** 100,000 businesses of the platform agency, a third with Hindi names, each with a card. */
async function seed(client: pg.Client) {
  const { rows } = await client.query<{ agency_id: number; id: number }>("select agency_id, id from users where phone_number = $1", [DEMO_ACCOUNTS.customer.login.phoneNumber]);
  const { agency_id: agencyId, id: userId } = rows[0];
  await client.query(
    `insert into businesses (agency_id, user_id, business_name, contact_person, category, phone_number, email, payment_status, expiry_date_for_customer)
     select $1, $2, case when g % 3 = 0 then 'शर्मा मिठाई भंडार ' || g else 'Bench Traders ' || g end, 'Owner ' || g, 'Retail',
            '+9198' || lpad(g::text, 8, '0'), 'shop' || g || '@example.com', g % 2, now() + ((g % 400) - 100) * interval '1 day'
     from generate_series(1, $3::int) g`,
    [agencyId, userId, ROWS],
  );
  await client.query(
    `insert into cards (agency_id, business_id, card_id)
     select agency_id, business_id, 'bench-' || business_id from businesses where business_name like 'Bench Traders %' or business_name like 'शर्मा मिठाई भंडार %'`,
  );
  await client.query("analyze");
  return agencyId;
}

const memory = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
};

/** The server's download over HTTP, read as fast as possible: time, bytes, peak RSS growth. */
async function download(server: ChildProcess, cookie: string) {
  const pid = server.pid!;
  // Writing 5 resets VmHWM (the peak) to the current RSS: the next peak is this download's.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = memory(pid).rss;
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/reports/project-report/business`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`report: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  const ms = performance.now() - started;
  return { ms, bytes, lines, growth: memory(pid).hwm - before };
}

/** The same SELECT as the server's report, as one raw COPY to a sink. */
async function rawCopy(select: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const started = performance.now();
    let bytes = 0;
    await pipeline(
      client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`)),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.byteLength;
          done();
        },
      }),
    );
    return { ms: performance.now() - started, bytes };
  } finally {
    await client.end();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await freshPostgres(pgUrl);
const server = await startServer({ port: PORT, databaseUrl: pgUrl });
try {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const seeding = performance.now();
  const agencyId = await seed(client);
  await client.end();
  console.log(`\nreport CSV bench (PostgreSQL): seeded ${ROWS.toLocaleString("en-IN")} businesses with cards in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const cookie = await signIn(base, "/franchisee/login", { ...DEMO_ACCOUNTS.admin.login, password: DEMO_PASSWORD });

  // The server's SELECT for the admin (who sees every business of the agency), for the raw COPY.
  const db = await openDatabase({ databaseUrl: pgUrl, dataDir: os.tmpdir() });
  const admin = { kind: "staff" as const, sessionId: "bench", franchiseeId: 0, roles: ["admin" as const], permissions: [], hideBilling: false };
  const select = inlineParams(businessReport(db.db, admin, agencyId, {}, new Date()).select());
  await db.close();

  await rawCopy(select); // warm-up: caches, plans
  await download(server.process, cookie);
  const copies = [];
  const downloads = [];
  for (let i = 0; i < RUNS; i++) {
    copies.push(await rawCopy(select));
    downloads.push(await download(server.process, cookie));
  }
  const d = downloads[0];
  const copyMs = median(copies.map((c) => c.ms));
  const downloadMs = median(downloads.map((x) => x.ms));
  const growth = Math.max(...downloads.map((x) => x.growth));
  const ratio = downloadMs / copyMs;
  console.log(`rows in the file: ${(d.lines - 1).toLocaleString("en-IN")} (+ header), ${(d.bytes / MB).toFixed(1)} MB; raw COPY ${(copies[0].bytes / MB).toFixed(1)} MB`);
  console.log(`raw COPY of the same SELECT:   median ${copyMs.toFixed(0)} ms over ${RUNS} runs`);
  console.log(`GET …/project-report/business: median ${downloadMs.toFixed(0)} ms over ${RUNS} runs (${(d.bytes / MB / (downloadMs / 1000)).toFixed(1)} MB/s)`);
  console.log(`download ÷ COPY: ${ratio.toFixed(2)}× (goal ≤ 2×): ${ratio <= 2 ? "ok" : "MISSED"}`);
  console.log(`server peak RSS growth during a download: ${(growth / MB).toFixed(1)} MB (goal < 50 MB): ${growth < 50 * MB ? "ok" : "MISSED"}`);
} finally {
  await server.stop();
}
