import { z } from "zod";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";

/*
 * Franchisee commissions (ADR 0069). The wire carries integer paise and, for a percentage, basis
 * points (1250 is 12.5 %); only the rate form takes percent or rupees and turns them into these.
 */

export const COMMISSION_BASES = ["percent", "fixed"] as const;
export const COMMISSION_LINE_KINDS = ["sale", "renewal", "reversal"] as const;

/** A statement month, Asia/Kolkata: YYYY-MM. */
export const commissionMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2026-11.");

/** ₹1,00,000 in paise: a fixed commission above it is a typing slip. */
export const COMMISSION_FIXED_MAX_PAISE = 10_000_000;

export const COMMISSION_MESSAGES = {
  value: "Enter the commission.",
  percent: "Enter a percentage from 0 to 100, like 10 or 12.5.",
  fixed: "Enter an amount in rupees, like 100 or 99.50.",
  fixedMax: "That amount is too large.",
} as const;

/** PUT /commissions/rate: the API body. */
export const commissionRateBody = z
  .object({
    franchiseeId: idSchema("franchiseeId"),
    basis: z.enum(COMMISSION_BASES),
    /** Basis points (percent) or paise (fixed). */
    rate: z.number().int().min(0),
  })
  .refine((v) => (v.basis === "percent" ? v.rate <= 10_000 : v.rate <= COMMISSION_FIXED_MAX_PAISE), { path: ["rate"], message: "The rate is out of range." });

/** The rate form as a browser posts it (percent or rupees as typed), turned into the API body. */
export const commissionRateFormSchema = z
  .object({
    franchiseeId: idSchema("franchiseeId"),
    basis: z.enum(COMMISSION_BASES, { error: COMMISSION_MESSAGES.value }),
    value: z.string({ error: COMMISSION_MESSAGES.value }).trim().min(1, COMMISSION_MESSAGES.value),
  })
  .superRefine((v, ctx) => {
    const ok = /^\d{1,7}(\.\d{1,2})?$/.test(v.value);
    if (v.basis === "percent" && (!ok || Number(v.value) > 100)) ctx.addIssue({ code: "custom", path: ["value"], message: COMMISSION_MESSAGES.percent });
    if (v.basis === "fixed" && !ok) ctx.addIssue({ code: "custom", path: ["value"], message: COMMISSION_MESSAGES.fixed });
    else if (v.basis === "fixed" && Math.round(Number(v.value) * 100) > COMMISSION_FIXED_MAX_PAISE) ctx.addIssue({ code: "custom", path: ["value"], message: COMMISSION_MESSAGES.fixedMax });
  })
  .transform((v) => ({ franchiseeId: v.franchiseeId, basis: v.basis, rate: Math.round(Number(v.value) * 100) }));

export const commissionRateDto = z.object({ basis: z.enum(COMMISSION_BASES), rate: z.number() });
export type CommissionRate = z.infer<typeof commissionRateDto>;

/** GET /commissions?month: every staff member of the agency with their rate and the month's figures. */
export const commissionOverviewQuery = z.object({ month: commissionMonth.optional() });
export const commissionOverviewResponse = z.object({
  month: z.string(),
  list: z.array(
    z.object({
      franchiseeId: z.number(),
      name: z.string(),
      isActive: z.boolean(),
      rate: commissionRateDto.nullable(),
      net: z.number(),
      paid: z.number().nullable(),
    }),
  ),
});

/** GET /commissions/statement?franchiseeId&month (and its csv/pdf). */
export const commissionStatementQuery = z.object({ franchiseeId: q.int("franchiseeId"), month: commissionMonth.optional() });
export const commissionDownloadQuery = commissionStatementQuery.extend({ format: z.enum(["csv", "pdf"]) });

export const commissionLineDto = z.object({
  lineId: z.number(),
  recordNo: z.number(),
  businessId: z.number().nullable(),
  businessName: z.string().nullable(),
  planName: z.string().nullable(),
  kind: z.enum(COMMISSION_LINE_KINDS),
  paymentAmount: z.number(),
  basis: z.enum(COMMISSION_BASES),
  rate: z.number(),
  amount: z.number(),
  createdAt: z.date(),
});

export const commissionPayoutDto = z.object({ amount: z.number(), reference: z.string().nullable(), paidAt: z.date() });

export const commissionStatementResponse = z.object({
  franchisee: z.object({ franchiseeId: z.number(), name: z.string() }),
  agencyName: z.string(),
  month: z.string(),
  rate: commissionRateDto.nullable(),
  lines: z.array(commissionLineDto),
  totals: z.object({ earned: z.number(), reversed: z.number(), net: z.number() }),
  payout: commissionPayoutDto.nullable(),
  /** What is still owed for the month: net less the payout (lines written after it was marked). */
  balance: z.number(),
  /** Whether this caller may change the rate and mark the payout (agency admins). */
  manage: z.boolean(),
});
export type CommissionStatement = z.infer<typeof commissionStatementResponse>;

/** POST /commissions/payout: mark a franchisee's month paid. */
export const commissionPayoutBody = z.object({
  franchiseeId: idSchema("franchiseeId"),
  month: commissionMonth,
  reference: z.string().trim().max(100, "Use at most 100 characters.").optional(),
});
export const commissionPayoutResponse = z.object({ payout: commissionPayoutDto, alreadyPaid: z.boolean() });
