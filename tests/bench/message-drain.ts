/**
 * Reminders sent at the provider's rate without memory growth (issue 25), on PostgreSQL: a backlog
 * of queued SMS reminders (queueMessages, as the renewal run leaves them) drained by the real
 * messages.send worker (startMessageJobs) through the real HTTP SMS transport to a loopback
 * provider that allows RATE messages a second and answers 429 with Retry-After above it. Checks:
 * the drain goes at the configured rate (SMS_SENDS_PER_SECOND = RATE), every message once, no
 * 429s, and the heap after the drain is where it was after the first tenth (no growth with the
 * backlog's size).
 *
 *   BENCH_PG_URL=postgres://root@127.0.0.1:5432/test npx tsx --expose-gc tests/bench/message-drain.ts
 *   BENCH_DRAIN_MESSAGES=6000  BENCH_DRAIN_RATE=100
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { createQueue } from "#server/services/queue/index.ts";
import { ALL_JOBS } from "#server/jobs.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/deps.ts";
import { queueMessages, startMessageJobs } from "#server/api/messages/outbox.ts";
import { createTemplate, dropTemplate, MAIN_HOST, openCopy } from "../support/db-template.ts";
import { benchPgServerUrl } from "./server.ts";

const MESSAGES = Number(process.env.BENCH_DRAIN_MESSAGES ?? 6000);
const RATE = Number(process.env.BENCH_DRAIN_RATE ?? 100);
const pgUrl = benchPgServerUrl();
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
/** 10:00 India time: outside quiet hours. */
const NOW = new Date("2026-12-02T04:30:00Z");
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** An SMS provider on loopback: POST {to, message, sender}; RATE a second (a token bucket of one second), 429 above it. */
async function startProvider() {
  let tokens = RATE;
  let last = performance.now();
  const received = new Map<string, number>();
  let refused = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const now = performance.now();
      tokens = Math.min(RATE, tokens + ((now - last) / 1000) * RATE);
      last = now;
      if (tokens < 1) {
        refused++;
        res.writeHead(429, { "retry-after": "1", "content-type": "application/json" }).end('{"error":"rate limit"}');
        return;
      }
      tokens--;
      const body = JSON.parse(raw) as { to: string };
      received.set(body.to, (received.get(body.to) ?? 0) + 1);
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"queued"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received, refused: () => refused, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function bench() {
  const provider = await startProvider();
  const info = await createTemplate(pgUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-drainbench-"));
  const database = await openCopy(info, dataDir);
  const queue = await createQueue(database, { logger: quiet, maintenance: false, schedules: false, jobs: ALL_JOBS });
  try {
    const { DATABASE_URL: _unused, ...env } = process.env;
    const config = loadConfig({ ...env, NODE_ENV: "test", DATA_DIR: dataDir, SMS_API_URL: provider.url, SMTP_URL: "smtp://127.0.0.1:9", OTP_OUTBOX: "false", SMS_SENDS_PER_SECOND: String(RATE) });
    const deps = await createDeps(config, database.db, quiet, { queue, now: () => NOW });
    const [agency] = await database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, MAIN_HOST));
    const batch = Array.from({ length: MESSAGES }, (_, i) => ({ eventKey: `bench-drain:${i}`, channel: "sms" as const, to: `7${String(i).padStart(9, "0")}`, text: `Your digital card expires on 9 Dec 2026. Renew in one tap: http://${MAIN_HOST}/renew/${i}` }));
    for (let i = 0; i < batch.length; i += 2500) await queueMessages(deps, batch.slice(i, i + 2500), { agencyId: agency!.id, purpose: "reminder" });

    const heapAtStart = heapMb();
    let heapAtTenth = 0;
    const t0 = performance.now();
    await startMessageJobs(deps, queue);
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const sent = [...provider.received.values()].reduce((a, b) => a + b, 0);
      if (!heapAtTenth && sent >= MESSAGES / 10) heapAtTenth = heapMb();
      if (sent >= MESSAGES) break;
      if (performance.now() - t0 > (MESSAGES / RATE) * 3000 + 60_000) throw new Error(`Drain stalled at ${sent} of ${MESSAGES}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    // Let the last rows be marked sent before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const counted = (await database.db.execute(sql`select status, count(*)::int as n from outbound_messages where event_key like 'bench-drain:%' group by status`)) as unknown as { rows: { status: string; n: number }[] };
    const twice = [...provider.received.values()].filter((n) => n > 1).length;
    return { seconds, heapAtStart, heapAtTenth, heapAtEnd: heapMb(), statuses: Object.fromEntries(counted.rows.map((r) => [r.status, r.n])), twice, refused: provider.refused() };
  } finally {
    await queue.stop({ timeoutMs: 2000 });
    await database.close();
    await provider.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropTemplate(info);
  }
}

const r = await bench();
const rate = MESSAGES / r.seconds;
const growth = r.heapAtEnd - r.heapAtTenth;
const met = rate >= RATE * 0.9 && rate <= RATE * 1.05 && r.twice === 0 && r.statuses.sent === MESSAGES && growth < 20;
console.log(`Reminders drained at the provider's rate: ${MESSAGES.toLocaleString("en-IN")} SMS in ${r.seconds.toFixed(1)} s = ${rate.toFixed(1)}/s (provider allows ${RATE}/s; goal 90–105%) ${met ? "MET" : "MISSED"}`);
console.log(`  rows: ${JSON.stringify(r.statuses)}; sent twice: ${r.twice}; provider 429s: ${r.refused}`);
console.log(`  heap (after gc${gc ? "" : ": unavailable, run with --expose-gc"}): start ${r.heapAtStart.toFixed(1)} MB, after the first tenth ${r.heapAtTenth.toFixed(1)} MB, at the end ${r.heapAtEnd.toFixed(1)} MB (growth ${growth.toFixed(1)} MB, goal < 20)`);
if (!met) process.exitCode = 1;
