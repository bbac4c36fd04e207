import crypto from "node:crypto";
import { hmac, safeEqual } from "#server/auth/tokens.ts";
import { readCookie, writeCookie } from "./cookies.ts";
import type { ApiContext } from "./env.ts";

/**
 * OWASP's device cookie (issue 22, M1; ADR 0040): a browser that signed in to an account before
 * carries a signed entry for it, and its attempts are counted apart from strangers'. So someone
 * guessing passwords, or asking for OTPs, for a phone number cannot slow or block its owner's
 * own browser. An entry is `nonce.signature` over the account's key, so the cookie names no
 * account and cannot be made for one; a browser keeps the last few accounts signed in on it.
 */
/** The account a sign-in is for, the same in the failed-attempt counters and the device cookie. */
export const accountKeyOf = (kind: "user" | "franchisee", agencyId: number, id: { phoneNumber?: string | null; email?: string | null }) =>
  `${kind}:${agencyId}:${id.email ?? id.phoneNumber}`;

export const DEVICE_COOKIE = { maxAgeSeconds: 180 * 24 * 3600, maxAccounts: 4 } as const;

const sign = (c: ApiContext, accountKey: string, nonce: string) =>
  hmac(c.get("deps").config.sessionSecret, `device:${accountKey}:${nonce}`);

function entries(c: ApiContext): string[] {
  const raw = readCookie(c, "device");
  if (!raw || raw.length > 600) return [];
  return raw.split("~").slice(0, DEVICE_COOKIE.maxAccounts);
}

const nonceFor = (c: ApiContext, accountKey: string, entry: string) => {
  const [nonce, sig] = entry.split(".");
  return nonce && sig && safeEqual(sign(c, accountKey, nonce), sig) ? nonce : null;
};

/** This browser's device id for the account, when it signed in to it before; else null. */
export function knownDevice(c: ApiContext, accountKey: string): string | null {
  for (const e of entries(c)) {
    const nonce = nonceFor(c, accountKey, e);
    if (nonce) return nonce;
  }
  return null;
}

/** After a sign-in: a fresh entry for the account first, the browser's other accounts after it. */
export function rememberDevice(c: ApiContext, accountKey: string) {
  const nonce = crypto.randomBytes(16).toString("base64url");
  const others = entries(c).filter((e) => !nonceFor(c, accountKey, e));
  const value = [`${nonce}.${sign(c, accountKey, nonce)}`, ...others].slice(0, DEVICE_COOKIE.maxAccounts).join("~");
  writeCookie(c, "device", value, DEVICE_COOKIE.maxAgeSeconds);
}
