import { href } from "react-router";
import type { SessionInfo } from "./context";

/** Where each kind of visitor lands: customer panel, admin panel, or customer sign-in. */
export function homeFor(session: SessionInfo) {
  if (session.actor.kind === "customer") return href("/panel/customer");
  if (session.actor.kind === "staff") return href("/panel/admin");
  return href("/panel/login");
}

/** A same-origin path to return to (Referer or a form field); never another site. `url`: this request's page URL. */
export function safeReturnPath(candidate: string | null | undefined, url: URL, allowedPrefix: string) {
  if (!candidate) return null;
  try {
    const target = new URL(candidate, url.origin);
    if (target.origin !== url.origin || !target.pathname.startsWith(allowedPrefix)) return null;
    return target.pathname + target.search;
  } catch {
    return null;
  }
}
