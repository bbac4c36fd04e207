import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { mayCall } from "#server/api/lib/allowed.ts";
import { forbidden } from "#server/api/lib/errors.ts";
import { lastActiveCardPayment, listCardPayments, recordManualPayment, reverseCardPayment } from "./service.ts";
import { cardPaymentManualBody, paymentRecordDto, paymentResult } from "#contracts/payments.ts";

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

export const cardPaymentRoutes = [recordCardPayment, listCardPaymentsRoute, lastActiveCardPaymentRoute, reverseCardPaymentRoute] as const;
