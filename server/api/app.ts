import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { accountLoader, loadActor, SessionCache } from "#server/auth/session.ts";
import { tokenHash } from "#server/auth/tokens.ts";
import { createAgencyResolver } from "#server/auth/tenancy.ts";
import { readCookie } from "#server/api/lib/cookies.ts";
import { requestMeta } from "./lib/request-meta.ts";
import { HSTS } from "#server/web/security-headers.ts";
import { describeServerError, redactedError } from "#server/services/server-error.ts";
import { ApiError, forbidden, notFound } from "./lib/errors.ts";
import type { ApiContext, ApiEnv, Deps } from "./lib/env.ts";
import { createDirectCaller } from "./lib/direct.ts";
import { registerRoutes } from "./lib/register.ts";
import { openApiDocument } from "./lib/openapi.ts";
import { apiRoutes } from "./routes.ts";
import { answerLanguage, translatedError } from "./lib/request-language.ts";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { registerProductLedgers } from "./ledgers.ts";
import type { AnyRoute } from "./lib/define-route.ts";
import { asForeground } from "#server/services/foreground.ts";

export const API_BASE = "/api/v1";

/** The host of an Origin header; "null" (sandboxed frames, file:) and garbage match nothing. */
function originHost(origin: string) {
  try {
    return origin === "null" ? "" : new URL(origin).host;
  } catch {
    return "";
  }
}
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Razorpay's checkout posts the callback_url from its own page (ADR 0034),
 * or with an opaque origin ("" here: `Origin: null`) after a bank's redirects. Only that path
 * takes such a POST; the signature it carries is its authority, and it changes nothing without one.
 */
const CROSS_SITE_POSTS: Record<string, readonly string[]> = {
  [`${API_BASE}/razorpay/callback`]: ["api.razorpay.com", "checkout.razorpay.com", ""],
};

export function createApi(deps: Deps, routes: readonly AnyRoute[] = apiRoutes as unknown as AnyRoute[]) {
  registerProductLedgers();
  const app = new Hono<ApiEnv>().basePath(API_BASE);
  const resolveAgency = createAgencyResolver(deps.db, deps.config.MAIN_HOST);
  const doc = openApiDocument(routes);
  const sessionCache = new SessionCache();

  /** Who and where: the agency of the host, the session's actor and account (also run by direct calls). */
  async function identify(c: ApiContext) {
    c.set("deps", deps);
    c.set("sessionCache", sessionCache);
    const meta = requestMeta(c, deps.config);
    c.set("secure", meta.secure);
    c.set("clientIp", meta.clientIp);
    // One id per request, in the response and in any error log (the panel's own, when it calls).
    const panelId = meta.fromPanel ? c.req.header("x-request-id") : undefined;
    c.set("requestId", panelId && /^[\w-]{8,64}$/.test(panelId) ? panelId : randomUUID());
    c.header("x-request-id", c.get("requestId"));
    c.header("cache-control", "no-store");
    // JSON and files alike: never sniffed into HTML; HSTS when the browser is on https.
    c.header("x-content-type-options", "nosniff");
    if (meta.secure) c.header("strict-transport-security", HSTS);

    // Unsafe methods from a browser page on another origin (or an opaque one) are refused (CSRF).
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const host = origin ? originHost(origin) : meta.host;
      if (host !== meta.host && !CROSS_SITE_POSTS[c.req.path]?.includes(host)) throw forbidden("Cross-site request refused.");
    }

    const agency = await resolveAgency(meta.host);
    if (!agency) throw notFound("No agency is configured for this address.");
    c.set("agency", agency);
    const token = readCookie(c, "session");
    const now = deps.now();
    // A write reads its session from the database, never the cache: a deactivation, sign-out or
    // new password made through another process takes effect on its very next write (issue 22
    // L6, ADR 0041). Reads may use this process's cache for up to 2 s.
    const signedIn =
      token && !UNSAFE.has(c.req.method)
        ? await sessionCache.resolve(SessionCache.key(agency.id, tokenHash(token)), now, () => loadActor(deps.db, token, agency.id, now))
        : await loadActor(deps.db, token, agency.id, now);
    c.set("actor", signedIn.actor);
    c.set("account", accountLoader(deps.db, signedIn));
  }
  /** A 5xx, logged once (also for direct calls): the route's pattern, not its path (a path can hold a card id or a search term). */
  const reportServerError = (err: unknown, c: ApiContext, route: string) => {
    const requestId = c.get("requestId");
    deps.logger.error("API error", { requestId, route, ...describeServerError(err) });
    deps.onServerError?.(redactedError(err));
    return requestId;
  };

  app.use("*", async (c, next) => {
    try {
      // Background drawing waits while requests are answered (services/foreground.ts).
      await asForeground(async () => {
        await identify(c);
        await next();
      });
    } finally {
      // A write may have changed an account row the session cache keeps (anyone's: staff edit
      // customers' businesses too), or an agency (PUT /agency): the next request reads them fresh.
      if (UNSAFE.has(c.req.method)) {
        sessionCache.clear();
        resolveAgency.clear();
      }
    }
  });

  app.get("/openapi.json", (c) => c.json(doc));
  registerRoutes(app, routes);

  app.notFound((c) => c.json({ message: "Not found." }, 404));
  app.onError(async (err, c) => {
    // The answer in the request's language (ADR 0066): messages the catalogues have are translated.
    const lang = await answerLanguage(c);
    if (err instanceof ApiError) {
      if (err.status === 429) c.header("retry-after", String(err.extra.retryAfterSeconds ?? 60));
      return c.json(translatedError(lang, err.toJSON()), err.status);
    }
    const requestId = reportServerError(err, c, `${c.req.method} ${c.req.routePath}`);
    return c.json({ message: translateMessage(lang, "Something went wrong on our side. Please try again."), requestId }, 500);
  });

  // Loaders' read calls without Request, Hono or JSON (lib/direct.ts, ADR 0014).
  return Object.assign(app, { direct: createDirectCaller(routes, identify, reportServerError) });
}

export type Api = ReturnType<typeof createApi>;
