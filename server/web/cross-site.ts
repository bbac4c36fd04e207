/**
 * Cross-site form posts to the panel (issue 22 L7). React Router refuses an action whose Origin is
 * not the page's own (its CSRF check) with a 400, but first hands the refusal to the panel's
 * handleError, which logs it at error level: anyone could flood the error log. The same rule is
 * applied here, before React Router, and logged at warn: it is the client's doing, not ours. It
 * answers 403, as the panel's own guard does (app/lib/form-guard.server.ts): the request was
 * understood and is not allowed.
 */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Warn = { warn(message: string, fields?: Record<string, unknown>): void };

/** The refusal for a cross-site post to `url` (the URL the panel sees), or null to go on. */
export function refuseCrossSitePost(method: string, url: string, origin: string | null, logger: Warn): Response | null {
  if (!UNSAFE.has(method.toUpperCase()) || origin === null) return null;
  const own = new URL(url);
  let same = false;
  try {
    same = origin !== "null" && new URL(origin).origin === own.origin;
  } catch {
    same = false;
  }
  if (same) return null;
  logger.warn("Cross-site post refused", { method, path: own.pathname, origin: origin.slice(0, 200) });
  return new Response("This request came from another site and was refused.", { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
}
