import { z } from "zod";
import { PAYMENT_STATES, paymentState, remainingDays } from "#contracts/payment-status.ts";
import { BUSINESS_NATURES, TITLES } from "#contracts/enums.ts";

/** The fields the top bar and drawer need; the full record comes with the business screens. */
export const businessSummaryDto = z.object({
  businessId: z.number(),
  businessName: z.string(),
  category: z.string().nullable(),
  paymentStatus: z.number(),
  expiryDateForCustomer: z.date().nullable(),
  isSubscriptionActive: z.boolean(),
  businessMadeBy: z.string(),
});

/** SPEC §4 Payment status, computed once on the server so every screen agrees. */
export const paymentDto = {
  paymentState: z.enum(PAYMENT_STATES),
  /** Whole days until expiry (negative once past); null without an expiry date. */
  remainingDays: z.number().nullable(),
};

export const cardSummaryDto = z.object({
  cardNo: z.number(),
  cardId: z.string(),
  status: z.enum(["active", "inactive"]),
});

export const businessOwnerDto = z.object({
  userId: z.number(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isForeignUser: z.boolean(),
});

export const businessDto = businessSummaryDto.extend({
  userId: z.number(),
  title: z.enum(TITLES),
  contactPerson: z.string().nullable(),
  businessNature: z.enum(BUSINESS_NATURES).nullable(),
  phoneNumber: z.string().nullable(),
  alternatePhoneNumber: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  mapLink: z.string().nullable(),
  logoUrl: z.string().nullable(),
  madeByFranchiseeId: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  ...paymentDto,
  user: businessOwnerDto,
  card: cardSummaryDto.nullable(),
});
export type BusinessDto = z.infer<typeof businessDto>;

type PaymentRow = { paymentStatus: number; expiryDateForCustomer: Date | null };

export const withPayment = <T extends PaymentRow>(row: T, now: Date) => ({
  ...row,
  paymentState: paymentState(row, now),
  remainingDays: remainingDays(row, now),
});
