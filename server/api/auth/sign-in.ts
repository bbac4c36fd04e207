import { createSession, deleteSession } from "#server/auth/session.ts";
import { clearCookie, writeCookie } from "#server/auth/cookies.ts";
import { clearRateLimit, releaseRateLimit } from "#server/auth/rate-limit.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import type { ApiContext } from "#server/api/lib/env.ts";

/**
 * Failed password attempts allowed per account and per IP in a 15-minute window. Per-IP limits
 * are generous: Indian mobile carriers put many customers behind one address (CGNAT).
 */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 100, windowSeconds: 15 * 60 } as const;
/** Account-existence checks (verifyUser, verifyPhoneNumber) per IP per hour. */
export const LOOKUPS_PER_IP_PER_HOUR = 120;

/** A new session id at every sign-in; any session this browser had is ended. */
export async function startSession(c: ApiContext, owner: { userId: number } | { franchiseeId: number }) {
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

const accountKey = (key: string) => `login-fail:${key}`;
const ipKey = (c: ApiContext) => `login-fail-ip:${c.get("clientIp")}`;

/**
 * Spend a sign-in attempt before the password is checked (parallel attempts each need one),
 * refusing once an account or a network has used up its window. A success gives it back.
 */
export async function spendLoginAttempt(c: ApiContext, key: string) {
  const message = (m: number) => `Too many failed sign-in attempts. Please try again in ${m} minutes.`;
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  await enforceLimit(c, { key: accountKey(key), limit: LOGIN_LIMITS.perAccount, windowSeconds, message });
  await enforceLimit(c, { key: ipKey(c), limit: LOGIN_LIMITS.perIp, windowSeconds, message });
}

/** The password was right: the account starts afresh and the network gets its attempt back. */
export async function loginSucceeded(c: ApiContext, key: string) {
  const { db } = c.get("deps");
  await clearRateLimit(db, accountKey(key));
  await releaseRateLimit(db, ipKey(c));
}

/** A password set through an OTP clears the account's failed attempts. */
export async function clearLoginFailures(c: ApiContext, key: string) {
  await clearRateLimit(c.get("deps").db, accountKey(key));
}

/** `userExist` / `franchiseeExist` reveal accounts (the spec asks for them): rate-limit per IP. */
export async function limitAccountLookups(c: ApiContext) {
  await enforceLimit(c, {
    key: `verify-user-ip:${c.get("clientIp")}`,
    limit: LOOKUPS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
    message: "Too many attempts from this network. Please try again later.",
  });
}
