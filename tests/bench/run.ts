/**
 * `npm run bench`: one production server per database (embedded PGlite on a fresh DATA_DIR, then
 * PostgreSQL on a fresh database), autocannon at 10 connections with a browser's Accept-Encoding,
 * and beside each figure the server's CPU per request and event-loop delay (tests/bench/probe.ts).
 * Ratios to /privacy measured in the same run matter, not absolutes: the machine is shared.
 *
 *   BENCH_SECONDS=8 (per target, split over two interleaved rounds)
 *   BENCH_DATABASES=pglite,postgres   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/cardpanel_bench
 */
import type { ChildProcess } from "node:child_process";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { BROWSER_HEADERS, freshPostgres, signIn, startServer } from "./server.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const base = `http://localhost:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cardpanel_bench";
const browser = BROWSER_HEADERS;

type Stats = { cpuMs: number; delayP99Ms: number; delayMaxMs: number };
type Target = { name: string; url: string; headers?: Record<string, string> };
type Result = { name: string; rps: number; p50: number; p99: number; cpuMsPerReq: number; delayP99Ms: number; errors: number };

function stats(server: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    server.once("message", (m) => resolve(m as Stats));
    server.send("stats");
  });
}

async function measure(server: ChildProcess, t: Target, duration: number): Promise<Result> {
  const headers = { ...browser, ...t.headers };
  // A second of warm-up (JIT, caches) that is not counted.
  await autocannon({ url: t.url, connections: 10, duration: 1, headers });
  const before = await stats(server);
  const r = await autocannon({ url: t.url, connections: 10, duration, headers });
  const after = await stats(server);
  return {
    name: t.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMsPerReq: (after.cpuMs - before.cpuMs) / Math.max(1, r.requests.total),
    delayP99Ms: after.delayP99Ms,
    errors: r.errors + r.non2xx,
  };
}

/** Targets measured in turn, twice over (half the time each): a busy machine's drift hits all alike. */
async function interleaved(server: ChildProcess, targets: Target[]): Promise<Result[]> {
  const half = Math.max(1, Math.round(seconds / 2));
  const rounds: Result[][] = [[], []];
  for (const round of rounds) for (const t of targets) round.push(await measure(server, t, half));
  const avg = (j: number, k: "rps" | "p50" | "cpuMsPerReq") => (rounds[0][j][k] + rounds[1][j][k]) / 2;
  const max = (j: number, k: "p99" | "delayP99Ms") => Math.max(rounds[0][j][k], rounds[1][j][k]);
  return targets.map((t, j) => ({
    name: t.name,
    rps: avg(j, "rps"),
    p50: avg(j, "p50"),
    p99: max(j, "p99"),
    cpuMsPerReq: avg(j, "cpuMsPerReq"),
    delayP99Ms: max(j, "delayP99Ms"),
    errors: rounds[0][j].errors + rounds[1][j].errors,
  }));
}

/** First-load JavaScript of a page: every <script src>, modulepreload and boot-script import, gzipped one file at a time. */
async function javascriptOf(url: string, headers?: Record<string, string>) {
  const html = await (await fetch(url, { headers })).text();
  const files = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]));
  // Modules the inline boot script imports without a preload (the route manifest) count too.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
  let raw = 0;
  let gzipped = 0;
  for (const f of files) {
    const bytes = Buffer.from(await (await fetch(new URL(f, url))).arrayBuffer());
    raw += bytes.byteLength;
    gzipped += zlib.gzipSync(bytes).byteLength;
  }
  return { files: files.size, raw, gzipped };
}

async function benchOne(database: string) {
  if (database === "postgres") await freshPostgres(pgUrl);
  const server = await startServer({ port: PORT, databaseUrl: database === "postgres" ? pgUrl : undefined, probe: true });
  try {
    const signedIn = { cookie: await signIn(base, "/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD }) };
    const targets: Target[] = [
      // The reference: a page of this app rendered by React Router with nothing to load.
      { name: "/privacy", url: `${base}/privacy` },
      { name: "customer home (signed in)", url: `${base}/panel/customer`, headers: signedIn },
      { name: "card editor (signed in)", url: `${base}/panel/customer/digital-card`, headers: signedIn },
      // A query string skips the HTML micro-cache: what each render costs (ADR 0008).
      { name: "public card, uncached (?render)", url: `${base}/sharma-sweets?render` },
    ];
    const results = await interleaved(server.process, targets);
    const js = await javascriptOf(`${base}/panel/customer`, signedIn);
    return { database, results, js };
  } finally {
    await server.stop();
  }
}

const goals: Record<string, Record<string, number>> = {
  pglite: { "customer home (signed in)": 0.4, "card editor (signed in)": 0.4, "public card, uncached (?render)": 0.5 },
  postgres: { "customer home (signed in)": 0.5, "card editor (signed in)": 0.5, "public card, uncached (?render)": 0.5 },
};

const runs = [];
for (const database of databases) runs.push(await benchOne(database));

for (const { database, results, js } of runs) {
  const ref = results[0].rps;
  console.log(`\n${database}: 10 connections, ${seconds} s per target, Accept-Encoding: ${browser["accept-encoding"]}`);
  console.log(
    `${"target".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU ms/req".padStart(11)} ${"loop p99".padStart(9)} ${"× /privacy".padStart(11)}  goal`,
  );
  for (const r of results) {
    const ratio = r.rps / ref;
    const goal = goals[database]?.[r.name];
    const verdict = goal === undefined ? "" : `≥ ${goal.toFixed(2)}× and p99 ≤ 100 ms: ${ratio >= goal && r.p99 <= 100 ? "ok" : "MISSED"}`;
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${String(r.p99).padStart(7)} ${r.cpuMsPerReq.toFixed(2).padStart(11)} ${r.delayP99Ms.toFixed(1).padStart(9)} ${ratio.toFixed(2).padStart(11)}  ${verdict}${r.errors ? `  (${r.errors} errors)` : ""}`,
    );
  }
  const kb = js.gzipped / 1024;
  console.log(`first-load JavaScript of /panel/customer: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB, ${kb.toFixed(1)} KB gzipped (goal ≤ 125): ${kb <= 125 ? "ok" : "MISSED"}`);
}
