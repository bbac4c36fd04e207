import { fmt } from "~/lib/i18n";
import { formatPrice } from "#contracts/format.ts";
import type { CommissionRate } from "#contracts/commissions.ts";

/** "12.5% of each payment", "₹150 per payment" or "No rate set", in the page's language. */
export function rateLabel(rate: CommissionRate | null, t: { rateNotSet: string; percentOf: string; fixedPer: string }) {
  if (!rate) return t.rateNotSet;
  return rate.basis === "percent" ? fmt(t.percentOf, { rate: String(rate.rate / 100) }) : fmt(t.fixedPer, { amount: formatPrice(rate.rate) });
}

/** What the rate form shows for a stored rate: percent, or rupees. */
export const rateInput = (rate: CommissionRate) => String(rate.rate / 100);
