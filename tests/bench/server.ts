/**
 * What the HTTP benches share: a fresh PostgreSQL database, one production server (forked, so it
 * can answer the probe over IPC), waiting until it is up and the machine is quiet, signing in.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What a phone's browser sends: the benches measure compressed pages, as people get them. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

// One fresh, migrated database as the scale-out test makes it (tests/scale/cluster.ts).
export { postgresReachable as reachable, freshDatabase as freshPostgres } from "../scale/cluster.ts";

/**
 * BENCH_PG_URL's PostgreSQL server at its `postgres` database: where the benches that copy the
 * test template make and drop their databases (run.ts's BENCH_PG_URL names a database of its own).
 */
export function benchPgServerUrl(): string {
  const url = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = "/postgres";
  return url.toString();
}

export type BenchServer = { process: ChildProcess; base: string; stop: () => Promise<void> };

/**
 * `npm start`'s server in production mode on a fresh DATA_DIR (PGlite unless `databaseUrl`), with
 * the CPU probe preloaded when asked. Resolves once it answers and the machine has gone quiet:
 * a first start seeds demo data and renders the demo's queued video (ffmpeg), which would
 * otherwise land in the first figures. `waitQuiet: false` measures the first start itself.
 */
export async function startServer(opts: { port: number; databaseUrl?: string; probe?: boolean; waitQuiet?: boolean }): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cp-bench-"));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(opts.port), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const child = fork("server/main.ts", [], {
    execArgv: ["--import", "tsx", ...(opts.probe ? ["--import", "./tests/bench/probe.ts"] : [])],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const base = `http://localhost:${opts.port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.on("exit", r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUp(child, base);
    if (opts.waitQuiet !== false) await machineQuiet();
  } catch (err) {
    await stop();
    throw err;
  }
  return { process: child, base, stop };
}

async function waitUp(server: ChildProcess, base: string) {
  for (let i = 0; i < 900; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/favicon.svg`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const busyMs = () => os.cpus().reduce((sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);

/** Waits (at most 60 s) for a second in which the whole machine is at least 85% idle. */
async function machineQuiet() {
  const cores = os.cpus().length;
  for (let i = 0; i < 60; i++) {
    const before = busyMs();
    await new Promise((r) => setTimeout(r, 1000));
    if (busyMs() - before < 150 * cores) return;
  }
  console.warn("bench: the machine never went quiet; figures may be low");
}

/** Signs in through the API (`/login` for customers, `/franchisee/login` for staff); the cookie header. */
export async function signIn(base: string, endpoint: "/login" | "/franchisee/login", body: unknown) {
  const res = await fetch(`${base}/api/v1${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
