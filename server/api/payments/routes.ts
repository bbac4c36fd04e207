import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { mayCall } from "#server/api/lib/allowed.ts";
import { forbidden } from "#server/api/lib/errors.ts";
import { lastActiveCardPayment, listCardPayments, listReceipts, receiptSeller, recordManualPayment, reverseCardPayment } from "./plan-payments.ts";
import {
  agencyPdfCardPaymentConfigBody,
  agencyPdfCardPaymentConfigDto,
  cardPaymentManualBody,
  cardPaymentGatewayBody,
  cardPaymentOrderBody,
  paymentOrderResponse,
  paymentRecordDto,
  receiptSellerDto,
  paymentResult,
  pdfCardPaymentBody,
  pdfCardPaymentOrderBody,
  userVideoPaymentBody,
  userVideoPaymentOrderBody,
  webhookAck,
} from "#contracts/payments.ts";
import { callbackRequest, webhookRequest } from "./gateway-http.ts";
import {
  agencyPdfCardConfig,
  completeCardPayment,
  createCardOrder,
  createPdfCardOrder,
  createUserVideoOrder,
  listProductPayments,
  payPdfCard,
  payUserVideo,
  reverseProductPayment,
  saveAgencyPdfCardConfig,
} from "./customer-orders.ts";
import { testCheckoutPage, testCheckoutSubmit } from "./test-gateway-page.ts";
import { paymentLinkCallback } from "./payment-links.ts";

const tag = "Card payments";

export const recordCardPayment = defineRoute({
  method: "post",
  path: "/card-payment",
  tag,
  summary:
    "Staff record a payment collected outside the gateway (cash, UPI) after a Confirm, and the plan is granted (ADR 0015). planId CUSTOM_PLAN makes the custom plan for this business in the same transaction. paymentAmount (paise) defaults to the plan's price; a repeat within 10 s returns the first payment.",
  access: access.staff(),
  body: cardPaymentManualBody,
  response: paymentResult.extend({
    /** The business's expiry after the grant. */
    expiryDateForCustomer: z.date(),
    /** True when this repeated a payment of the last few seconds and returned it (a double click). */
    duplicate: z.boolean(),
  }),
  async handler({ deps, actor, agency, body }) {
    if (actor.kind !== "staff") throw forbidden();
    return recordManualPayment(deps.db, actor, agency.id, body, deps.now());
  },
});

export const listCardPaymentsRoute = defineRoute({
  method: "get",
  path: "/card-payment",
  tag,
  summary: "A business's card payments, newest first: its owner and staff who may see it (else 404).",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: z.object({
    list: z.array(paymentRecordDto),
    /** Whether this caller may reverse a payment (its declaration decides). */
    allowed: z.object({ reverse: z.boolean() }),
  }),
  async handler({ deps, actor, agency, query }) {
    const allowed = { reverse: mayCall(actor, agency)(reverseCardPaymentRoute) };
    return { ...(await listCardPayments(deps.db, actor, agency.id, query.businessId)), allowed };
  },
});

export const lastActiveCardPaymentRoute = defineRoute({
  method: "get",
  path: "/card-payment/last-active",
  tag,
  summary: "The business's paid card payment that runs latest past now, or null: its owner and staff who may see it (else 404).",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: z.object({ payment: paymentRecordDto.nullable() }),
  async handler({ deps, actor, agency, query }) {
    return lastActiveCardPayment(deps.db, actor, agency.id, query.businessId, deps.now());
  },
});

export const listReceiptsRoute = defineRoute({
  method: "get",
  path: "/card-payment/receipts",
  tag,
  summary: "A business's paid plan purchases, the latest paid first: each has a receipt. Its owner and staff who may see it (else 404). `seller`: the agency's details printed on the receipts (configuration.invoiceIssuer; blank ones null).",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: z.object({ list: z.array(paymentRecordDto), seller: receiptSellerDto }),
  async handler({ deps, actor, agency, query }) {
    return { ...(await listReceipts(deps.db, actor, agency.id, query.businessId)), seller: receiptSeller(agency) };
  },
});

export const reverseCardPaymentRoute = defineRoute({
  method: "delete",
  path: "/card-payment",
  tag,
  summary:
    "Reverse a paid card payment (admin, after a confirm): the row becomes refunded and the business loses exactly that payment's period (ADR 0015). Money paid through Razorpay is refunded in Razorpay's dashboard.",
  access: access.staff("admin"),
  query: z.object({ recordNo: q.int("recordNo") }),
  response: z.object({
    recordNo: z.number(),
    businessId: z.number().nullable(),
    expiryDateForCustomer: z.date().nullable(),
    stillPaid: z.boolean(),
    alreadyReversed: z.boolean(),
  }),
  async handler({ deps, agency, query }) {
    return reverseCardPayment(deps.db, agency.id, query.recordNo, deps.now());
  },
});

/** Plan payments staff record by hand (cash, UPI) and their list and reversal (SPEC §6). */
export const planPaymentRoutes = [recordCardPayment, listCardPaymentsRoute, lastActiveCardPaymentRoute, listReceiptsRoute, reverseCardPaymentRoute] as const;

/* ---------------- Online payments: Razorpay orders, make-payment, webhook, callback, the test gateway ---------------- */

const gatewayTag = "Payments";
const raw = z.unknown();
const productPayments = z.object({
  list: z.array(paymentRecordDto.extend({ used: z.boolean() })),
  total: z.number(),
  businessId: z.number(),
});
const reversed = z.object({ recordNo: z.number(), status: z.enum(["refunded", "failed"]), changed: z.boolean() });

/* ---------------- Card payment (a plan for a business) ---------------- */

export const cardPaymentOrder = defineRoute({
  method: "post",
  path: "/card-payment/order",
  tag: gatewayTag,
  summary:
    "The plan purchase's order (customer, own business, agency with online payment on): the amount is the plan's price, never the client's; the browser gets the key id and { amount, id, currency }.",
  access: access.customer,
  body: cardPaymentOrderBody,
  response: paymentOrderResponse,
  handler: ({ deps, actor, agency, body }) => createCardOrder(deps, actor, agency, body),
});

export const cardPaymentGateway = defineRoute({
  method: "post",
  path: "/card-payment/gateway",
  tag: gatewayTag,
  summary:
    "The plan purchase's make-payment: checks Razorpay's signature against the order we stored, that the payment is captured, then grants the plan once. A replay or a second click gets the same { planId, recordNo }.",
  access: access.customer,
  body: cardPaymentGatewayBody,
  response: paymentResult,
  handler: ({ deps, actor, agency, body }) => completeCardPayment(deps, actor, agency, body),
});

/* ---------------- PDF card payments ---------------- */

export const pdfCardPaymentOrder = defineRoute({
  method: "post",
  path: "/pdf-card/pdf-card-payment/order",
  tag: gatewayTag,
  summary: "Order one PDF ID card export at the agency's single-PDF price (pdfCardConfig.customerPlans).",
  access: access.customer,
  body: pdfCardPaymentOrderBody,
  response: paymentOrderResponse,
  handler: ({ deps, actor, agency, body }) => createPdfCardOrder(deps, actor, agency, body),
});

export const pdfCardPayment = defineRoute({
  method: "post",
  path: "/pdf-card/pdf-card-payment",
  tag: gatewayTag,
  summary:
    "A PDF card payment: the customer's make-payment (gateway fields), or an admin's manual payment (isManualUpdate, paymentAmount). Paid, it is a credit the next PDF export uses.",
  access: access.customerOrStaff("admin"),
  body: pdfCardPaymentBody,
  response: paymentResult,
  handler: ({ deps, actor, agency, body }) => payPdfCard(deps, actor, agency, body),
});

export const listPdfCardPayments = defineRoute({
  method: "get",
  path: "/pdf-card/pdf-card-payment",
  tag: gatewayTag,
  summary: "A business's PDF card payments, newest first, with whether each credit was used.",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: productPayments,
  handler: ({ deps, actor, agency, query }) => listProductPayments(deps, actor, agency, "pdf-card", query.businessId),
});

export const deletePdfCardPayment = defineRoute({
  method: "delete",
  path: "/pdf-card/pdf-card-payment",
  tag: gatewayTag,
  summary: "Reverse a PDF card payment (admin): an unused paid credit is refunded in our records, an unpaid order closed; a used one is 409.",
  access: access.staff("admin"),
  query: z.object({ recordNo: q.int("recordNo") }),
  response: reversed,
  handler: ({ deps, actor, agency, query }) => reverseProductPayment(deps, actor, agency, "pdf-card", query.recordNo),
});

/* ---------------- User video payments ---------------- */

export const userVideoPaymentOrder = defineRoute({
  method: "post",
  path: "/video/user-video-payment/order",
  tag: gatewayTag,
  summary: "Order one promotional video from a template at the agency's video price.",
  access: access.customer,
  body: userVideoPaymentOrderBody,
  response: paymentOrderResponse,
  handler: ({ deps, actor, agency, body }) => createUserVideoOrder(deps, actor, agency, body),
});

export const userVideoPayment = defineRoute({
  method: "post",
  path: "/video/user-video-payment",
  tag: gatewayTag,
  summary: "A user video payment: the customer's make-payment, or an admin's manual payment. Paid, it is a credit the next video order uses.",
  access: access.customerOrStaff("admin"),
  body: userVideoPaymentBody,
  response: paymentResult,
  handler: ({ deps, actor, agency, body }) => payUserVideo(deps, actor, agency, body),
});

export const listUserVideoPayments = defineRoute({
  method: "get",
  path: "/video/user-video-payment",
  tag: gatewayTag,
  summary: "A business's user video payments, newest first, with whether each credit was used.",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: productPayments,
  handler: ({ deps, actor, agency, query }) => listProductPayments(deps, actor, agency, "user-video", query.businessId),
});

export const deleteUserVideoPayment = defineRoute({
  method: "delete",
  path: "/video/user-video-payment",
  tag: gatewayTag,
  summary: "Reverse a user video payment (admin), like the PDF card one.",
  access: access.staff("admin"),
  query: z.object({ recordNo: q.int("recordNo") }),
  response: reversed,
  handler: ({ deps, actor, agency, query }) => reverseProductPayment(deps, actor, agency, "user-video", query.recordNo),
});

/* ---------------- Agency PDF card payment config ---------------- */

export const getAgencyPdfCardPayment = defineRoute({
  method: "get",
  path: "/agency-pdf-card-payment",
  tag: gatewayTag,
  summary: "What the platform charges an agency per PDF card plan (paise). An agency's admin reads its own; the superadmin agency's, any (?agencyId).",
  access: access.staff("admin"),
  query: z.object({ agencyId: q.optionalInt("agencyId") }),
  response: agencyPdfCardPaymentConfigDto,
  handler: ({ deps, agency, query }) => agencyPdfCardConfig(deps, agency, query.agencyId),
});

export const saveAgencyPdfCardPayment = defineRoute({
  method: "post",
  path: "/agency-pdf-card-payment",
  tag: gatewayTag,
  summary: "Set an agency's PDF card plan prices (superadmin agency's admin); replaces the list.",
  access: access.superadmin("admin"),
  body: agencyPdfCardPaymentConfigBody,
  response: agencyPdfCardPaymentConfigDto,
  handler: ({ deps, agency, body }) => saveAgencyPdfCardConfig(deps, agency, body),
});

/* ---------------- Called by Razorpay and by the browser coming back from it ---------------- */

export const razorpayWebhook = defineRoute({
  method: "post",
  path: "/razorpay/webhook",
  tag: gatewayTag,
  summary:
    "Razorpay's webhook (payment.captured, order.paid, payment.authorized, payment.failed): X-Razorpay-Signature over the raw body, once per x-razorpay-event-id; grants a paid order whose browser never came back.",
  access: access.public,
  response: webhookAck,
  // No body schema: the signature covers the exact bytes, which the handler reads itself.
  handler: ({ c, deps }) => webhookRequest(c, deps),
});

export const razorpayCallback = defineRoute({
  method: "post",
  path: "/razorpay/callback",
  tag: gatewayTag,
  summary:
    "Razorpay's callback_url (a form POST from the browser: razorpay_payment_id, razorpay_order_id, razorpay_signature, or error[…]): verified like make-payment, then 303 to /panel/thankyou or back to ?return with payment=failed&reason.",
  access: access.public,
  query: z.object({ return: z.string().max(300).optional() }),
  response: raw,
  raw: true,
  handler: ({ c, deps, agency, query }) => callbackRequest(c, deps, agency, query.return),
});

export const paymentLinkCallbackRoute = defineRoute({
  method: "get",
  path: "/razorpay/payment-link/callback",
  tag: gatewayTag,
  summary:
    "A Razorpay Payment Link's callback_url (GET, from the payer's browser, no sign-in): razorpay_payment_id, razorpay_payment_link_id, razorpay_payment_link_reference_id, razorpay_payment_link_status, razorpay_signature. Verified, confirmed with Razorpay, granted once; then 303 to ?return (a /renew/… or /panel/… path) with payment=paid, or payment=failed&reason. ADR 0067.",
  access: access.public,
  query: z.object({
    return: z.string().max(300).optional(),
    razorpay_payment_id: z.string().trim().max(64).optional(),
    razorpay_payment_link_id: z.string().trim().max(64).optional(),
    razorpay_payment_link_reference_id: z.string().trim().max(64).optional(),
    razorpay_payment_link_status: z.string().trim().max(32).optional(),
    razorpay_signature: z.string().trim().max(200).optional(),
  }),
  response: raw,
  raw: true,
  handler: ({ c, deps, agency, query }) => paymentLinkCallback(c, deps, agency, query),
});

export const testGatewayCheckout = defineRoute({
  method: "get",
  path: "/test-gateway/checkout",
  tag: gatewayTag,
  summary: "The built-in test gateway's checkout page (no Razorpay keys, local only): 'Pay successfully' or 'Fail payment'. 404 when Razorpay is configured.",
  access: access.public,
  query: z.object({ order_id: z.string().trim().min(1).max(64).optional(), payment_link_id: z.string().trim().min(1).max(64).optional(), return: z.string().max(300).optional() }),
  response: raw,
  raw: true,
  handler: async ({ c, deps, query }) => testCheckoutPage(c, deps, query),
});

export const testGatewayPay = defineRoute({
  method: "post",
  path: "/test-gateway/checkout",
  tag: gatewayTag,
  summary: "The test gateway's buttons: makes the test payment (or failure) and hands the browser to the callback_url with Razorpay-signed fields.",
  access: access.public,
  response: raw,
  raw: true,
  handler: async ({ c, deps }) => testCheckoutSubmit(c, deps),
});

export const gatewayRoutes = [
  cardPaymentOrder,
  cardPaymentGateway,
  pdfCardPaymentOrder,
  pdfCardPayment,
  listPdfCardPayments,
  deletePdfCardPayment,
  userVideoPaymentOrder,
  userVideoPayment,
  listUserVideoPayments,
  deleteUserVideoPayment,
  getAgencyPdfCardPayment,
  saveAgencyPdfCardPayment,
  razorpayWebhook,
  razorpayCallback,
  paymentLinkCallbackRoute,
  testGatewayCheckout,
  testGatewayPay,
] as const;
