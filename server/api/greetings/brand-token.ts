import { hmac, safeEqual } from "#server/auth/tokens.ts";

/*
 * Signed branded-image URLs (ADR 0021). GET /image-post/frame-settings hands a token to whoever
 * may see the business; a branded URL carrying it (with its details version `v`) is answered
 * without a session or a database query when the image is cached, so a page of greetings costs
 * what static files cost. The token names the agency, the business and the version, and expires
 * after a week; the image holds the business's own public contact details, nothing private.
 */

const DAY = 86_400_000;
const VALID_DAYS = 7;

const sign = (secret: string, agencyId: number, businessId: number, version: string, expDay: number) =>
  hmac(secret, `brand|${agencyId}|${businessId}|${version}|${expDay}`).slice(0, 32);

export function issueBrandToken(secret: string, agencyId: number, businessId: number, version: string, now: Date) {
  const expDay = Math.floor(now.getTime() / DAY) + VALID_DAYS;
  return `${expDay.toString(36)}.${sign(secret, agencyId, businessId, version, expDay)}`;
}

export function checkBrandToken(secret: string, agencyId: number, businessId: number, version: string, token: string, now: Date) {
  const [day, sig, extra] = token.split(".");
  if (!day || !sig || extra !== undefined || !/^[0-9a-z]{1,8}$/.test(day)) return false;
  const expDay = parseInt(day, 36);
  if (expDay < Math.floor(now.getTime() / DAY)) return false;
  return safeEqual(sig, sign(secret, agencyId, businessId, version, expDay));
}
