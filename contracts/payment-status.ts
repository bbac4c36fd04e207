/**
 * Payment status of a business (SPEC §4 Payment status), in one place for the API and the panel.
 * Pure functions of the business's fields and a clock, so both sides agree to the day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type PaymentFields = {
  /** 1 = paid (the spec's numeric flag). */
  paymentStatus: number;
  expiryDateForCustomer: Date | string | null;
};

export const isPaid = (b: Pick<PaymentFields, "paymentStatus">) => b.paymentStatus === 1;

const expiryOf = (b: PaymentFields) => (b.expiryDateForCustomer === null ? null : new Date(b.expiryDateForCustomer));

/** Whole days left until expiry (negative once past); null when there is no expiry date. */
export function remainingDays(b: PaymentFields, now: Date = new Date()) {
  const expiry = expiryOf(b);
  if (!expiry) return null;
  return Math.floor((expiry.getTime() - now.getTime()) / DAY_MS);
}

/** Expired: the expiry moment is before now. A business with no expiry date never expires. */
export function isExpired(b: PaymentFields, now: Date = new Date()) {
  const expiry = expiryOf(b);
  return expiry !== null && expiry.getTime() < now.getTime();
}

/** Expiring soon: more than 0 and at most `thresholdDays` whole days left (the caller picks the threshold). */
export function isExpiringSoon(b: PaymentFields, thresholdDays: number, now: Date = new Date()) {
  const days = remainingDays(b, now);
  return days !== null && days > 0 && days <= thresholdDays;
}

/** The threshold the panel uses for its "expiring soon" warnings. */
export const EXPIRING_SOON_DAYS = 7;

export const PAYMENT_STATES = ["paid", "expiring-soon", "expired", "unpaid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * One label for badges and the public card's gate: expired wins over paid (a paid plan that
 * ran out is expired), then expiring soon, then paid or unpaid.
 */
export function paymentState(b: PaymentFields, now: Date = new Date(), thresholdDays = EXPIRING_SOON_DAYS): PaymentState {
  if (isExpired(b, now)) return "expired";
  if (isPaid(b) && isExpiringSoon(b, thresholdDays, now)) return "expiring-soon";
  return isPaid(b) ? "paid" : "unpaid";
}
