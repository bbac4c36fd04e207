import { useRouteLoaderData } from "react-router";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";

export type PaymentText = Catalogue["payment"];

/**
 * The `payment` words in the page's language: the customer layout's loader sends them with every
 * customer page (ADR 0066); nothing outside it (the root's error boundary): each caller keeps its
 * own English for that case, so no English copy of the namespace is in the first-load JavaScript.
 */
export function usePaymentText(): PaymentText | undefined {
  const frame = useRouteLoaderData("routes/customer/layout") as { t?: { payment?: PaymentText } } | undefined;
  return frame?.t?.payment;
}
