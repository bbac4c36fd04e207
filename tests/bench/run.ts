/**
 * `npm run bench`: one production server on a fresh DATA_DIR, autocannon against each target
 * in turn, figures printed beside a static route of the same app (ratios matter, not absolutes):
 * the public card must reach 0.9× /privacy with no JavaScript, the signed-in dashboard 0.8×.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const base = `http://localhost:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-bench-"));

const server = spawn("npx", ["tsx", "server/main.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/favicon.svg`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function login(path: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

type Target = { name: string; url: string; headers?: Record<string, string> };

type Result = { name: string; rps: number; p99: number; errors: number };

async function measure(t: Target, duration = seconds): Promise<Result> {
  // A second of warm-up (JIT, caches) that is not counted.
  await autocannon({ url: t.url, connections: 10, duration: 1, headers: t.headers });
  const r = await autocannon({ url: t.url, connections: 10, duration, headers: t.headers });
  return { name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Targets measured in turn, twice over (half the time each): a busy machine's drift hits all alike. */
async function interleaved(targets: Target[]): Promise<Result[]> {
  const half = Math.max(1, Math.round(seconds / 2));
  const rounds: Result[][] = [[], []];
  for (const round of rounds) for (const t of targets) round.push(await measure(t, half));
  return targets.map((t, j) => ({
    name: t.name,
    rps: (rounds[0][j].rps + rounds[1][j].rps) / 2,
    p99: Math.max(rounds[0][j].p99, rounds[1][j].p99),
    errors: rounds[0][j].errors + rounds[1][j].errors,
  }));
}

/** JavaScript a page makes the browser load: <script> tags, modulepreload links and their bytes. */
async function javascriptOf(url: string, headers?: Record<string, string>) {
  const html = await (await fetch(url, { headers })).text();
  const scripts = html.match(/<script\b/gi)?.length ?? 0;
  const preloads = html.match(/rel="modulepreload"/g)?.length ?? 0;
  const files = new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]));
  let bytes = 0;
  for (const f of files) bytes += (await (await fetch(new URL(f, url))).arrayBuffer()).byteLength;
  return { scripts, preloads, bytes };
}

try {
  await waitUp();
  const customer = await login("/login", { phoneNumber: "9876543210", password: "Password@123" });
  const card = `${base}/sharma-sweets`;
  const targets: Target[] = [
    // The reference: a page of this app rendered by React Router with nothing to load.
    { name: "static route (/privacy)", url: `${base}/privacy` },
    { name: "public card (/sharma-sweets)", url: card },
    { name: "customer dashboard (signed in)", url: `${base}/panel/customer`, headers: { cookie: customer } },
    // A query string skips the HTML micro-cache: what each render costs (ADR 0008).
    { name: "public card, uncached (?render)", url: `${card}?render` },
    { name: "static file (/favicon.svg)", url: `${base}/favicon.svg` },
    { name: "sign-in page (/panel/login)", url: `${base}/panel/login` },
    { name: "API GET /session (signed in)", url: `${base}/api/v1/session`, headers: { cookie: customer } },
  ];
  // The three the goals compare, interleaved; then the others for context.
  const results = await interleaved(targets.slice(0, 3));
  for (const t of targets.slice(3)) results.push(await measure(t));
  const ref = results[0].rps;
  console.log(`\n${"target".padEnd(34)} ${"req/s".padStart(8)} ${"p99 ms".padStart(8)} ${"× /privacy".padStart(11)} errors`);
  for (const r of results) {
    console.log(`${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / ref).toFixed(2).padStart(11)} ${r.errors}`);
  }
  const ratio = (i: number) => results[i].rps / ref;
  const js = await javascriptOf(card);
  const dashboardJs = await javascriptOf(`${base}/panel/customer`, { cookie: customer });
  console.log(`\npublic card / static route: ${ratio(1).toFixed(2)}× (goal ≥ 0.90×) ${ratio(1) >= 0.9 ? "ok" : "MISSED"}`);
  console.log(`dashboard / static route:   ${ratio(2).toFixed(2)}× (goal ≥ 0.80×) ${ratio(2) >= 0.8 ? "ok" : "MISSED"}`);
  console.log(`public card JavaScript: ${js.scripts} <script> tags, ${js.preloads} modulepreload links, ${js.bytes} bytes (goal 0) ${js.scripts + js.preloads + js.bytes === 0 ? "ok" : "MISSED"}`);
  console.log(`(dashboard JavaScript for comparison: ${dashboardJs.scripts} <script> tags, ${dashboardJs.preloads} modulepreload links, ${(dashboardJs.bytes / 1024).toFixed(0)} KB uncompressed)`);
} finally {
  process.kill(-server.pid!, "SIGTERM");
  await new Promise((r) => server.on("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
