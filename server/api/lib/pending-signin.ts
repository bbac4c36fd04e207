import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { answerLanguage } from "./request-language.ts";
import { otpChallenges } from "#server/db/schema/core.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import { hmac, newOtpCode, newToken, safeEqual, tokenHash } from "#server/auth/tokens.ts";
import { clearCookie, readCookie, writeCookie } from "#server/api/lib/cookies.ts";
import { addressKeyOf, networkOf } from "#server/web/client-address.ts";
import { accountKeyOf, knownDevice } from "./device-cookie.ts";
import { ApiError, tooManyRequests, unauthorized } from "#server/api/lib/errors.ts";
import { sendMessageNow } from "#server/api/messages/service.ts";
import type { AgencyRow, ApiContext, Challenge, Deps } from "#server/api/lib/env.ts";

/** OTP rules (OWASP ASVS; ADR 0002). */
export const OTP = {
  codeTtlMs: 10 * 60 * 1000,
  /** How long the whole verify → OTP → password journey may take. */
  signInTtlMs: 30 * 60 * 1000,
  maxWrongTries: 5,
  resendCooldownMs: 30 * 1000,
  /** To one number (or email), across agencies, for browsers that never signed in to it. */
  sendsPerIdentifierPerHour: 5,
  /** Of those, from one network: one stranger's network cannot use up the owner's budget. */
  sendsPerIdentifierPerNetworkPerHour: 3,
  /** A browser that signed in to the account before has a budget of its own (ADR 0040). */
  sendsPerKnownDevicePerHour: 5,
  /** Generous: many customers share one carrier address (CGNAT). */
  sendsPerIpPerHour: 60,
  checksPerIpPerHour: 100,
} as const;

export type PendingKind = "user" | "franchisee";
export type Identifier = { phoneNumber?: string | null; email?: string | null };

const codeHash = (deps: Deps, challengeId: string, code: string) =>
  hmac(deps.config.sessionSecret, `${challengeId}:${code}`);
const identifierKey = (id: Identifier) => (id.email ? `email:${id.email}` : `phone:${id.phoneNumber}`);

/**
 * The SMS or e-mail, in the language of the request that asked for it (ADR 0066); the code comes
 * first. Through the outbox (ADR 0053), sent in this request: once per challenge and send, the
 * code sealed in the row.
 */
async function sendCode(deps: Deps, agency: AgencyRow, challengeId: string, send: number, id: Identifier, code: string, lang: Language) {
  const text = fmt(CATALOGUES[lang].signIn.otpMessage, { code: "{secret}", agency: agency.agencyName });
  const to = id.email ? { channel: "email" as const, to: id.email } : { channel: "sms" as const, to: id.phoneNumber! };
  const sent = await sendMessageNow(deps, { agencyId: agency.id, eventKey: `otp:${challengeId}:${send}`, purpose: "otp", ...to, text, secret: code });
  if (!sent) throw new ApiError(503, "We could not send the OTP just now. Please try again in a minute.");
}

/**
 * Caps on sends (SMS pumping; issue 22, M1 and M2; ADR 0040). Per number (or email) across
 * every agency, of which one network may use only part; a browser that signed in to the account
 * before (device cookie) counts apart, so codes sent to strangers never block the owner's. Per
 * address (IPv6: per /64) whatever the numbers.
 */
async function countSend(c: ApiContext, kind: PendingKind, agency: AgencyRow, id: Identifier) {
  const tooMany = (m: number) => `Too many OTPs were sent to this ${id.email ? "email" : "number"}. Please try again in ${m} minutes.`;
  const device = knownDevice(c, accountKeyOf(kind, agency.id, id));
  if (device) {
    await enforceLimit(c, { key: `otp-send-device:${device}`, limit: OTP.sendsPerKnownDevicePerHour, windowSeconds: 3600, message: tooMany });
  } else {
    const network = networkOf(c.get("clientIp"));
    await enforceLimit(c, {
      key: `otp-send-net:${identifierKey(id)}:${network}`,
      limit: OTP.sendsPerIdentifierPerNetworkPerHour,
      windowSeconds: 3600,
      message: tooMany,
    });
    await enforceLimit(c, { key: `otp-send:${identifierKey(id)}`, limit: OTP.sendsPerIdentifierPerHour, windowSeconds: 3600, message: tooMany });
  }
  await enforceLimit(c, {
    key: `otp-send-ip:${addressKeyOf(c.get("clientIp"))}`,
    limit: OTP.sendsPerIpPerHour,
    windowSeconds: 3600,
    message: (m) => `Too many OTP requests from this network. Please try again in ${m} minutes.`,
  });
}

/** The pending sign-in bound to this browser, if any and still alive. */
export async function currentChallenge(c: ApiContext, kind?: PendingKind): Promise<Challenge | null> {
  const token = readCookie(c, "signin");
  if (!token || token.length > 100) return null;
  const { db, now } = c.get("deps");
  const row = await db.query.otpChallenges.findFirst({
    where: and(eq(otpChallenges.id, tokenHash(token)), eq(otpChallenges.agencyId, c.get("agency").id)),
  });
  if (!row || row.consumedAt || row.expiresAt <= now()) return null;
  if (kind && row.kind !== kind) return null;
  return row;
}

/** The route's pending sign-in (loaded by registerRoutes for `access.pending`), if it is of this kind. */
export function pendingOf(c: ApiContext, kind: PendingKind): Challenge {
  const challenge = c.get("challenge");
  if (challenge.kind !== kind) throw unauthorized("Your sign-in has expired. Please start again.");
  return challenge;
}

/**
 * Start a sign-in that needs an OTP. A repeat for the same identifier from the same browser
 * within the resend cooldown (a double click, a retried request) reuses the code already sent.
 */
export async function startChallenge(
  c: ApiContext,
  args: { kind: PendingKind; id: Identifier; fromForgotPassword: boolean },
) {
  const deps = c.get("deps");
  const agency = c.get("agency");
  const now = deps.now();
  const existing = await currentChallenge(c, args.kind);
  if (
    existing &&
    !existing.verifiedAt &&
    identifierKey(existing) === identifierKey(args.id) &&
    now.getTime() - existing.lastSentAt.getTime() < OTP.resendCooldownMs
  ) {
    if (existing.fromForgotPassword !== args.fromForgotPassword) {
      await deps.db.update(otpChallenges).set({ fromForgotPassword: args.fromForgotPassword }).where(eq(otpChallenges.id, existing.id));
    }
    return;
  }
  await countSend(c, args.kind, agency, args.id);
  const token = newToken();
  const id = tokenHash(token);
  const code = newOtpCode();
  await deps.db.insert(otpChallenges).values({
    id,
    agencyId: agency.id,
    kind: args.kind,
    phoneNumber: args.id.phoneNumber ?? null,
    email: args.id.email ?? null,
    fromForgotPassword: args.fromForgotPassword,
    codeHash: codeHash(deps, id, code),
    codeExpiresAt: new Date(now.getTime() + OTP.codeTtlMs),
    lastSentAt: now,
    expiresAt: new Date(now.getTime() + OTP.signInTtlMs),
  });
  if (existing) await deps.db.delete(otpChallenges).where(eq(otpChallenges.id, existing.id));
  await sendCode(deps, agency, id, 1, args.id, code, await answerLanguage(c));
  writeCookie(c, "signin", token, OTP.signInTtlMs / 1000);
}

export async function resendCode(c: ApiContext, challenge: Challenge) {
  const deps = c.get("deps");
  const now = deps.now();
  const wait = OTP.resendCooldownMs - (now.getTime() - challenge.lastSentAt.getTime());
  if (wait > 0) {
    const s = Math.ceil(wait / 1000);
    throw tooManyRequests(`Please wait ${s} seconds before asking for a new OTP.`, s);
  }
  await countSend(c, challenge.kind as PendingKind, c.get("agency"), challenge);
  const code = newOtpCode();
  await deps.db
    .update(otpChallenges)
    .set({
      codeHash: codeHash(deps, challenge.id, code),
      codeExpiresAt: new Date(now.getTime() + OTP.codeTtlMs),
      failedAttempts: 0,
      sendCount: challenge.sendCount + 1,
      lastSentAt: now,
      verifiedAt: null,
      expiresAt: new Date(now.getTime() + OTP.signInTtlMs),
    })
    .where(eq(otpChallenges.id, challenge.id));
  await sendCode(deps, c.get("agency"), challenge.id, challenge.sendCount + 1, challenge, code, await answerLanguage(c));
}

const TOO_MANY_TRIES = "Too many wrong OTP attempts. Please request a new OTP.";

/**
 * Check a code: single use, 10-minute life, dead after 5 wrong tries. A try is spent
 * atomically *before* comparing, so parallel guesses each need a try of their own.
 */
export async function verifyCode(c: ApiContext, challenge: Challenge, code: string) {
  const { db, now } = c.get("deps");
  if (challenge.verifiedAt) return; // already verified in this browser: a retried request
  if (challenge.codeExpiresAt <= now()) {
    const message = "This OTP has expired. Please request a new OTP.";
    throw new ApiError(400, message, { fieldErrors: { otp: [message] } });
  }
  await enforceLimit(c, {
    key: `otp-verify-ip:${addressKeyOf(c.get("clientIp"))}`,
    limit: OTP.checksPerIpPerHour,
    windowSeconds: 3600,
    message: "Too many OTP attempts from this network. Please try again later.",
  });
  const [spent] = await db
    .update(otpChallenges)
    .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, challenge.id),
        lt(otpChallenges.failedAttempts, OTP.maxWrongTries),
        isNull(otpChallenges.verifiedAt),
        isNull(otpChallenges.consumedAt),
      ),
    )
    .returning({ failedAttempts: otpChallenges.failedAttempts, codeHash: otpChallenges.codeHash });
  if (!spent) {
    const fresh = await db.query.otpChallenges.findFirst({ where: eq(otpChallenges.id, challenge.id) });
    if (fresh?.verifiedAt) return; // a parallel request with the right code won
    throw tooManyRequests(TOO_MANY_TRIES, 30);
  }
  if (!safeEqual(codeHash(c.get("deps"), challenge.id, code), spent.codeHash)) {
    const left = OTP.maxWrongTries - spent.failedAttempts;
    if (left <= 0) throw tooManyRequests(TOO_MANY_TRIES, 30);
    const message = `The OTP is incorrect. ${left} ${left === 1 ? "try" : "tries"} left.`;
    throw new ApiError(400, message, { fieldErrors: { otp: [message] } });
  }
  // Right code: give the try back and mark the sign-in verified.
  await db
    .update(otpChallenges)
    .set({ verifiedAt: now(), failedAttempts: sql`${otpChallenges.failedAttempts} - 1` })
    .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.verifiedAt)));
}

export async function consumeChallenge(c: ApiContext, challenge: Challenge) {
  const { db, now } = c.get("deps");
  await db.update(otpChallenges).set({ consumedAt: now() }).where(eq(otpChallenges.id, challenge.id));
  clearCookie(c, "signin");
}
