import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { ApiContext } from "./env.ts";

/**
 * Cookie names carry the __Host- prefix (and Secure) when the browser is on https;
 * plain http on localhost keeps working without it.
 */
const names = {
  session: ["__Host-cp_session", "cp_session"],
  signin: ["__Host-cp_signin", "cp_signin"],
  /** Browsers that signed in before (device-cookie.ts): strangers' failures do not slow them. */
  device: ["__Host-cp_device", "cp_device"],
  /** The language chosen before signing in (ADR 0066); signed in, the account keeps it. */
  language: ["__Host-cp_lang", "cp_lang"],
} as const;

type Kind = keyof typeof names;
const nameFor = (c: ApiContext, kind: Kind) => names[kind][c.get("secure") ? 0 : 1];

/** Only the name for this scheme: on https a plain cookie (which a sibling site could set) is ignored. */
export function readCookie(c: ApiContext, kind: Kind): string | undefined {
  return getCookie(c, nameFor(c, kind));
}

export function writeCookie(c: ApiContext, kind: Kind, value: string, maxAgeSeconds: number) {
  setCookie(c, nameFor(c, kind), value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    maxAge: maxAgeSeconds,
  });
}

export function clearCookie(c: ApiContext, kind: Kind) {
  deleteCookie(c, nameFor(c, kind), { path: "/", secure: c.get("secure") });
}
