/**
 * A business's subscription over time (ADR 0015), as pure functions of dates: the API's
 * create, payment, reversal and migration code calls these and nothing else decides an expiry.
 *
 * - A new business starts on a trial: expiry = creation + the agency's trial days (default 7).
 * - Buying a plan extends the expiry by the plan's validity in years from the later of now and
 *   the current expiry, so renewing early never loses days.
 */

export const DEFAULT_TRIAL_DAYS = 7;
export const MAX_TRIAL_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The agency's trial length (configuration.trialDays), defaulted and clamped. */
export function trialDays(configured: number | null | undefined): number {
  if (configured === null || configured === undefined || !Number.isInteger(configured)) return DEFAULT_TRIAL_DAYS;
  return Math.min(Math.max(configured, 0), MAX_TRIAL_DAYS);
}

export function trialExpiry(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * DAY_MS);
}

/** Adds whole calendar years in UTC; 29 February becomes 28 February in a common year. */
export function addYears(from: Date, years: number): Date {
  const d = new Date(from.getTime());
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  if (d.getUTCMonth() !== month) d.setUTCDate(0);
  return d;
}

/** The period a purchase covers: from the later of now and the current expiry, for `validityYears`. */
export function purchasePeriod(currentExpiry: Date | null, now: Date, validityYears: number): { validFrom: Date; validUntil: Date } {
  const validFrom = currentExpiry && currentExpiry.getTime() > now.getTime() ? currentExpiry : now;
  return { validFrom, validUntil: addYears(validFrom, validityYears) };
}
