/**
 * The zod-free half of the billing contract (ADR 0023): texts and constants the billing pages
 * show, importable without zod. contracts/billing.ts re-exports it beside its schemas.
 */

/** What an agency pays the platform online (the gateway's products beside the customers' ones). */
export const AGENCY_PAYMENT_PRODUCTS = ["month", "agency-image"] as const;
export type AgencyPaymentProduct = (typeof AGENCY_PAYMENT_PRODUCTS)[number];

export const BILL_STATUSES = ["pending", "paid"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/**
 * What the platform's Generate did (ADR 0044), from the API's counts: there was no card paid in
 * the month (no bill), it added cards, or the bill already had them all (paid cards join the
 * running bill as they are paid; Generate catches up a line that could not be added then).
 */
export function generatedBillMessage(r: { bills: number; linesAdded: number }): string {
  if (r.bills === 0) return "No card has been paid for this month yet, so there is no bill to make.";
  if (r.linesAdded > 0) return `${r.linesAdded} ${r.linesAdded === 1 ? "card was" : "cards were"} added to this month's bill.`;
  return "Nothing to add: this month's bill already lists every card paid this month.";
}

/** What a bill download is: the same lines as a PDF or a CSV (saved as bill-YYYY-MM.csv/pdf). */
export const BILL_FORMATS = ["csv", "pdf"] as const;
export type BillFormat = (typeof BILL_FORMATS)[number];

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
export const periodLabel = (p: { year: number; month: number }) => `${MONTH_NAMES[p.month - 1]} ${p.year}`;
