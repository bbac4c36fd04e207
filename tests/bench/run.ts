/**
 * `npm run bench`: one production server on a fresh DATA_DIR, autocannon against each target
 * in turn, figures printed beside a static file of the same app (ratios matter, not absolutes).
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

async function measure(t: Target) {
  const r = await autocannon({ url: t.url, connections: 10, duration: seconds, headers: t.headers });
  return { name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

try {
  await waitUp();
  const customer = await login("/login", { phoneNumber: "9876543210", password: "Password@123" });
  const targets: Target[] = [
    { name: "static file (/favicon.svg)", url: `${base}/favicon.svg` },
    { name: "sign-in page (/panel/login)", url: `${base}/panel/login` },
    { name: "customer home (signed in)", url: `${base}/panel/customer`, headers: { cookie: customer } },
    { name: "API GET /session (signed in)", url: `${base}/api/v1/session`, headers: { cookie: customer } },
  ];
  const results = [];
  for (const t of targets) results.push(await measure(t));
  const ref = results[0].rps;
  console.log(`\n${"target".padEnd(34)} ${"req/s".padStart(8)} ${"p99 ms".padStart(8)} ${"× static".padStart(9)} errors`);
  for (const r of results) {
    console.log(`${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / ref).toFixed(2).padStart(9)} ${r.errors}`);
  }
} finally {
  process.kill(-server.pid!, "SIGTERM");
  await new Promise((r) => server.on("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
