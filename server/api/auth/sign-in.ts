import { createSession, deleteSession } from "#server/auth/session.ts";
import { clearCookie, writeCookie } from "#server/auth/cookies.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "#server/auth/rate-limit.ts";
import { tooManyRequests } from "#server/api/lib/errors.ts";
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

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

/** Refuse before checking the password when an account or IP has failed too often. */
export async function guardLoginAttempts(c: ApiContext, accountKey: string) {
  const { db, now } = c.get("deps");
  const w = LOGIN_LIMITS.windowSeconds;
  const [acct, ip] = await Promise.all([
    peekRateLimit(db, `login-fail:${accountKey}`, w, now()),
    peekRateLimit(db, `login-fail-ip:${c.get("clientIp")}`, w, now()),
  ]);
  if (acct >= LOGIN_LIMITS.perAccount || ip >= LOGIN_LIMITS.perIp) {
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutes(w)} minutes.`, w);
  }
}

export async function recordLoginFailure(c: ApiContext, accountKey: string) {
  const { db, now } = c.get("deps");
  const w = LOGIN_LIMITS.windowSeconds;
  await hitRateLimit(db, `login-fail:${accountKey}`, LOGIN_LIMITS.perAccount, w, now());
  await hitRateLimit(db, `login-fail-ip:${c.get("clientIp")}`, LOGIN_LIMITS.perIp, w, now());
}

export async function clearLoginFailures(c: ApiContext, accountKey: string) {
  await clearRateLimit(c.get("deps").db, `login-fail:${accountKey}`);
}

/** `userExist` / `franchiseeExist` reveal accounts (the spec asks for them): rate-limit per IP. */
export async function limitAccountLookups(c: ApiContext) {
  const { db, now } = c.get("deps");
  const r = await hitRateLimit(db, `verify-user-ip:${c.get("clientIp")}`, LOOKUPS_PER_IP_PER_HOUR, 3600, now());
  if (!r.allowed) throw tooManyRequests("Too many attempts from this network. Please try again later.", r.retryAfterSeconds);
}
