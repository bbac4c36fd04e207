/**
 * `npm run bench`, the pages: one production server per database (embedded PGlite on a fresh
 * DATA_DIR, then PostgreSQL on a fresh database), autocannon at 10 connections with a browser's
 * Accept-Encoding, beside each figure the server's CPU per request and event-loop delay
 * (tests/bench/probe.ts); a minimal React Router app (tests/bench/minimal-app.ts) measured in the
 * same rounds; first-load JavaScript; Lighthouse (mobile) on the pages a phone opens first.
 * Ratios measured in the same run matter, not absolutes: the machine is shared. Prints the
 * issue-23 table, each row MET or MISSED.
 *
 *   BENCH_SECONDS=8 (per target, split over two interleaved rounds)   BENCH_LIGHTHOUSE=0 skips it
 *   BENCH_DATABASES=pglite,postgres   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/cardpanel_bench
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_PASSWORD } from "#server/db/demo-accounts.ts";
import { BROWSER_HEADERS, freshPostgres, signIn, startServer } from "./server.ts";
import { javascriptOf } from "./page-weight.ts";
import { lighthouse, type LighthouseResult } from "./lighthouse.ts";
import { startMinimalApp } from "./minimal-app.ts";
import { printTable, type Row } from "./table.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const MINIMAL_PORT = Number(process.env.BENCH_MINIMAL_PORT ?? PORT + 1);
const MINIMAL_ROUTES_PORT = MINIMAL_PORT + 1;
const base = `http://localhost:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/cardpanel_bench";
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const browser = BROWSER_HEADERS;

type Stats = { cpuMs: number; delayP99Ms: number; delayMaxMs: number };
type Target = { name: string; url: string; server: ChildProcess; headers?: Record<string, string> };
type Result = { name: string; rps: number; p50: number; p99: number; cpuMsPerReq: number; delayP99Ms: number; errors: number };

function stats(server: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    server.once("message", (m) => resolve(m as Stats));
    server.send("stats");
  });
}

async function measure(t: Target, duration: number): Promise<Result> {
  const headers = { ...browser, ...t.headers };
  // A second of warm-up (JIT, caches) that is not counted.
  await autocannon({ url: t.url, connections: 10, duration: 1, headers });
  const before = await stats(t.server);
  const r = await autocannon({ url: t.url, connections: 10, duration, headers });
  const after = await stats(t.server);
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
async function interleaved(targets: Target[]): Promise<Result[]> {
  const half = Math.max(1, Math.round(seconds / 2));
  const rounds: Result[][] = [[], []];
  for (const round of rounds) for (const t of targets) round.push(await measure(t, half));
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

/** A sign-up in progress (a number nobody has): the cookie that opens the OTP page. */
async function pendingSignUp() {
  const phoneNumber = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const res = await fetch(`${base}/api/v1/verifyUser`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ phoneNumber }) });
  if (!res.ok) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** How many routes our build has (its client manifest), for the minimal app with as many. */
function ourRouteCount(): number {
  const dir = path.resolve("build/client/assets");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no build: run `npm run build` first");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return Object.keys((JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as { routes: object }).routes).length;
}

type Minimal = Awaited<ReturnType<typeof startMinimalApp>>;

async function benchOne(database: string, minimal: Minimal, minimalRoutes: Minimal & { routes: number }) {
  if (database === "postgres") await freshPostgres(pgUrl);
  const server = await startServer({ port: PORT, databaseUrl: database === "postgres" ? pgUrl : undefined, probe: true });
  try {
    const signedIn = { cookie: await signIn(base, "/login", { phoneNumber: "9876543210", password: DEMO_PASSWORD }) };
    const ours = server.process;
    const targets: Target[] = [
      // The reference: a page of this app rendered by React Router with nothing to load.
      { name: "/privacy", url: `${base}/privacy`, server: ours },
      { name: "minimal React Router app", url: minimal.url, server: minimal.process },
      // The same app with as many routes as ours: what React Router itself spends per route.
      { name: `minimal app, ${minimalRoutes.routes} routes`, url: minimalRoutes.url, server: minimalRoutes.process },
      { name: "customer home (signed in)", url: `${base}/panel/customer`, server: ours, headers: signedIn },
      { name: "card editor (signed in)", url: `${base}/panel/customer/digital-card`, server: ours, headers: signedIn },
      // A query string skips the HTML micro-cache: what each render costs (ADR 0008).
      { name: "public card, uncached (?render)", url: `${base}/sharma-sweets?render`, server: ours },
    ];
    const results = await interleaved(targets);
    const js = {
      home: await javascriptOf(`${base}/panel/customer`, signedIn),
      editor: await javascriptOf(`${base}/panel/customer/digital-card`, signedIn),
      // The framework's own floor: React, React DOM and React Router with an empty page.
      "minimal React Router app": await javascriptOf(minimal.url),
    };
    let lh: Record<string, LighthouseResult> | null = null;
    if (withLighthouse) {
      const otp = { cookie: await pendingSignUp() };
      lh = {
        "sign-in": await lighthouse(`${base}/panel/login`),
        "staff sign-in": await lighthouse(`${base}/panel/franchisee-login`),
        OTP: await lighthouse(`${base}/panel/otp`, otp),
        card: await lighthouse(`${base}/sharma-sweets`),
        home: await lighthouse(`${base}/panel/customer`, signedIn),
        editor: await lighthouse(`${base}/panel/customer/digital-card`, signedIn),
      };
    }
    return { database, results, js, lh };
  } finally {
    await server.stop();
  }
}

const routeCount = ourRouteCount();
const minimal = await startMinimalApp(MINIMAL_PORT);
const minimalRoutes = { ...(await startMinimalApp(MINIMAL_ROUTES_PORT, routeCount)), routes: routeCount };
const runs = [];
try {
  for (const database of databases) runs.push(await benchOne(database, minimal, minimalRoutes));
} finally {
  await minimal.stop();
  await minimalRoutes.stop();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lhText = (r: LighthouseResult) => `${r.score} (LCP ${(r.lcpMs / 1000).toFixed(1)} s, ${r.kb.toFixed(0)} KB)`;

for (const { database, results, js, lh } of runs) {
  console.log(`\n${database}: 10 connections, ${seconds} s per target, Accept-Encoding: ${browser["accept-encoding"]}`);
  console.log(`${"target".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU ms/req".padStart(11)} ${"loop p99".padStart(9)} ${"× /privacy".padStart(11)}`);
  const privacy = results[0];
  for (const r of results)
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${String(r.p99).padStart(7)} ${r.cpuMsPerReq.toFixed(2).padStart(11)} ${r.delayP99Ms.toFixed(1).padStart(9)} ${(r.rps / privacy.rps).toFixed(2).padStart(11)}${r.errors ? `  (${r.errors} errors)` : ""}`,
    );
  for (const [page, j] of Object.entries(js)) console.log(`first-load JavaScript, ${page}: ${j.files} files, ${kb(j.raw)}, ${kb(j.gzipped)} gzipped, ${kb(j.served)} as served; largest: ${j.sizes.slice(0, 3).map((s) => `${s.file} ${kb(s.gzipped)}`).join(", ")}`);

  const byName = (name: string) => results.find((r) => r.name === name)!;
  const ratio = (name: string, to = privacy) => byName(name).rps / to.rps;
  const rows: Row[] = [];
  if (lh) {
    const signIns = ["sign-in", "staff sign-in", "OTP"];
    const worst = Math.min(...signIns.map((p) => lh[p].score));
    rows.push({ what: "Lighthouse, sign-in pages (worst)", now: signIns.map((p) => `${p} ${lhText(lh[p])}`).join("; "), goal: "≥ 98 on every sign-in page", met: worst >= 98 });
    rows.push({ what: "Lighthouse, public card", now: lhText(lh.card), goal: "100", met: lh.card.score >= 100 });
    rows.push({ what: "Lighthouse, customer home", now: lhText(lh.home), goal: "≥ 95", met: lh.home.score >= 95 });
    rows.push({ what: "Lighthouse, card editor", now: lhText(lh.editor), goal: "≥ 95", met: lh.editor.score >= 95 });
  } else rows.push({ what: "Lighthouse", now: "skipped (BENCH_LIGHTHOUSE=0)", goal: "", met: false });
  rows.push({ what: "first-load JS of a panel page (customer home)", now: `${kb(js.home.gzipped)} gz (editor ${kb(js.editor.gzipped)}; the minimal React Router app alone ${kb(js["minimal React Router app"].gzipped)})`, goal: "≤ 115 KB gz", met: js.home.gzipped <= 115 * 1024 });
  const minimalRatio = privacy.rps / byName("minimal React Router app").rps;
  rows.push({ what: "/privacy / minimal React Router app", now: `${minimalRatio.toFixed(2)}×`, goal: "≥ 0.7×", met: minimalRatio >= 0.7 });
  // Not the issue's goal: the same comparison with React Router's per-route work on both sides.
  const sameRoutes = privacy.rps / byName(`minimal app, ${routeCount} routes`).rps;
  rows.push({ what: `(reference) /privacy / minimal app with our ${routeCount} routes`, now: `${sameRoutes.toFixed(2)}×`, goal: "≥ 0.7×", met: sameRoutes >= 0.7 });
  for (const [name, what, goal] of [
    ["customer home (signed in)", "home / /privacy", 0.5],
    ["card editor (signed in)", "editor / /privacy", 0.5],
    ["public card, uncached (?render)", "public card uncached / /privacy", 0.6],
  ] as const)
    rows.push({ what, now: `${ratio(name).toFixed(2)}×`, goal: `≥ ${goal}×`, met: ratio(name) >= goal });
  const pages = ["customer home (signed in)", "card editor (signed in)", "public card, uncached (?render)"].map(byName);
  const worstP99 = Math.max(...pages.map((r) => r.p99));
  rows.push({
    what: "p99 of each at 10 connections",
    now: `${pages.map((r) => r.p99).join(", ")} ms (/privacy ${privacy.p99} ms)`,
    goal: `≤ 2× /privacy's p99 (${2 * privacy.p99} ms)`,
    met: worstP99 <= 2 * privacy.p99,
  });
  const errors = results.reduce((n, r) => n + r.errors, 0);
  if (errors) rows.push({ what: "errors", now: String(errors), goal: "0", met: false });
  printTable(`issue 23, ${database}`, rows);
}
