/*
 * The payments domain's public surface (ADR 0030): what other domains may use of plans granted
 * and reversed, plan limits, trial expiry, who may buy online, the Razorpay gateway (orders and
 * completion for any registered product) and the credits PDF cards and promotional videos
 * consume. Products hand their ledgers to payments (registerLedgers); payments imports none of them.
 */
export { lockBusiness } from "./grant.ts";
export { allowance, assertWithinLimit, fitsWithin, limitWindowStart, withOverride, TRIAL_LIMITS } from "./limits.ts";
export { newBusinessExpiry } from "./lifecycle.ts";
export { purchaseMode } from "./purchase-mode.ts";
export { completePayment, openOrder, PAYMENT_MESSAGES, payableOnline } from "./gateway.ts";
export { openOrderIdsIn, registerCardPaidFollowers, registerLedgers, registerPlanPaymentFollowers, type Ledger, type LedgerRow, type PlanGrantedEvent, type PlanPaymentEvent, type PlanPaymentFollower } from "./ledgers.ts";
export { planLedger } from "./plan-ledger.ts";
export { consumeCredit, creditLedger, unconsumedCredits } from "./credits.ts";
export { dropPlanPaymentLink, openPlanPaymentLink, reconcilePaymentLink } from "./payment-links.ts";
