/**
 * The zod-free half of the payments contract (ADR 0015): texts, constants, paths and the
 * failure query's reader. The customer layout renders the upgrade dialog on every page, so what
 * it imports must not pull zod into the first-load JavaScript (ADR 0014); contracts/payments.ts
 * re-exports all of it beside its schemas.
 */

/** SPEC §2, §4, §8 and §9 texts, verbatim. */
export const PAYMENT_TEXTS = {
  success: "Your payment was successful!",
  sdkFailed: "Razorpay SDK failed to load. Are you online?",
  scriptMissing: "Razorpay script not loaded!",
  updating: "Please do not refresh this page while updating payment",
  loadingPlans: "Loading plans...",
  connectWithAdmin: "Please connect with admin to purchase subscription plan.",
  selectPlan: "Select Plan",
  buyNow: "Buy now",
  customPlanTitle: "Provide custom plan",
} as const;
export const PAYMENT_THEME_COLOR = "#2d9bea";
export const SUCCESS_SNACKBAR_MS = 6_000;
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;

/**
 * How staff were paid when they record a payment by hand (ADR 0044). The spec names none; these
 * are what Indian agencies collect. Stored on the card payment with an optional reference.
 */
export const MANUAL_PAYMENT_METHODS = ["cash", "upi", "cheque", "bank-transfer"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  cash: "Cash",
  upi: "UPI",
  cheque: "Cheque",
  "bank-transfer": "Bank transfer",
};
/** A UPI transaction id, cheque number or bank reference: what staff can quote back later. */
export const PAYMENT_REFERENCE_MAX = 60;

/** The snackbar after staff record a payment by hand: what was recorded, not "Your payment…". */
export const manualPaymentRecorded = (p: { amount: string; method: ManualPaymentMethod; planName: string }) =>
  `Payment recorded: ${p.amount} by ${MANUAL_PAYMENT_METHOD_LABELS[p.method].replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())} for ${p.planName}.`;

/** A paid plan purchase's receipt number, as the receipt and the receipts list print it: R-000123. */
export const receiptNumber = (recordNo: number) => `R-${String(recordNo).padStart(6, "0")}`;

/** What a payment buys: a plan for the business, one PDF ID card export, or one promotional video. */
export const PAYMENT_PRODUCTS = ["card", "pdf-card", "user-video"] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/** Which checkout the browser opens: Razorpay's checkout.js, or the built-in test gateway (no keys, local only). */
export const GATEWAYS = ["razorpay", "test"] as const;
export type Gateway = (typeof GATEWAYS)[number];

/**
 * Who may buy from the #upgrade dialog (SPEC §6 Upgrade flow): staff pick a plan and record it
 * by hand; a customer pays online only when the agency has online payment on and the business
 * was made by 'self' or an allowed source; otherwise the 'Connect with admin' notice.
 */
export const PURCHASE_MODES = ["admin", "online", "contact-admin"] as const;
export type PurchaseMode = (typeof PURCHASE_MODES)[number];

/** Razorpay's `callback_url` (in-app browsers without popups; the test gateway): add `?return=/panel/…` to come back there on failure. */
export const RAZORPAY_CALLBACK_PATH = "/api/v1/razorpay/callback";
/** Razorpay's webhook URL (Dashboard → Webhooks): events payment.captured, order.paid, payment.authorized, payment.failed. */
export const RAZORPAY_WEBHOOK_PATH = "/api/v1/razorpay/webhook";
/** The built-in test gateway's checkout page (`?order_id=…`, optional `&return=/panel/…`). */
export const TEST_GATEWAY_CHECKOUT_PATH = "/api/v1/test-gateway/checkout";
export const TEST_GATEWAY_TEXTS = { title: "Test payment — no money moves", pay: "Pay successfully", fail: "Fail payment" } as const;

/**
 * Where the callback sends the browser (303). Success: `/panel/thankyou?product=…&recordNo=…&businessId=…[&cardNo=…]`.
 * Failure: the `return` path given to the callback (a /panel/ path; default /panel/customer) with
 * `payment=failed&reason=…` added.
 */
export const PAYMENT_REDIRECTS = { success: "/panel/thankyou", failureDefault: "/panel/customer" } as const;

/** The callback's failure redirect (`?payment=failed&reason=…`): the reason (at most 200 characters), or null when the query is not one. */
export function readPaymentFailure(search: URLSearchParams): { reason: string } | null {
  if (search.get("payment") !== "failed") return null;
  return { reason: (search.get("reason") ?? "").slice(0, 200) };
}

/** A payment row's status: gateway payments go created → paid | failed; an admin may refund a paid one. */
export const PAYMENT_STATUSES = ["created", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment recorded by hand must say what was collected: ₹0 would grant a plan for nothing (issue 22 L1). */
export const PAYMENT_AMOUNT_MESSAGE = "Enter the amount collected: more than ₹0.";
