import { createSession, deleteSession } from "#server/auth/session.ts";
import { clearCookie, writeCookie } from "#server/api/lib/cookies.ts";
import { claimSlowedAttempt, clearRateLimit, releaseRateLimit, type SlowDown } from "#server/auth/rate-limit.ts";
import { tooManyRequests } from "#server/api/lib/errors.ts";
import { addressKeyOf, networkOf } from "#server/web/client-address.ts";
import { knownDevice, rememberDevice } from "./device-cookie.ts";

export { accountKeyOf } from "./device-cookie.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import type { ApiContext } from "#server/api/lib/env.ts";

/**
 * Wrong passwords slow an account down, they never lock it (a stranger could otherwise keep its
 * owner out): a few tries at once, then a delay that doubles with each try up to 15 minutes
 * (ADR 0002). The hard caps count per address and per network (/24, /64). Per-address limits
 * are generous: Indian mobile carriers put many customers behind one address (CGNAT).
 */
export const LOGIN_LIMITS = { perIp: 100, perNetwork: 300, windowSeconds: 15 * 60 } as const;
export const ACCOUNT_SLOWDOWN: SlowDown = { freeAttempts: 3, firstDelaySeconds: 2, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 3600 };
/** Account-existence checks (verifyUser, verifyPhoneNumber) per IP per hour. */
export const LOOKUPS_PER_IP_PER_HOUR = 120;

/**
 * A new session id at every sign-in; any session this browser had is ended. The browser is
 * remembered for the account (device-cookie.ts), so strangers' failures will not slow it.
 */
export async function startSession(c: ApiContext, owner: { userId: number } | { franchiseeId: number }, accountKey: string) {
  rememberDevice(c, accountKey);
  const { db, now } = c.get("deps");
  const actor = c.get("actor");
  if (actor.kind !== "anonymous") {
    await deleteSession(db, actor.sessionId);
    c.get("sessionCache").evict(c.get("agency").id, actor.sessionId);
  }
  const { token, maxAgeSeconds } = await createSession(db, {
    agencyId: c.get("agency").id,
    owner,
    ip: c.get("clientIp"),
    userAgent: c.req.header("user-agent"),
    now: now(),
  });
  writeCookie(c, "session", token, maxAgeSeconds);
}

export async function endSession(c: ApiContext) {
  const actor = c.get("actor");
  if (actor.kind !== "anonymous") {
    await deleteSession(c.get("deps").db, actor.sessionId);
    c.get("sessionCache").evict(c.get("agency").id, actor.sessionId);
  }
  clearCookie(c, "session");
}

/** Strangers share the account's delay; a browser that signed in to it before has its own. */
const accountKey = (c: ApiContext, key: string) => {
  const device = knownDevice(c, key);
  return device ? `login-slow:${key}:device:${device}` : `login-slow:${key}`;
};
const ipKey = (c: ApiContext) => `login-fail-ip:${addressKeyOf(c.get("clientIp"))}`;
const networkKey = (c: ApiContext) => `login-fail-net:${networkOf(c.get("clientIp"))}`;

/**
 * Spend a sign-in attempt before the password is checked (parallel attempts each need one):
 * refused while the account's delay runs, or once the address or its network has used up its
 * window. A success gives the network's back and resets the account.
 */
export async function spendLoginAttempt(c: ApiContext, key: string) {
  // The caller's own caps first: a refused network does not move the account's delay.
  const message = (m: number) => `Too many failed sign-in attempts from this network. Please try again in ${m} minutes.`;
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  await enforceLimit(c, { key: ipKey(c), limit: LOGIN_LIMITS.perIp, windowSeconds, message });
  await enforceLimit(c, { key: networkKey(c), limit: LOGIN_LIMITS.perNetwork, windowSeconds, message });
  const { db, now } = c.get("deps");
  const slowed = await claimSlowedAttempt(db, accountKey(c, key), ACCOUNT_SLOWDOWN, now());
  if (!slowed.allowed) {
    const wait = slowed.retryAfterSeconds;
    const when = wait < 60 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    throw tooManyRequests(`Too many failed sign-in attempts. Please wait ${when} and try again, or sign in with an OTP (Forgot password).`, wait);
  }
}

/**
 * The password was right: this browser's delay starts afresh (the strangers' one only when this
 * browser shared it) and the address and network get their attempt back.
 */
export async function loginSucceeded(c: ApiContext, key: string) {
  const { db } = c.get("deps");
  await clearRateLimit(db, accountKey(c, key));
  await releaseRateLimit(db, ipKey(c));
  await releaseRateLimit(db, networkKey(c));
}

/** A password set through an OTP clears the account's failed attempts (strangers' guesses were at the old one). */
export async function clearLoginFailures(c: ApiContext, key: string) {
  await clearRateLimit(c.get("deps").db, `login-slow:${key}`);
  await clearRateLimit(c.get("deps").db, accountKey(c, key));
}

/** `userExist` / `franchiseeExist` reveal accounts (the spec asks for them): rate-limit per IP. */
export async function limitAccountLookups(c: ApiContext) {
  await enforceLimit(c, {
    key: `verify-user-ip:${addressKeyOf(c.get("clientIp"))}`,
    limit: LOOKUPS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
    message: "Too many attempts from this network. Please try again later.",
  });
}
