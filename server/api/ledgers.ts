import { planLedger, registerCardPaidFollowers, registerLedgers, registerPlanPaymentFollowers } from "./payments/service.ts";
import { commissionFollower } from "./commissions/service.ts";
import { pdfCardLedger } from "./pdf-cards/service.ts";
import { promoVideoLedger } from "./promo-videos/service.ts";
import { addPaidCardToMonthBill, billingLedgers } from "./billing/service.ts";

/*
 * The composition root of online payments (ADR 0030): every product paid through the gateway,
 * handed to the payments domain, which imports none of them. The order is the order a webhook's
 * order id is looked up in and reconciliation visits the tables in: plans, PDF ID cards,
 * promotional videos, then the agency's month bills and greeting-image months.
 */
export const productLedgers = [planLedger, pdfCardLedger, promoVideoLedger, ...billingLedgers] as const;

/** Called by createApi and startJobWorkers (the two ways a payment can be completed); repeat calls are harmless. */
export function registerProductLedgers() {
  registerLedgers(productLedgers);
  // A plan paid for (by hand or online) joins its agency's running month bill at once (ADR 0044).
  registerCardPaidFollowers([addPaidCardToMonthBill]);
  // A franchisee's commission line is written in the grant's (or reversal's) own transaction (ADR 0069).
  registerPlanPaymentFollowers([commissionFollower]);
}
