import { href } from "react-router";

/** The staff page of one business, and its URL steps (each a dialog that works without JavaScript). */
export type BusinessStep =
  | { pay: number }
  | { custom: true; values?: Record<string, string | undefined> }
  | { deletePayment: number }
  | Record<string, never>;

export function businessPageHref(businessId: number, step: BusinessStep = {}) {
  const path = href("/panel/admin/businesses/:businessId", { businessId: String(businessId) });
  const search = new URLSearchParams();
  if ("pay" in step) search.set("pay", String(step.pay));
  if ("deletePayment" in step) search.set("deletePayment", String(step.deletePayment));
  if ("custom" in step) {
    search.set("custom", "1");
    // Back from Confirm's Cancel: the dialog opens again with what was typed.
    for (const [name, value] of Object.entries(step.values ?? {})) if (value !== undefined && name !== "intent") search.set(name, value);
  }
  return search.size ? `${path}?${search}` : path;
}
