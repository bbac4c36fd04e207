import { z } from "zod";
import { idSchema } from "./id.ts";
import { gatewaySignature } from "./payments.ts";
import { BILL_FORMATS, BILL_STATUSES } from "./billing-texts.ts";
import { PAYMENT_STATUSES } from "./payment-texts.ts";

// The zod-free half (texts, constants) is in billing-texts.ts: pages take it without shipping zod.
export * from "./billing-texts.ts";

/*
 * Agency billing (SPEC §3 Month payment, Annual payment, Agency image payment; §7 Month payments,
 * Annual payment, Agency image payment), shared by the API and the panel (ADR 0023). Every
 * amount is integer paise and comes from the server: no body here carries one.
 */

const month = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: "month must be a number from 1 to 12." }).pipe(
  z.number().int("month must be a whole number.").min(1, "month must be from 1 to 12.").max(12, "month must be from 1 to 12."),
);
const year = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: "year must be a number." }).pipe(
  z.number().int("year must be a whole number.").min(2000, "year must be 2000 or later.").max(2100, "year must be 2100 or earlier."),
);
const reason = z.string({ error: "A reason is required." }).trim().min(3, "Give a reason (at least 3 characters).").max(300, "The reason can be at most 300 characters.");
const note = z.string().trim().max(300, "The note can be at most 300 characters.").optional();

export const billingAgencyQuery = z.object({ agencyId: idSchema("agencyId").optional() });

/** GET /month-payments?month&year&agencyId (month and year default to the current Asia/Kolkata month). */
export const monthPaymentsQuery = z.object({ agencyId: idSchema("agencyId").optional(), month: month.optional(), year: year.optional() });

export const billPeriodBody = z.object({ agencyId: idSchema("agencyId").optional(), month, year });

/** POST /month-payments/move-out-card */
export const moveOutCardBody = z.object({ agencyId: idSchema("agencyId").optional(), itemId: idSchema("itemId"), reason });
/** POST /month-payments/add-card-in-bill */
export const addCardInBillBody = z.object({ agencyId: idSchema("agencyId").optional(), itemId: idSchema("itemId"), reason });

/** POST /month-payments (the platform records an offline payment of what is outstanding). */
export const recordMonthPaymentBody = z.object({ agencyId: idSchema("agencyId"), month, year, note });
/** POST /month-payments/order (the agency pays its bill online). */
export const monthPaymentOrderBody = z.object({ month, year });
/** POST /month-payments/gateway */
export const monthPaymentGatewayBody = monthPaymentOrderBody.extend(gatewaySignature.shape);

/** POST /month-payments/generate (the platform; the scheduled job does the same). */
export const generateBillsBody = z.object({ agencyId: idSchema("agencyId").optional(), month: month.optional(), year: year.optional() });

/** POST /annual-payment (the platform records an offline annual fee). */
export const recordAnnualPaymentBody = z.object({ agencyId: idSchema("agencyId"), note });

/** POST /agency-image-payment: the agency's make-payment (gateway fields) or the platform's record (isManualUpdate + agencyId). */
export const agencyImagePaymentBody = z
  .object({
    agencyId: idSchema("agencyId").optional(),
    isManualUpdate: z.boolean().optional(),
    note,
    razorpay_payment_id: gatewaySignature.shape.razorpay_payment_id.optional(),
    razorpay_order_id: gatewaySignature.shape.razorpay_order_id.optional(),
    razorpay_signature: gatewaySignature.shape.razorpay_signature.optional(),
  })
  .refine((v) => (v.isManualUpdate === true && !!v.agencyId) || (!!v.razorpay_payment_id && !!v.razorpay_order_id && !!v.razorpay_signature), {
    message: "Send the gateway's razorpay_payment_id, razorpay_order_id and razorpay_signature, or isManualUpdate: true with agencyId.",
    path: ["razorpay_signature"],
  });
export const agencyImagePaymentOrderBody = z.object({});

export const billDownloadQuery = monthPaymentsQuery.extend({
  format: z.enum(BILL_FORMATS, { error: "format must be csv or pdf." }).default("csv"),
});

/* ---------------- Responses ---------------- */

export const billItemDto = z.object({
  itemId: z.number(),
  businessId: z.number().nullable(),
  businessName: z.string().nullable(),
  cardNo: z.number().nullable(),
  cardId: z.string().nullable(),
  planName: z.string().nullable(),
  customerPrice: z.number(),
  cardPaidAt: z.date().nullable(),
  amount: z.number(),
  movedOutAt: z.date().nullable(),
  movedOutReason: z.string().nullable(),
});

export const billPaymentDto = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  throughGateway: z.boolean(),
  isManualUpdate: z.boolean(),
  paidAt: z.date().nullable(),
  note: z.string().nullable(),
  createdAt: z.date(),
});

export const billSummaryDto = z.object({
  monthPaymentId: z.number(),
  agencyId: z.number(),
  month: z.number(),
  year: z.number(),
  perCardPrice: z.number(),
  cards: z.number(),
  subtotal: z.number(),
  gstPercent: z.number(),
  gstAmount: z.number(),
  amount: z.number(),
  amountPaid: z.number(),
  outstanding: z.number(),
  status: z.enum(BILL_STATUSES),
  overdue: z.boolean(),
  dueDate: z.date(),
  paidAt: z.date().nullable(),
});
export type BillSummary = z.infer<typeof billSummaryDto>;

export const billDetailDto = billSummaryDto.extend({ items: z.array(billItemDto), payments: z.array(billPaymentDto) });
export type BillDetail = z.infer<typeof billDetailDto>;

export const billingSettingsDto = z.object({
  perCardPrice: z.number(),
  annualFee: z.number(),
  imageServiceMonthlyFee: z.number(),
  gstPercent: z.number(),
  graceDays: z.number(),
  offlineInstructions: z.string().nullable(),
});

/**
 * The platform's own details printed on every agency bill (ADR 0037, form ADR 0044): legal name,
 * address, GSTIN. Blank means unset (the bill leaves it out; the name falls back to the platform
 * agency's name). A GSTIN is 15 characters: state code, PAN, entity number, Z, check character.
 */
const blankIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "") || v === undefined ? null : v;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const invoiceIssuerSchema = z.object({
  legalName: z.preprocess(blankIsNull, z.string({ error: "Type the legal name as text." }).trim().max(120, "Use at most 120 characters.").nullable()),
  address: z.preprocess(blankIsNull, z.string({ error: "Type the address as text." }).trim().max(300, "Use at most 300 characters.").nullable()),
  gstin: z.preprocess(
    (v) => (typeof v === "string" ? blankIsNull(v.trim().toUpperCase()) : blankIsNull(v)),
    z.string({ error: "Type the GSTIN as text." }).regex(GSTIN_PATTERN, "A GSTIN has 15 characters, like 27AABCC1234D1Z5.").nullable(),
  ),
});
export type InvoiceIssuer = z.output<typeof invoiceIssuerSchema>;
export const invoiceIssuerResponse = z.object({ issuer: invoiceIssuerSchema, agencyName: z.string() });

export const monthPaymentsResponse = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  /** The platform asking about itself: it bills itself nothing, so there is no bill (ADR 0037, 0044). */
  isPlatform: z.boolean(),
  month: z.number(),
  year: z.number(),
  bill: billDetailDto.nullable(),
  /** Every bill of the agency, newest first. */
  bills: z.array(billSummaryDto),
  settings: billingSettingsDto,
  /** Whether the agency can pay online now (a gateway is configured). */
  online: z.object({ available: z.boolean(), gateway: z.enum(["razorpay", "test"]).nullable() }),
});
export type MonthPaymentsResponse = z.infer<typeof monthPaymentsResponse>;

export const outstandingResponse = z.object({
  agencyId: z.number(),
  outstanding: z.number(),
  bills: z.number(),
  annualFee: z.number(),
  unpaidBills: z.number(),
  overdueBills: z.number(),
});

export const billChangeResponse = z.object({ bill: billSummaryDto, changed: z.boolean() });

export const recordPaymentResponse = z.object({ bill: billSummaryDto, paymentId: z.number().nullable(), duplicate: z.boolean() });

export const generateBillsResponse = z.object({ month: z.number(), year: z.number(), bills: z.number(), billsCreated: z.number(), linesAdded: z.number() });

export const annualPaymentDto = z.object({
  id: z.number(),
  year: z.number(),
  amount: z.number(),
  status: z.enum(BILL_STATUSES),
  paidAt: z.date().nullable(),
  validFrom: z.date().nullable(),
  validUntil: z.date().nullable(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.date(),
});
export const annualPaymentResponse = z.object({
  agencyId: z.number(),
  annualFee: z.number(),
  due: z.boolean(),
  dueAmount: z.number(),
  paidUntil: z.date().nullable(),
  list: z.array(annualPaymentDto),
});
export const recordAnnualResponse = z.object({ payment: annualPaymentDto, duplicate: z.boolean() });

export const agencyImagePaymentDto = billPaymentDto.extend({ validFrom: z.date().nullable(), validUntil: z.date().nullable() });
export const agencyImagePaymentResponse = z.object({
  agencyId: z.number(),
  monthlyFee: z.number(),
  paidUntil: z.date().nullable(),
  graceEndsAt: z.date().nullable(),
  paused: z.boolean(),
  reason: z.string().nullable(),
  list: z.array(agencyImagePaymentDto),
  online: z.object({ available: z.boolean(), gateway: z.enum(["razorpay", "test"]).nullable() }),
});
export const agencyImagePaidResponse = z.object({ paymentId: z.number(), validFrom: z.date().nullable(), validUntil: z.date().nullable(), duplicate: z.boolean() });

export const billingNoticeResponse = z.object({ greetingImagesPaused: z.boolean(), message: z.string().nullable() });

export const billingAuditDto = z.object({
  id: z.number(),
  at: z.date(),
  actorName: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export const billingAuditResponse = z.object({ agencyId: z.number(), list: z.array(billingAuditDto) });

/* ---------------- Panel forms (one schema both sides) ---------------- */

export const moveOutForm = z.object({ intent: z.literal("move-out"), itemId: idSchema("itemId"), reason });
export const addInForm = z.object({ intent: z.literal("add-in"), itemId: idSchema("itemId"), reason });
export const recordMonthForm = z.object({ intent: z.literal("record-month"), month, year, note });
export const recordAnnualForm = z.object({ intent: z.literal("record-annual"), note });
export const recordImageForm = z.object({ intent: z.literal("record-image"), note });
export const generateForm = z.object({ intent: z.literal("generate") });
