import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { accountLoader, loadActor, SessionCache } from "#server/auth/session.ts";
import { tokenHash } from "#server/auth/tokens.ts";
import { createAgencyResolver } from "#server/auth/tenancy.ts";
import { ApiError, forbidden, notFound } from "./lib/errors.ts";
import type { ApiEnv, Deps } from "./lib/env.ts";
import { registerRoutes } from "./lib/register.ts";
import { openApiDocument } from "./lib/openapi.ts";
import { apiRoutes } from "./routes.ts";
import type { AnyRoute } from "./lib/define-route.ts";

export const API_BASE = "/api/v1";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Browser is on https: directly, or behind a proxy we were told to trust. */
function isSecure(req: Request, trustProxy: boolean) {
  if (new URL(req.url).protocol === "https:") return true;
  return trustProxy && req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

function clientIp(req: Request, trustProxy: boolean, remote?: string) {
  if (trustProxy) {
    const fwd = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (fwd) return fwd.slice(0, 64);
  }
  // The panel calls in-process and says who the browser is with x-panel-client-ip.
  return (req.headers.get("x-panel-client-ip") ?? remote ?? "unknown").slice(0, 64);
}

export function createApi(deps: Deps, routes: readonly AnyRoute[] = apiRoutes as unknown as AnyRoute[]) {
  const app = new Hono<ApiEnv>().basePath(API_BASE);
  const resolveAgency = createAgencyResolver(deps.db, deps.config.MAIN_HOST);
  const doc = openApiDocument(routes);
  const sessionCache = new SessionCache();

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("sessionCache", sessionCache);
    c.set("secure", isSecure(c.req.raw, deps.config.TRUST_PROXY));
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
    c.set("clientIp", clientIp(c.req.raw, deps.config.TRUST_PROXY, env?.incoming?.socket?.remoteAddress));
    c.header("cache-control", "no-store");

    // Unsafe methods from a browser page on another origin are refused (CSRF).
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== "null") {
        const host = new URL(c.req.url).host;
        let originHost = "";
        try {
          originHost = new URL(origin).host;
        } catch {
          /* malformed origin: refused below */
        }
        if (originHost !== host) throw forbidden("Cross-site request refused.");
      }
    }

    // node-server builds the URL from the Host header; in-process calls use the browser's origin.
    const agency = await resolveAgency(new URL(c.req.url).host);
    if (!agency) throw notFound("No agency is configured for this address.");
    c.set("agency", agency);
    const token = getCookie(c, "__Host-cp_session") ?? getCookie(c, "cp_session");
    const now = deps.now();
    const signedIn = token
      ? await sessionCache.resolve(SessionCache.key(agency.id, tokenHash(token)), now, () => loadActor(deps.db, token, agency.id, now))
      : await loadActor(deps.db, token, agency.id, now);
    c.set("actor", signedIn.actor);
    c.set("account", accountLoader(deps.db, signedIn));
    await next();
  });

  // JSON bodies are small; uploads (multipart) get their own limit in their route.
  const jsonLimit = bodyLimit({
    maxSize: 256 * 1024,
    onError: () => {
      throw new ApiError(413, "The request is too large.");
    },
  });
  app.use("*", (c, next) => (c.req.header("content-type")?.includes("multipart/form-data") ? next() : jsonLimit(c, next)));

  app.get("/openapi.json", (c) => c.json(doc));
  registerRoutes(app, routes);

  app.notFound((c) => c.json({ message: "Not found." }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      if (err.status === 429) c.header("retry-after", String(err.extra.retryAfterSeconds ?? 60));
      return c.json(err.toJSON(), err.status);
    }
    deps.logger.error("API error", { method: c.req.method, path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    deps.onServerError?.(err);
    return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;
