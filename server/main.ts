import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { ensureSeeded, hasSchema, printDemoSignIns } from "./db/first-start.ts";
import { createApi, API_BASE } from "./api/app.ts";
import { createDeps } from "./deps.ts";
import { provideApiFetch } from "./api-bridge.ts";
import { createLogger } from "./services/logger.ts";
import { scheduleHousekeeping } from "./auth/housekeeping.ts";
import { newNonce, setSecurityHeaders } from "./web/security-headers.ts";

const startedAt = performance.now();
const isDev = process.argv.includes("--dev");
if (isDev) process.env.NODE_ENV ??= "development";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const logger = createLogger({ level: config.LOG_LEVEL, json: config.isProduction && !!process.env.LOG_JSON });

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: !config.DATABASE_URL });
} catch (err) {
  console.error(`Could not open the database: ${(err as Error).message}`);
  process.exit(1);
}
if (database.driver === "postgres" && !(await hasSchema(database.db))) {
  console.error("This PostgreSQL database has no tables yet: run `npm run db:migrate` with the same DATABASE_URL, then start again.");
  await database.close();
  process.exit(1);
}
const seeded = config.SEED_ON_EMPTY ? await ensureSeeded(database.db, config, logger) : undefined;

let reportError: ((err: unknown) => void) | undefined;
if (config.SENTRY_DSN) {
  const Sentry = await import("@sentry/react-router");
  Sentry.init({ dsn: config.SENTRY_DSN, tracesSampleRate: 1, environment: config.NODE_ENV });
  reportError = (err) => Sentry.captureException(err);
}

const stopHousekeeping = scheduleHousekeeping(database.db, logger);
const deps = await createDeps(config, database.db, logger, { onServerError: reportError });
const api = createApi(deps);
provideApiFetch((req) => Promise.resolve(api.fetch(req)));

// The React Router build: from Vite in development, from build/ otherwise.
const vite = isDev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" })
  : undefined;
const buildPath = path.resolve("build/server/index.js");
if (!vite && !fs.existsSync(buildPath)) {
  console.error("No build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}
const build = vite
  ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
  : ((await import(buildPath)) as ServerBuild);
const handleDocument = createRequestHandler(build, vite ? "development" : "production");

const web = new Hono<{ Variables: { cacheControl?: string } }>();
web.use("*", compress());
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };
const remoteAddress = (env: unknown) => (env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? "unknown";

// API first, straight to Hono: it never goes through React Router. Only the panel may say
// who the browser is (x-panel-client-ip), so a browser cannot send it to dodge rate limits.
const apiHandler = (c: { req: { raw: Request }; env: unknown }) => {
  const req = c.req.raw;
  if (!req.headers.has("x-panel-client-ip")) return api.fetch(req, c.env);
  const headers = new Headers(req.headers);
  headers.delete("x-panel-client-ip");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, body: req.body, duplex: "half" };
  return api.fetch(new Request(req.url, init), c.env);
};
web.all(`${API_BASE}/*`, apiHandler);
web.all(API_BASE, apiHandler);
if (!vite) {
  // Hashed file names never change: cache for a year. Other files from public/: an hour.
  web.use("*", async (c, next) => {
    await next();
    const cacheControl = c.get("cacheControl");
    if (cacheControl && c.res.ok) c.res.headers.set("cache-control", cacheControl);
  });
  const root = "./build/client";
  web.use("/assets/*", serveStatic({ root, onFound: (_p, c) => c.set("cacheControl", "public, max-age=31536000, immutable") }));
  web.use("*", serveStatic({ root, onFound: (_p, c) => c.set("cacheControl", "public, max-age=3600") }));
}
web.all("*", async (c) => {
  const nonce = vite ? undefined : newNonce();
  const headers = new Headers(c.req.raw.headers);
  headers.delete("x-csp-nonce");
  headers.set("x-panel-client-ip", remoteAddress(c.env));
  if (nonce) headers.set("x-csp-nonce", nonce); // read by entry.server.tsx and root.tsx
  const init: RequestInit & { duplex?: "half" } = { method: c.req.method, headers, signal: c.req.raw.signal };
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    init.body = c.req.raw.body;
    init.duplex = "half";
  }
  const res = await handleDocument(new Request(c.req.raw.url, init));
  const out = new Response(res.body, res);
  const secure = c.req.url.startsWith("https:") || (config.TRUST_PROXY && c.req.header("x-forwarded-proto") === "https");
  setSecurityHeaders(out.headers, { nonce, secure });
  // Panel pages are personal: browsers may keep them, shared caches may not.
  if (!out.headers.has("cache-control")) out.headers.set("cache-control", "private, no-cache");
  return out;
});

const listener = getRequestListener(web.fetch, { overrideGlobalObjects: false });
const server = http.createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
server.keepAliveTimeout = 65_000;

server.listen(config.PORT, config.HOST, () => {
  const base = `http://localhost:${config.PORT}`;
  logger.info(`Card panel${vite ? " (development)" : ""} ready in ${Math.round(performance.now() - startedAt)} ms on ${base} (database: ${database.driver}${database.driver === "pglite" ? ` in ${config.dataDir}` : ""})`);
  printDemoSignIns(config, logger, seeded);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  force.unref();
  // Let in-flight requests finish (5 s at most) before the database goes away.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  stopHousekeeping();
  await vite?.close();
  await database.close().catch((err) => logger.error("Closing the database failed", { error: String(err) }));
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
