import { useRouteLoaderData } from "react-router";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { PAYMENT_TEXTS } from "#contracts/payment-texts.ts";

export type PaymentText = Catalogue["payment"];
const ENGLISH: PaymentText = {
  pricing: "Pricing",
  closePricing: "Close pricing",
  loadingPlans: PAYMENT_TEXTS.loadingPlans,
  updating: PAYMENT_TEXTS.updating,
  success: PAYMENT_TEXTS.success,
  sdkFailed: PAYMENT_TEXTS.sdkFailed,
  scriptMissing: PAYMENT_TEXTS.scriptMissing,
  offline: "We could not reach the server. Check your connection and try again.",
  error: "Error",
  ok: "Ok",
  paymentFailed: "Payment failed",
  notCompleted: "The payment was not completed.",
  upgradeTitle: "Upgrade your plan",
  notNow: "Not now",
  seePlans: "See plans",
};

/**
 * The `payment` words in the page's language: the customer layout's loader sends them with every
 * customer page (ADR 0066); English outside it (the root's error boundary).
 */
export function usePaymentText(): PaymentText {
  const frame = useRouteLoaderData("routes/customer/layout") as { t?: { payment?: PaymentText } } | undefined;
  return frame?.t?.payment ?? ENGLISH;
}
