import { hmac, safeEqual } from "#server/auth/tokens.ts";

/**
 * The pay link in a renewal reminder: the renewal's id, signed with the session secret (ADR 0067).
 * Nothing is stored; anyone holding the link may pay for that card (as anyone may pay a Razorpay
 * link), and it reveals only the business's name, plan and price.
 */
export function renewToken(secret: string, renewalId: number): string {
  return `${renewalId}.${hmac(secret, `renew:${renewalId}`).slice(0, 22)}`;
}

export function readRenewToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  return safeEqual(m[2]!, hmac(secret, `renew:${m[1]}`).slice(0, 22)) ? Number(m[1]) : null;
}

export const renewPath = (token: string) => `/renew/${token}`;
