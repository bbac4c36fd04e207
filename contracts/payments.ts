import { z } from "zod";
import { idSchema } from "./id.ts";
import { CUSTOM_PLAN, subscriptionPlanDto, subscriptionPlanInput } from "./plans.ts";
import { GATEWAYS, MANUAL_PAYMENT_METHODS, PAYMENT_AMOUNT_MESSAGE, PAYMENT_PRODUCTS, PAYMENT_REFERENCE_MAX, PAYMENT_STATUSES, PURCHASE_MODES } from "./payment-texts.ts";

// The zod-free half (texts, constants, paths) is in payment-texts.ts: pages take it without shipping zod.
export * from "./payment-texts.ts";

/**
 * Customer payments (SPEC §3 Card payment, Payment order response, Payment result; §7 Card
 * payment, PDF card payments, User video payments), shared by the API and the panel (ADR 0015).
 * Amounts are integer paise everywhere on the wire.
 */


/** SPEC §3 Payment order response, plus where the built-in test gateway's page is. */
export const paymentOrderResponse = z.object({
  razorpayKeyId: z.string(),
  order: z.object({ amount: z.number(), id: z.string(), currency: z.string() }),
  gateway: z.enum(GATEWAYS),
  /** Only for the test gateway: its checkout page (same origin). */
  testCheckoutUrl: z.string().nullable(),
});
export type PaymentOrderResponse = z.infer<typeof paymentOrderResponse>;

/** SPEC §3 Payment result. `planId` is the plan (card), the PDF plan id or the video template's id. */
export const paymentResult = z.object({
  planId: z.union([z.number(), z.literal(CUSTOM_PLAN)]),
  recordNo: z.number(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

const planId = z.union([idSchema("planId"), z.literal(CUSTOM_PLAN)], { error: "planId must be a plan id or CUSTOM_PLAN." });

/** POST /card-payment/order */
export const cardPaymentOrderBody = z.object({
  businessId: idSchema("businessId"),
  planId: idSchema("planId"),
});

/** What Razorpay's checkout hands back (and its `callback_url` POSTs). */
export const gatewaySignature = z.object({
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_signature: z.string().trim().min(1).max(256),
});

/** POST /card-payment/gateway */
export const cardPaymentGatewayBody = cardPaymentOrderBody.extend(gatewaySignature.shape);

/**
 * What staff collected by hand, in paise: a whole number above ₹0 (issue 22 L1: ₹0 granted a full
 * plan). One schema for every manual payment, the panel's form included.
 */
export const manualPaymentAmount = z
  .number({ error: PAYMENT_AMOUNT_MESSAGE })
  .int(PAYMENT_AMOUNT_MESSAGE)
  .min(1, PAYMENT_AMOUNT_MESSAGE)
  .max(100_000_000, "The amount is too large.");

/** How a payment recorded by hand was made, and its reference (ADR 0044). */
export const paymentMethodSchema = z.enum(MANUAL_PAYMENT_METHODS, { error: "Choose how you were paid: cash, UPI, cheque or bank transfer." });
export const paymentReferenceSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string({ error: "Type the reference as text." }).trim().max(PAYMENT_REFERENCE_MAX, `Use at most ${PAYMENT_REFERENCE_MAX} characters.`).optional(),
);
/** The panel's Confirm step for a manual payment: the method is chosen, the reference optional. */
export const manualPaymentForm = z.object({ paymentMethod: paymentMethodSchema, paymentReference: paymentReferenceSchema });

/**
 * POST /card-payment: staff record a payment collected outside the gateway (cash, UPI) after a
 * Confirm. `paymentMethod` (cash, upi, cheque, bank-transfer) and `paymentReference` say how
 * (ADR 0044; optional for older clients, the panel always sends the method). `paymentAmount` in paise is what was collected (defaults to the plan's price). With
 * `planId: CUSTOM_PLAN` the admin's custom plan comes along and is made for this business.
 */
export const cardPaymentManualBody = z.object({
  businessId: idSchema("businessId"),
  planId,
  isManualUpdate: z.literal(true, { error: "isManualUpdate must be true." }),
  paymentAmount: manualPaymentAmount.optional(),
  paymentMethod: paymentMethodSchema.optional(),
  paymentReference: paymentReferenceSchema,
  customPlan: subscriptionPlanInput.omit({ subscriptionPlanId: true, sortOrder: true }).optional(),
});


/** One payment row as the payments lists and receipts show it. */
export const paymentRecordDto = z.object({
  recordNo: z.number(),
  product: z.enum(PAYMENT_PRODUCTS),
  businessId: z.number().nullable(),
  businessName: z.string().nullable(),
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  /** Paise. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  throughGateway: z.boolean(),
  /** Which gateway took a plan payment: "test" is the built-in test gateway (no money moved). Null or absent: by hand, or not kept. */
  gateway: z.enum(["razorpay", "test"]).nullable().optional(),
  isManualUpdate: z.boolean(),
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: z.date().nullable(),
  validFrom: z.date().nullable(),
  validUntil: z.date().nullable(),
  createdAt: z.date(),
  /** How a manual payment was made and its reference (ADR 0044); null when not recorded. */
  paymentMethod: z.enum(MANUAL_PAYMENT_METHODS).nullable().optional(),
  paymentReference: z.string().nullable().optional(),
  /** Staff see who recorded a manual payment (the staff member's name); customers get null. */
  recordedBy: z.string().nullable().optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordDto>;

/** Who issues a customer's receipt: the agency (its configuration.invoiceIssuer, ADR 0042); a blank detail is null, and the receipt leaves it out. */
export const receiptSellerDto = z.object({ name: z.string(), address: z.string().nullable(), gstin: z.string().nullable() });


/** GET /business/subscription-plan: the agency's plans and, for a business, how it may buy. */
export const subscriptionPlansResponse = z.object({
  list: z.array(subscriptionPlanDto),
  /** SPEC §9: the first of the agency's pdfCardConfig.customerPlans, priced per PDF; null when PDF cards are off. */
  singlePdfCardPlan: z.object({ id: z.number(), price: z.number() }).nullable(),
  purchase: z.object({
    mode: z.enum(PURCHASE_MODES),
    gateway: z.enum(GATEWAYS).nullable(),
    /** Whom to contact when the mode is contact-admin: the agency's name, phone and email (ADR 0044); else null. */
    contact: z.object({ name: z.string(), phoneNumber: z.string().nullable(), email: z.string().nullable() }).nullable().optional(),
  }),
  /** The agency's product flags, for which custom-plan options show (SPEC §5). */
  products: z.object({
    imagePosts: z.boolean(),
    videoPosts: z.boolean(),
    pdfCard: z.boolean(),
    video: z.boolean(),
  }),
});
export type SubscriptionPlansResponse = z.infer<typeof subscriptionPlansResponse>;

/** The 403 body a limit answers with; the panel opens #upgrade on `upgrade: true`. */
export const upgradeRequiredDto = z.object({ message: z.string(), upgrade: z.literal(true) });

/* ---------------- Razorpay gateway (ADR 0034) ---------------- */


export const thankyouQuery = z.object({
  product: z.enum(PAYMENT_PRODUCTS).default("card"),
  recordNo: idSchema("recordNo"),
  businessId: idSchema("businessId").optional(),
  cardNo: idSchema("cardNo").optional(),
});

/** POST /pdf-card/pdf-card-payment/order: one PDF ID card export at the price of the agency's `pdfCardConfig.customerPlans` entry. */
export const pdfCardPaymentOrderBody = z.object({
  businessId: idSchema("businessId"),
  planId: idSchema("planId"),
});

/** POST /video/user-video-payment/order: one promotional video from a template, at the agency's video price. */
export const userVideoPaymentOrderBody = z.object({
  businessId: idSchema("businessId"),
  templateId: idSchema("templateId"),
});

/** A product payment either completes a gateway order (customer) or is recorded by hand (staff: flag + amount). */
const optionalSignature = {
  razorpay_payment_id: gatewaySignature.shape.razorpay_payment_id.optional(),
  razorpay_order_id: gatewaySignature.shape.razorpay_order_id.optional(),
  razorpay_signature: gatewaySignature.shape.razorpay_signature.optional(),
  isManualUpdate: z.boolean().optional(),
  /** Paise; manual updates only (defaults to the price). */
  paymentAmount: manualPaymentAmount.optional(),
};
const gatewayOrManual = (v: { razorpay_payment_id?: string; razorpay_order_id?: string; razorpay_signature?: string; isManualUpdate?: boolean }) =>
  v.isManualUpdate === true || (!!v.razorpay_payment_id && !!v.razorpay_order_id && !!v.razorpay_signature);
const GATEWAY_OR_MANUAL = "Send the gateway's razorpay_payment_id, razorpay_order_id and razorpay_signature, or isManualUpdate: true.";

/** POST /pdf-card/pdf-card-payment */
export const pdfCardPaymentBody = z
  .object({ businessId: idSchema("businessId"), planId: idSchema("planId"), ...optionalSignature })
  .refine(gatewayOrManual, { message: GATEWAY_OR_MANUAL, path: ["razorpay_signature"] });

/** POST /video/user-video-payment */
export const userVideoPaymentBody = z
  .object({ businessId: idSchema("businessId"), templateId: idSchema("templateId"), ...optionalSignature })
  .refine(gatewayOrManual, { message: GATEWAY_OR_MANUAL, path: ["razorpay_signature"] });

/** GET /agency-pdf-card-payment and POST: what the platform charges an agency per PDF card plan (paise). */
export const agencyPdfCardPlan = z.object({
  id: idSchema("id"),
  price: z.number().int().min(0, "Price must be 0 or more.").max(100_000_000),
  name: z.string().trim().max(80).optional(),
});
export const agencyPdfCardPaymentConfigBody = z.object({
  agencyId: idSchema("agencyId").optional(),
  plans: z.array(agencyPdfCardPlan).max(20),
});
export const agencyPdfCardPaymentConfigDto = z.object({ agencyId: z.number(), plans: z.array(agencyPdfCardPlan) });

/** POST /razorpay/webhook's answer. */
export const webhookAck = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  action: z.enum(["granted", "already-granted", "noted", "ignored"]),
});
