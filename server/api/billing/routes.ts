import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { paymentOrderResponse } from "#contracts/payments.ts";
import {
  addCardInBillBody,
  agencyImagePaidResponse,
  agencyImagePaymentBody,
  agencyImagePaymentOrderBody,
  agencyImagePaymentResponse,
  annualPaymentResponse,
  billChangeResponse,
  billDownloadQuery,
  billingAgencyQuery,
  billingAuditResponse,
  billingNoticeResponse,
  generateBillsBody,
  generateBillsResponse,
  invoiceIssuerResponse,
  invoiceIssuerSchema,
  monthPaymentGatewayBody,
  monthPaymentOrderBody,
  monthPaymentsQuery,
  monthPaymentsResponse,
  moveOutCardBody,
  outstandingResponse,
  recordAnnualPaymentBody,
  recordAnnualResponse,
  recordMonthPaymentBody,
  recordPaymentResponse,
} from "#contracts/billing.ts";
import { idSchema } from "#contracts/id.ts";
import { billDownload } from "./download.ts";
import {
  addCardInBill,
  agencyImagePaymentView,
  annualPaymentView,
  billingAuditList,
  billingNotice,
  completeMonthPayment,
  createImageOrder,
  createMonthOrder,
  generateOnDemand,
  invoiceIssuerOf,
  saveInvoiceIssuer,
  monthPaymentsView,
  moveOutCard,
  outstandingAmount,
  payAgencyImage,
  recordAnnualPayment,
  recordMonthPayment,
} from "./service.ts";

const tag = "Agency billing";
// An agency's admin (its own billing) or the platform's admin (any agency's, by agencyId); hideBilling is 404.
const billingStaff = access.staff("admin");

export const getOutstandingAmount = defineRoute({
  method: "get",
  path: "/month-payments/getOutstandingAmount",
  tag,
  summary: "What the agency owes the platform (paise): every bill's outstanding amount plus the annual fee when due.",
  access: billingStaff,
  query: billingAgencyQuery,
  response: outstandingResponse,
  handler: ({ deps, actor, agency, query }) => outstandingAmount(deps, actor, agency, query.agencyId),
});

export const getMonthPayments = defineRoute({
  method: "get",
  path: "/month-payments",
  tag,
  summary: "The agency's bill for a month (default this Asia/Kolkata month) with one line per card paid or renewed in it, its payments, and every bill's summary.",
  access: billingStaff,
  query: monthPaymentsQuery,
  response: monthPaymentsResponse,
  handler: ({ deps, actor, agency, query }) => monthPaymentsView(deps, actor, agency, query),
});

export const downloadMonthBill = defineRoute({
  method: "get",
  path: "/month-payments/download",
  tag,
  summary: "A month bill as CSV (bill-YYYY-MM.csv) or PDF (bill-YYYY-MM.pdf).",
  access: billingStaff,
  query: billDownloadQuery,
  response: z.unknown(),
  raw: true,
  handler: ({ deps, actor, agency, query }) => billDownload(deps, actor, agency, query),
});

export const generateMonthPayments = defineRoute({
  method: "post",
  path: "/month-payments/generate",
  tag,
  summary: "Generate month bills now (the platform; the scheduled job does the same on the 1st): one agency or all, this month by default. Idempotent.",
  access: access.superadmin("admin"),
  body: generateBillsBody,
  response: generateBillsResponse,
  handler: ({ deps, actor, agency, body }) => generateOnDemand(deps, actor, agency, body),
});

export const recordMonthPaymentRoute = defineRoute({
  method: "post",
  path: "/month-payments",
  tag,
  summary: "The platform records an offline payment of a bill's outstanding amount (the amount is ours, never the client's). A second post on a settled bill is { duplicate: true }.",
  access: access.superadmin("admin"),
  body: recordMonthPaymentBody,
  response: recordPaymentResponse,
  handler: ({ deps, actor, agency, body }) => recordMonthPayment(deps, actor, agency, body),
});

export const monthPaymentOrder = defineRoute({
  method: "post",
  path: "/month-payments/order",
  tag,
  summary: "The agency pays its bill online: an order for the bill's outstanding amount (throughGateway).",
  access: billingStaff,
  body: monthPaymentOrderBody,
  response: paymentOrderResponse,
  handler: ({ deps, actor, agency, body }) => createMonthOrder(deps, actor, agency, body),
});

export const monthPaymentGateway = defineRoute({
  method: "post",
  path: "/month-payments/gateway",
  tag,
  summary: "The month bill's make-payment: Razorpay's signature against the order we stored, captured, then applied to the bill once (a replay changes nothing).",
  access: billingStaff,
  body: monthPaymentGatewayBody,
  response: recordPaymentResponse,
  handler: ({ deps, actor, agency, body }) => completeMonthPayment(deps, actor, agency, body),
});

export const moveOutCardRoute = defineRoute({
  method: "post",
  path: "/month-payments/move-out-card",
  tag,
  summary: "A disputed card leaves its bill, with a reason; the totals follow. Repeating it changes nothing. A paid bill is 409; an agency moving a line it has paid for is 409 (the platform settles those).",
  access: billingStaff,
  body: moveOutCardBody,
  response: billChangeResponse,
  handler: ({ deps, actor, agency, body }) => moveOutCard(deps, actor, agency, body),
});

export const addCardInBillRoute = defineRoute({
  method: "post",
  path: "/month-payments/add-card-in-bill",
  tag,
  summary: "The platform puts a moved-out card back into its bill, with a reason; the totals follow.",
  access: access.superadmin("admin"),
  body: addCardInBillBody,
  response: billChangeResponse,
  handler: ({ deps, actor, agency, body }) => addCardInBill(deps, actor, agency, body),
});

export const getAnnualPayment = defineRoute({
  method: "get",
  path: "/annual-payment",
  tag,
  summary: "The agency's annual fee: amount, whether it is due, paid until when, and the recorded payments.",
  access: billingStaff,
  query: billingAgencyQuery,
  response: annualPaymentResponse,
  handler: ({ deps, actor, agency, query }) => annualPaymentView(deps, actor, agency, query.agencyId),
});

export const recordAnnualPaymentRoute = defineRoute({
  method: "post",
  path: "/annual-payment",
  tag,
  summary: "The platform records the annual fee paid offline (the configured amount) for the next year of cover; already paid is 409.",
  access: access.superadmin("admin"),
  body: recordAnnualPaymentBody,
  response: recordAnnualResponse,
  handler: ({ deps, actor, agency, body }) => recordAnnualPayment(deps, actor, agency, body),
});

export const getAgencyImagePayment = defineRoute({
  method: "get",
  path: "/agency-image-payment",
  tag,
  summary: "The agency's greeting-image service: monthly fee, paid until, grace end, whether greeting images are paused and why, and the payments.",
  access: billingStaff,
  query: billingAgencyQuery,
  response: agencyImagePaymentResponse,
  handler: ({ deps, actor, agency, query }) => agencyImagePaymentView(deps, actor, agency, query.agencyId),
});

export const agencyImagePayment = defineRoute({
  method: "post",
  path: "/agency-image-payment",
  tag,
  summary: "A month of the greeting-image service: the agency's make-payment (gateway fields), or the platform's offline record (isManualUpdate + agencyId).",
  access: billingStaff,
  body: agencyImagePaymentBody,
  response: agencyImagePaidResponse,
  handler: ({ deps, actor, agency, body }) => payAgencyImage(deps, actor, agency, body),
});

export const agencyImagePaymentOrder = defineRoute({
  method: "post",
  path: "/agency-image-payment/order",
  tag,
  summary: "The agency pays a month of the greeting-image service online: an order at the configured fee.",
  access: billingStaff,
  body: agencyImagePaymentOrderBody,
  response: paymentOrderResponse,
  handler: ({ deps, actor, agency }) => createImageOrder(deps, actor, agency),
});

export const agencyImagePaymentGateway = defineRoute({
  method: "post",
  path: "/agency-image-payment/gateway",
  tag,
  summary: "The greeting-image service's make-payment (the same as POST /agency-image-payment with gateway fields).",
  access: billingStaff,
  body: agencyImagePaymentBody,
  response: agencyImagePaidResponse,
  handler: ({ deps, actor, agency, body }) => payAgencyImage(deps, actor, agency, { ...body, isManualUpdate: false }),
});

export const getBillingNotice = defineRoute({
  method: "get",
  path: "/billing/notice",
  tag,
  summary: "The admin panel's billing banner for the caller's agency: whether its greeting images are paused for an unpaid service fee, and why.",
  access: access.staff(),
  response: billingNoticeResponse,
  handler: ({ deps, agency }) => billingNotice(deps, agency),
});

export const getBillingAudit = defineRoute({
  method: "get",
  path: "/billing-audit",
  tag,
  summary: "Every change to an agency's billing (who, when, before, after, reason), newest first: the platform only.",
  access: access.superadmin("admin"),
  query: z.object({ agencyId: idSchema("agencyId") }),
  response: billingAuditResponse,
  handler: ({ deps, actor, agency, query }) => billingAuditList(deps, actor, agency, query.agencyId),
});

export const getInvoiceIssuer = defineRoute({
  method: "get",
  path: "/invoice-issuer",
  tag,
  summary: "The platform's legal name, address and GSTIN printed on agency bills: the platform only.",
  access: access.superadmin("admin"),
  response: invoiceIssuerResponse,
  handler: ({ agency }) => invoiceIssuerOf(agency),
});

export const putInvoiceIssuer = defineRoute({
  method: "put",
  path: "/invoice-issuer",
  tag,
  summary: "Save the platform's legal name, address and GSTIN for agency bills (blank: left off the bill): the platform only.",
  access: access.superadmin("admin"),
  body: invoiceIssuerSchema,
  response: invoiceIssuerResponse,
  handler: ({ deps, actor, agency, body }) => saveInvoiceIssuer(deps, actor, agency, body),
});

export const billingRoutes = [
  getInvoiceIssuer,
  putInvoiceIssuer,
  getOutstandingAmount,
  downloadMonthBill,
  generateMonthPayments,
  monthPaymentOrder,
  monthPaymentGateway,
  moveOutCardRoute,
  addCardInBillRoute,
  getMonthPayments,
  recordMonthPaymentRoute,
  getAnnualPayment,
  recordAnnualPaymentRoute,
  agencyImagePaymentOrder,
  agencyImagePaymentGateway,
  getAgencyImagePayment,
  agencyImagePayment,
  getBillingNotice,
  getBillingAudit,
] as const;
