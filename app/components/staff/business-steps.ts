import { href } from "react-router";

/** A business's staff edit page, and its confirm steps (URL steps: they work without JavaScript). */
export type BusinessEditStep = "clone" | "delete";

export function businessEditStepHref(businessId: number, step?: BusinessEditStep) {
  const path = href("/panel/admin/businesses/:businessId/edit", { businessId: String(businessId) });
  return step ? `${path}?confirm=${step}` : path;
}
