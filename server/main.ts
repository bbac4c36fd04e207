import http from "node:http";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import { loadConfigOrExit } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { ensureBootstrapped, ensureSeeded, pendingMigrations, printDemoSignIns } from "./db/first-start.ts";
import { createApi, API_BASE } from "./api/app.ts";
import { createDeps } from "./deps.ts";
import { provideApiFetch } from "./api-bridge.ts";
import { createLogger } from "./services/logger.ts";
import { newNonce, setSecurityHeaders } from "./web/security-headers.ts";
import { clientAddress, isHttps } from "./web/client-address.ts";
import { createPublicCardCache } from "./web/public-card-cache.ts";
import { limitBody } from "./web/body-limit.ts";
import { refuseCrossSitePost } from "./web/cross-site.ts";
import { compressOnce } from "./web/compress.ts";
import { listFiles } from "./web/static-files.ts";
import { readWhole } from "./web/whole-body.ts";
import { onCardChanged } from "./domain/card-events.ts";
import { onBrandingChanged } from "./domain/branding-events.ts";
import { flushCardStats } from "./services/card-stats.ts";
import { serveUploads } from "./services/storage/serve.ts";
import { PUBLIC_UPLOADS_PATH } from "./services/storage/index.ts";
import { paymentStartupProblem } from "./api/payments/startup.ts";
import { drawDemoMedia } from "./api/greetings/service.ts";
import { createQueue } from "./services/queue/index.ts";
import { ALL_JOBS, startJobWorkers } from "./jobs.ts";
import { findFfmpeg } from "./services/video/ffmpeg.ts";
import { READY_PATH, databaseAnswers, drainSeconds } from "./web/readiness.ts";
import { withStartupLock } from "./db/startup-lock.ts";

const startedAt = performance.now();
const isDev = process.argv.includes("--dev");
if (isDev) process.env.NODE_ENV ??= "development";

const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, json: config.isProduction && !!process.env.LOG_JSON });

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: !config.DATABASE_URL });
} catch (err) {
  console.error(`Could not open the database: ${(err as Error).message}`);
  process.exit(1);
}
const pending = database.driver === "postgres" ? await pendingMigrations(database.db) : 0;
if (pending > 0) {
  console.error(`This PostgreSQL database lacks ${pending} migration(s): run \`npm run db:migrate\` with the same DATABASE_URL, then start again.`);
  await database.close();
  process.exit(1);
}
// Processes started together take turns here: one seeds, the others find the data (ADR 0038).
const seeded = await withStartupLock(database, () =>
  config.seedDemoData
    ? ensureSeeded(database.db, config, logger)
    : ensureBootstrapped(database.db, config, logger).catch(async (err: Error) => {
        console.error(err.message);
        await database.close();
        process.exit(1);
      }),
);

const paymentProblem = await paymentStartupProblem(database.db, config);
if (paymentProblem) {
  console.error(paymentProblem);
  await database.close();
  process.exit(1);
}

let reportError: ((err: unknown) => void) | undefined;
if (config.SENTRY_DSN) {
  const Sentry = await import("@sentry/react-router");
  Sentry.init({ dsn: config.SENTRY_DSN, tracesSampleRate: 1, environment: config.NODE_ENV });
  reportError = (err) => Sentry.captureException(err);
}

// Background jobs on the same database (ADR 0022): queued jobs wait in it across restarts.
// One process at a time makes pg-boss's schema, queues and schedules (two at once deadlocked).
let queue: Awaited<ReturnType<typeof createQueue>>;
const deps = await withStartupLock(database, async () => {
  try {
    queue = await createQueue(database, { logger, jobs: ALL_JOBS });
  } catch (err) {
    console.error(`Could not start the job queue: ${(err as Error).message}`);
    await database.close();
    process.exit(1);
  }
  const made = await createDeps(config, database.db, logger, { onServerError: reportError, queue });
  await startJobWorkers(made, queue);
  return made;
});
const api = createApi(deps);
provideApiFetch((req) => Promise.resolve(api.fetch(req)), api.direct);

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
// Rendered public card pages, kept a few seconds (ADR 0008); an edited card is dropped at once.
const cardPages = createPublicCardCache({ ttlMs: vite ? 0 : 5000 });
onCardChanged(({ cardId }) => cardPages.drop(cardId));
onBrandingChanged(() => cardPages.clear());

const web = new Hono<{ Variables: { cacheControl?: string } }>();
// Readiness for a load balancer's health check (deploy/Caddyfile, ADR 0038): 503 while this
// process drains or cannot reach its database, so the balancer sends its traffic elsewhere.
let draining = false;
web.get(READY_PATH, async (c) => {
  c.header("cache-control", "no-store");
  if (draining) return c.text("draining", 503);
  return (await databaseAnswers(database.db, 3000)) ? c.text("ready") : c.text("database unreachable", 503);
});
// While draining, every response closes its connection: the proxy opens new ones to the others.
web.use("*", async (c, next) => {
  await next();
  if (draining) c.res.headers.set("connection", "close");
});
web.use("*", compressOnce());
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };
const remoteAddress = (env: unknown) => (env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;

// API first, straight to Hono: it never goes through React Router. Calls from browsers carry a
// socket, so the API ignores any x-panel-* header they send (server/api/lib/request-meta.ts).
web.all(`${API_BASE}/*`, (c) => api.fetch(c.req.raw, c.env));
web.all(API_BASE, (c) => api.fetch(c.req.raw, c.env));
// Uploaded files (public card images, PDFs) from the configured storage (ADR 0010).
web.get(`${PUBLIC_UPLOADS_PATH}/*`, serveUploads(deps.storage, (key) => drawDemoMedia(deps.storage, key)));
if (!vite) {
  // Hashed file names never change: cache for a year. Other files from public/: an hour.
  web.use("*", async (c, next) => {
    await next();
    const cacheControl = c.get("cacheControl");
    if (cacheControl && c.res.ok) c.res.headers.set("cache-control", cacheControl);
  });
  const root = "./build/client";
  // Only the build's own files touch the disk (not a stat for every page); .br/.gz made at build time.
  const files = listFiles(root);
  const fromBuild = (cacheControl: string): MiddlewareHandler => {
    const serve = serveStatic({ root, precompressed: true, onFound: (_p, c) => c.set("cacheControl", cacheControl) });
    return async (c, next) => {
      if (!files.has(c.req.path)) return next();
      // serveStatic streams a file after its headers: build files (all under 1 MB) go out in one write.
      const res = await serve(c, next);
      return res ? readWhole(res, 1024 * 1024) : undefined;
    };
  };
  web.use("/assets/*", fromBuild("public, max-age=31536000, immutable"));
  web.use("*", fromBuild("public, max-age=3600"));
}
// Panel form posts are small; multipart (a file picked in a form) may be larger.
web.use(
  "*",
  limitBody({ maxSize: 10 * 1024 * 1024, onError: (c) => c.text("The request is too large.", 413) }),
  async (c, next) => {
    const multipart = c.req.header("content-type")?.includes("multipart/form-data");
    const length = Number(c.req.header("content-length") ?? 0);
    if (!multipart && length > 256 * 1024) return c.text("The request is too large.", 413, { connection: "close" });
    await next();
  },
);
web.all("*", async (c) => {
  const raw = c.req.raw;
  const secure = isHttps(raw.url, raw.headers, config.TRUST_PROXY);
  // Behind a TLS proxy the socket is http, but React Router must see the browser's https URL:
  // its CSRF check compares the Origin header with it, and redirects are built from it.
  const url = secure && raw.url.startsWith("http:") ? `https:${raw.url.slice(5)}` : raw.url;
  // React Router would refuse it too, but log it as an error (issue 22 L7).
  const crossSite = refuseCrossSitePost(raw.method, url, raw.headers.get("origin"), logger);
  if (crossSite) {
    setSecurityHeaders(crossSite.headers, { nonce: undefined, secure });
    return crossSite;
  }
  const cached = cardPages.lookup(raw.method, url, raw.headers.get("if-none-match"), raw.headers.get("accept-language"));
  if (cached) return cached;
  const nonce = vite ? undefined : newNonce();
  const headers = new Headers(raw.headers);
  headers.delete("x-csp-nonce");
  // The panel tells the API who the browser is (the API trusts it from the panel only).
  headers.set("x-panel-client-ip", clientAddress(raw.headers, remoteAddress(c.env), config.TRUST_PROXY));
  headers.set("x-request-id", randomUUID()); // in the API's logs too, and in app/entry.server.tsx's
  if (nonce) headers.set("x-csp-nonce", nonce); // read by entry.server.tsx and root.tsx
  const init: RequestInit & { duplex?: "half" } = { method: raw.method, headers, signal: raw.signal };
  if (raw.method !== "GET" && raw.method !== "HEAD") {
    init.body = raw.body;
    init.duplex = "half";
  }
  const res = await handleDocument(new Request(url, init));
  const out = new Response(res.body, res);
  setSecurityHeaders(out.headers, { nonce, secure });
  // Panel pages are personal: browsers may keep them, shared caches may not.
  if (!out.headers.has("cache-control")) out.headers.set("cache-control", "private, no-cache");
  return cardPages.store(raw.method, url, raw.headers.get("if-none-match"), out, raw.headers.get("accept-language"));
});

const listener = getRequestListener(web.fetch, { overrideGlobalObjects: false });
const server = http.createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else listener(req, res);
});
server.keepAliveTimeout = 65_000;
server.on("error", async (err: NodeJS.ErrnoException) => {
  const why = err.code === "EADDRINUSE" ? `Port ${config.PORT} is already in use: stop the other server or set PORT.` : err.message;
  console.error(`Could not start the server. ${why}`);
  await queue.stop({ timeoutMs: 1000 }).catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
});

server.listen(config.PORT, config.listenHost, () => {
  const base = `http://localhost:${config.PORT}`;
  logger.info(`Card panel${vite ? " (development)" : ""} ready in ${Math.round(performance.now() - startedAt)} ms on ${base} (database: ${database.driver}${database.driver === "pglite" ? ` in ${config.dataDir}` : ""})`);
  logger.info(
    config.mode === "demo"
      ? `Demo mode: demo accounts with a published password; listening on ${config.listenHost} only${config.HOST ? "" : " (set HOST to change)"}.`
      : `Production mode: no demo data; listening on ${config.listenHost}.`,
  );
  try {
    const ffmpeg = findFfmpeg(config.FFMPEG_PATH);
    logger.info(`Greeting videos: ffmpeg from ${ffmpeg.source === "npm" ? "the npm package" : ffmpeg.source} (${ffmpeg.path}).`);
  } catch (err) {
    logger.warn(`Greeting videos cannot be branded: ${(err as Error).message}`);
  }
  if (deps.paymentGateway?.kind === "test") logger.info("Payments: the built-in test gateway (no Razorpay keys set; no money moves).");
  printDemoSignIns(config, logger, seeded);
});

let stopping = false;
/**
 * SIGTERM drains (ADR 0038): readiness answers 503 at once, and for DRAIN_SECONDS the process
 * still serves everything (each response closing its connection) while the proxy's health check
 * notices; then it stops accepting, finishes what is in flight and exits. A rolling restart
 * behind deploy/Caddyfile loses no request.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  draining = true;
  const delay = drainSeconds(config);
  logger.info(`${signal}: draining${delay ? ` (${delay} s for the proxy to notice)` : ""}, then shutting down`);
  if (delay) await new Promise((r) => setTimeout(r, delay * 1000));
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  // Let in-flight requests finish (10 s at most) before the database goes away.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  // Running jobs are told to stop (renders kill ffmpeg) and go back to the queue for the next start.
  await queue.stop({ timeoutMs: 5000 }).catch((err) => logger.error("Stopping the job queue failed", { error: String(err) }));
  // Card views and taps counted in memory since the last flush (ADR 0008).
  await flushCardStats().catch((err) => logger.error("Writing card counters failed", { error: String(err) }));
  await vite?.close();
  await database.close().catch((err) => logger.error("Closing the database failed", { error: String(err) }));
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
