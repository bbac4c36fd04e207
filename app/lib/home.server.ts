import { href } from "react-router";
import { safeReturnPath, sameOriginPath } from "#contracts/return-path.ts";
import type { SessionInfo } from "./context";

/** Where each kind of visitor lands: customer panel, admin panel, or customer sign-in. */
export function homeFor(session: SessionInfo) {
  if (session.actor.kind === "customer") return href("/panel/customer");
  if (session.actor.kind === "staff") return href("/panel/admin");
  return href("/panel/login");
}

/** The page a Referer names, when it is of this site and inside `prefix`; null otherwise. `url`: this request's page URL. */
export function refererPath(referer: string | null | undefined, url: URL, prefix: string) {
  return safeReturnPath(sameOriginPath(referer, url.origin), [prefix]);
}
