import { EXPIRING_SOON_DAYS, isExpired, isPaid, remainingDays, type PaymentFields } from "./payment-status.ts";

/**
 * A card's (or a business's) one state, for every badge and the public card's gate (ADR 0011).
 * Decided here only, from the business's payment fields, the card's own switch and a clock:
 *
 * - inactive: the card is switched off (its owner or an admin), whatever the plan says;
 * - expired: the expiry moment is past (paid or trial);
 * - expiring-soon: a paid plan with 1 to EXPIRING_SOON_DAYS whole days left (the same rule as
 *   the API's `expiry=expiring-soon` filter): time to renew;
 * - paid: paid, with time left or no expiry;
 * - trial: not paid, with an expiry still ahead: every new business starts so (ADR 0015), and a
 *   trial is short, so its whole length is one state ("Trial ends in N days" in its last week);
 * - unpaid: not paid and no expiry: nothing bought yet.
 */
export const CARD_STATES = ["trial", "paid", "expiring-soon", "expired", "inactive", "unpaid"] as const;
export type CardState = (typeof CARD_STATES)[number];

export type CardStateInput = PaymentFields & {
  /** The card's switch; absent or null for a business without a card. */
  cardStatus?: "active" | "inactive" | null;
};

export type CardStateResult = {
  state: CardState;
  /** Paid (not a trial): says "Expires in…" rather than "Trial ends in…". */
  paid: boolean;
  /** Whole days until expiry (negative once past); null without an expiry date. */
  daysLeft: number | null;
};

export function cardState(input: CardStateInput, now: Date): CardStateResult {
  const paid = isPaid(input);
  const daysLeft = remainingDays(input, now);
  const result = (state: CardState) => ({ state, paid, daysLeft });
  if (input.cardStatus === "inactive") return result("inactive");
  if (isExpired(input, now)) return result("expired");
  if (daysLeft === null) return result(paid ? "paid" : "unpaid");
  if (!paid) return result("trial");
  if (daysLeft > 0 && daysLeft <= EXPIRING_SOON_DAYS) return result("expiring-soon");
  return result("paid");
}

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** The badge's words in a language (the catalogue's `home.state…` keys, ADR 0066). */
export type CardStateWords = {
  stateInactive: string;
  stateExpired: string;
  stateExpiresIn: string;
  statePaid: string;
  stateFreeTrial: string;
  stateTrialEndsToday: string;
  stateTrialEndsIn: string;
  stateNotPaid: string;
  daysOne: string;
  daysOther: string;
};

/** cardStateLabel in `w`'s language: "{days}" and "{n}" filled in. */
export function cardStateLabelIn({ state, daysLeft }: CardStateResult, w: CardStateWords): string {
  const n = daysLeft ?? 0;
  const daysText = (n === 1 ? w.daysOne : w.daysOther).replace("{n}", String(n));
  switch (state) {
    case "inactive":
      return w.stateInactive;
    case "expired":
      return w.stateExpired;
    case "expiring-soon":
      return w.stateExpiresIn.replace("{days}", daysText);
    case "paid":
      return w.statePaid;
    case "trial":
      if (daysLeft === null || daysLeft > EXPIRING_SOON_DAYS) return w.stateFreeTrial;
      return daysLeft < 1 ? w.stateTrialEndsToday : w.stateTrialEndsIn.replace("{days}", daysText);
    case "unpaid":
      return w.stateNotPaid;
  }
}

/** The badge's words: one short label per state. */
export function cardStateLabel({ state, daysLeft }: CardStateResult): string {
  switch (state) {
    case "inactive":
      return "Inactive";
    case "expired":
      return "Expired";
    case "expiring-soon":
      return `Expires in ${days(daysLeft ?? 0)}`;
    case "paid":
      return "Paid";
    case "trial":
      if (daysLeft === null || daysLeft > EXPIRING_SOON_DAYS) return "Free trial";
      return daysLeft < 1 ? "Trial ends today" : `Trial ends in ${days(daysLeft)}`;
    case "unpaid":
      return "Not paid";
  }
}
