import { z } from "zod";
import { createPasswordSchema, franchiseeCreatePasswordSchema } from "#contracts/auth.ts";

/**
 * The API's create-password schemas plus a confirmation field, which only the form needs.
 * Shared by the action and the browser so both say the same thing. The customer's
 * `fromForgotPassword` is not a form field: the action takes it from the pending sign-in.
 */
const confirmPassword = z.string({ error: "Please confirm your password." }).min(1, "Please confirm your password.");
const matches = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "Passwords do not match." };

export const customerPasswordForm = createPasswordSchema.omit({ fromForgotPassword: true }).extend({ confirmPassword }).refine(matches, mismatch);
export const staffPasswordForm = franchiseeCreatePasswordSchema.extend({ confirmPassword }).refine(matches, mismatch);
