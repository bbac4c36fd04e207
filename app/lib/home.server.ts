import type { SessionInfo } from "./context";

/** Where each kind of visitor lands: customer panel, admin panel, or customer sign-in. */
export function homeFor(session: SessionInfo) {
  if (session.actor.kind === "customer") return "/panel/customer";
  if (session.actor.kind === "staff") return "/panel/admin";
  return "/panel/login";
}

/** A same-origin path to return to (Referer or a form field); never another site. */
export function safeReturnPath(candidate: string | null | undefined, request: Request, allowedPrefix: string) {
  if (!candidate) return null;
  try {
    const origin = new URL(request.url).origin;
    const url = new URL(candidate, origin);
    if (url.origin !== origin || !url.pathname.startsWith(allowedPrefix)) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
