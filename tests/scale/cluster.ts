/**
 * What the scale-out test and its bench share (ADR 0038): N production app processes on one
 * PostgreSQL database and one shared DATA_DIR, and Caddy in front with deploy/Caddyfile as shipped
 * (only its ports and, through CADDY_EXTRA, Caddy's own CA instead of Let's Encrypt differ).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import pg from "pg";

export const MAIN_HOST = "localhost";

export type Ports = { apps: number[]; http: number; https: number; ask: number; admin: number };

/** Ports from SCALE_PORT (default 3411): apps at +0..+4, Caddy's http +5, https +6, ask +7, admin +8. */
export function ports(processes: number): Ports {
  const base = Number(process.env.SCALE_PORT ?? 3411);
  return { apps: Array.from({ length: processes }, (_, i) => base + i), http: base + 5, https: base + 6, ask: base + 7, admin: base + 8 };
}

export function caddyPath(): string | null {
  const r = spawnSync("sh", ["-c", "command -v caddy"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

const adminUrl = (url: string) => Object.assign(new URL(url), { pathname: "/postgres" }).toString();

/** Why the scale-out test or bench cannot run here (no caddy, no build, no PostgreSQL), or null. */
export async function skipReason(pgUrl: string): Promise<string | null> {
  if (!caddyPath()) return "caddy is not installed (apt-get install caddy)";
  if (!fs.existsSync("build/server/index.js")) return "no build (npm run build)";
  if (!(await postgresReachable(pgUrl))) return `PostgreSQL is not reachable at ${new URL(pgUrl).host}`;
  return null;
}

export async function postgresReachable(url: string) {
  const client = new pg.Client({ connectionString: adminUrl(url), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops and recreates the database named in `url` and migrates it (as an operator's `npm run db:migrate`). */
export async function freshDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const migrated = spawnSync(process.execPath, ["--import", "tsx", "server/db/migrate-cli.ts"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
  if (migrated.status !== 0) throw new Error(`migrating ${name} failed: ${migrated.stderr}`);
}

export async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

export type App = { port: number; child: ChildProcess; log: string; exited: Promise<number | null> };

/** One app process as an operator runs it behind Caddy (docs/deploy.md), logging to a file. */
export function startApp(opts: { port: number; databaseUrl: string; dataDir: string; logDir: string; publicUrl: string; env?: Record<string, string> }): App {
  const log = path.join(opts.logDir, `app-${opts.port}-${Date.now()}.log`);
  const out = fs.openSync(log, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    MAIN_HOST,
    PUBLIC_URL: opts.publicUrl,
    TRUST_PROXY: "true",
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: "info",
    // The greeting starter library is drawn on a later start: not while requests are counted.
    STARTER_LIBRARY: "off",
    // Nor the seeded templates' previews (two ffmpeg renders): nothing here looks at them.
    TEMPLATE_PREVIEWS: "off",
    ...opts.env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { port: opts.port, child, log, exited };
}

/** A request straight to one process, as Caddy forwards it (https, the browser's host). */
export function direct(port: number, method: string, p: string, opts: { headers?: Record<string, string>; body?: Buffer | string; host?: string } = {}) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: p,
        headers: { host: opts.host ?? MAIN_HOST, "x-forwarded-proto": "https", "x-forwarded-for": "127.0.0.1", ...opts.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

export async function waitReady(app: App, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (app.child.exitCode !== null) throw new Error(`the process on port ${app.port} exited with ${app.child.exitCode}:\n${tail(app.log)}`);
    const r = await direct(app.port, "GET", "/readyz").catch(() => null);
    if (r?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`the process on port ${app.port} was not ready in ${timeoutMs / 1000} s:\n${tail(app.log)}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tail(file: string, lines = 30) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export type Caddy = { child: ChildProcess; ca: Buffer; log: string; stop: () => Promise<void> };

/** Caddy with deploy/Caddyfile; its state (CA, certificates) in `dir`. */
export async function startCaddy(opts: { ports: Ports; dir: string }): Promise<Caddy> {
  const bin = caddyPath();
  if (!bin) throw new Error("caddy is not installed");
  // The only additions to the shipped file: Caddy's own CA, no trust store, an admin port of ours.
  const extra = path.join(opts.dir, "extra.caddy");
  fs.writeFileSync(extra, `local_certs\nskip_install_trust\nadmin 127.0.0.1:${opts.ports.admin}\n`);
  const log = path.join(opts.dir, "caddy.log");
  const out = fs.openSync(log, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: opts.dir,
    XDG_DATA_HOME: path.join(opts.dir, "data"),
    XDG_CONFIG_HOME: path.join(opts.dir, "config"),
    MAIN_HOST,
    ACME_EMAIL: "scale-test@example.invalid",
    APP_UPSTREAMS: opts.ports.apps.map((p) => `127.0.0.1:${p}`).join(" "),
    ASK_PORT: String(opts.ports.ask),
    HTTP_PORT: String(opts.ports.http),
    HTTPS_PORT: String(opts.ports.https),
    CADDY_EXTRA: extra,
  };
  const child = spawn(bin, ["run", "--config", path.resolve("deploy/Caddyfile"), "--adapter", "caddyfile"], { env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  const root = path.join(opts.dir, "data", "caddy", "pki", "authorities", "local", "root.crt");
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${tail(log)}`);
    if (fs.existsSync(root)) {
      const ca = fs.readFileSync(root);
      if (await handshake(opts.ports.https, MAIN_HOST, ca)) return { child, ca, log, stop };
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`caddy did not serve https in 30 s:\n${tail(log)}`);
}

/** A TLS handshake for `servername` through Caddy: true when a certificate for it, signed by `ca`, came back. */
export function handshake(port: number, servername: string, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: "127.0.0.1", port, servername, ca, timeout: 10_000 }, () => {
      resolve(socket.authorized);
      socket.end();
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export type LoadResult = { total: number; failed: number; reasons: Record<string, number>; ok: number };

/**
 * GETs through Caddy from `connections` loops until `stop()` resolves; any 5xx or connection
 * error is a failed request (what a visitor would see as an error page).
 */
export function loadThroughCaddy(opts: { port: number; ca: Buffer; connections: number; paths: string[]; headers?: Record<string, string> }) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: opts.connections, ca: opts.ca, servername: MAIN_HOST });
  const result: LoadResult = { total: 0, failed: 0, ok: 0, reasons: {} };
  let running = true;
  const fail = (why: string) => {
    result.failed++;
    result.reasons[why] = (result.reasons[why] ?? 0) + 1;
  };
  const one = (p: string) =>
    new Promise<void>((resolve) => {
      const req = https.request(
        { host: "127.0.0.1", port: opts.port, path: p, method: "GET", agent, headers: { host: `${MAIN_HOST}:${opts.port}`, "accept-encoding": "gzip", ...opts.headers } },
        (res) => {
          res.resume();
          res.on("end", () => {
            result.total++;
            if ((res.statusCode ?? 0) >= 500) fail(`HTTP ${res.statusCode} ${p}`);
            else result.ok++;
            resolve();
          });
          res.on("error", (err) => {
            result.total++;
            fail(`${err.message} ${p}`);
            resolve();
          });
        },
      );
      req.on("error", (err) => {
        result.total++;
        fail(`${(err as NodeJS.ErrnoException).code ?? err.message} ${p}`);
        resolve();
      });
      req.end();
    });
  const loops = Array.from({ length: opts.connections }, async (_, i) => {
    let n = i;
    while (running) await one(opts.paths[n++ % opts.paths.length]);
  });
  return {
    result,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return result;
    },
  };
}

export function makeTempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
