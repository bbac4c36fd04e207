import { z } from "zod";
import { EMAIL_MESSAGE, PASSWORD_MIN, PHONE_MESSAGE } from "./constants.ts";

/**
 * Sign-in schemas, shared by the API and the panel's forms (one schema on both sides).
 * Pure zod: safe to import from browser code.
 */

/**
 * An Indian mobile as a sign-in id: 10 digits starting 6–9; `+91`, `91`, `0`, spaces and
 * dashes are accepted. Sign-in ids stay 10 digits (Indian users sign in by phone, others by email).
 */
export function normalizeIndianMobile(input: string): string | null {
  let digits = input.replace(/[\s\-()]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** A sign-in phone: an Indian mobile, kept as its 10 digits (the account id). */
export const phoneNumberSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(20, PHONE_MESSAGE)
  .transform((v, ctx) => {
    const n = normalizeIndianMobile(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .transform((v) => v.toLowerCase());

const flag = z.boolean().optional().default(false);

/** Exactly one of phone number (Indian users) or email (foreign users). */
const oneIdentifier = <T extends { phoneNumber?: string; email?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (!v.phoneNumber && !v.email) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_MESSAGE });
  if (v.phoneNumber && v.email)
    ctx.addIssue({ code: "custom", path: ["email"], message: "Use either a phone number or an email, not both." });
};

export const verifyUserSchema = z
  .object({ phoneNumber: phoneNumberSchema.optional(), email: emailSchema.optional(), fromForgotPassword: flag })
  .superRefine(oneIdentifier);

export const loginSchema = z
  .object({
    phoneNumber: phoneNumberSchema.optional(),
    email: emailSchema.optional(),
    password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(200, "Password is too long."),
  })
  .superRefine(oneIdentifier);

export const otpSchema = z.object({
  otp: z.string({ error: "Enter the 6-digit OTP." }).trim().regex(/^\d{6}$/, "Enter the 6-digit OTP."),
});

export const newPasswordSchema = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(128, "Password can be at most 128 characters.");

export const createPasswordSchema = z.object({ password: newPasswordSchema, fromForgotPassword: flag });

export const franchiseeVerifySchema = z.object({ phoneNumber: phoneNumberSchema, fromForgotPassword: flag });
export const franchiseeLoginSchema = z.object({
  phoneNumber: phoneNumberSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(200, "Password is too long."),
});
export const franchiseeCreatePasswordSchema = z.object({ password: newPasswordSchema });
