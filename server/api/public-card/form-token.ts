import crypto from "node:crypto";
import { safeEqual } from "#server/auth/tokens.ts";

/**
 * The enquiry form's spam check without JavaScript: the page carries a token signed with the
 * session secret that says which card it was rendered for and when. A submission sooner than
 * MIN_AGE after rendering is a bot; one older than MAX_AGE is a stale page (ADR 0008).
 * Tokens are not single-use: the micro-cached page hands one token to many visitors for a few
 * seconds, so double submits are caught by content instead (routes.ts).
 */
export const MIN_AGE_MS = 3000;
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, cardNo: number, issuedAt: number) =>
  crypto.createHmac("sha256", secret).update(`enquiry|${cardNo}|${issuedAt}`).digest("base64url").slice(0, 32);

export function issueFormToken(secret: string, cardNo: number, now: Date) {
  const issuedAt = now.getTime();
  return `${issuedAt.toString(36)}.${sign(secret, cardNo, issuedAt)}`;
}

export type TokenCheck = "ok" | "too-fast" | "expired" | "invalid";

export function checkFormToken(secret: string, cardNo: number, token: string, now: Date): TokenCheck {
  const [time, sig, extra] = token.split(".");
  if (!time || !sig || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(time)) return "invalid";
  const issuedAt = parseInt(time, 36);
  if (!safeEqual(sig, sign(secret, cardNo, issuedAt))) return "invalid";
  const age = now.getTime() - issuedAt;
  if (age < MIN_AGE_MS) return "too-fast";
  if (age > MAX_AGE_MS) return "expired";
  return "ok";
}
