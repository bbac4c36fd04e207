import { z } from "zod";
import { idSchema } from "./id.ts";

/**
 * Subscription plans (SPEC §3 Subscription plan, §5 Custom plan form), shared by the API, the
 * plans page, the custom plan dialog and the #upgrade carousel (ADR 0015).
 *
 * Money: the wire carries integer paise (`price: 49900` is ₹499), like Razorpay's `amount`; only
 * forms take rupees, and their schemas turn them into paise. A limit of -1 is unlimited; a limit
 * that is not included is null (switching a toggle off clears it).
 */

export const UNLIMITED = -1;
export const CUSTOM_PLAN = "CUSTOM_PLAN";

/** SPEC §5 messages, verbatim. */
export const PLAN_MESSAGES = {
  name: "Subscription name is Required",
  validity: "Validity is Required",
  price: "Price is Required",
} as const;

export const LIMIT_KINDS = ["digitalCard", "greetingImages", "greetingVideos", "pdfCard", "promotionalVideo"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Defaults when a limit toggle is switched on (SPEC §5, §9). Greeting videos are per day. */
export const LIMIT_DEFAULTS: Record<LimitKind, number> = {
  digitalCard: 1,
  greetingImages: UNLIMITED,
  greetingVideos: 3,
  pdfCard: 1,
  promotionalVideo: 1,
};

const limitValue = z.number().int().min(UNLIMITED, "Use -1 for unlimited, or 0 or more.").max(100_000).nullable();

export const planLimitsSchema = z.object({
  digitalCardIncluded: z.boolean(),
  digitalCardLimit: limitValue,
  greetingImagesIncluded: z.boolean(),
  greetingImagesLimit: limitValue,
  greetingVideosIncluded: z.boolean(),
  greetingVideosLimit: limitValue,
  pdfCardIncluded: z.boolean(),
  pdfCardLimit: limitValue,
  promotionalVideoIncluded: z.boolean(),
  promotionalVideoLimit: limitValue,
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const frameVisibilitySchema = z.object({
  hideRegularFrame: z.boolean(),
  hideProductFrame: z.boolean(),
  hidePoliticalFrame: z.boolean(),
});
export type FrameVisibility = z.infer<typeof frameVisibilitySchema>;

export const ALL_FRAMES_SHOWN: FrameVisibility = { hideRegularFrame: false, hideProductFrame: false, hidePoliticalFrame: false };

/** The custom plan's starting point (SPEC §3): name 'Custom', the digital card (limit 1), all frames shown. */
export const CUSTOM_PLAN_DEFAULT_LIMITS: PlanLimits = {
  digitalCardIncluded: true,
  digitalCardLimit: 1,
  greetingImagesIncluded: false,
  greetingImagesLimit: null,
  greetingVideosIncluded: false,
  greetingVideosLimit: null,
  pdfCardIncluded: false,
  pdfCardLimit: null,
  promotionalVideoIncluded: false,
  promotionalVideoLimit: null,
};
export const CUSTOM_PLAN_DEFAULT_NAME = "Custom";

/** Validity in whole years (SPEC §3). */
export const VALIDITY_MAX_YEARS = 10;
/** ₹10,00,000 in paise: a typing slip, not a plan. */
export const PRICE_MAX_PAISE = 100_000_000;

/** A plan as every client sees it. `subscriptionPlanId` is a number (SPEC §5: numeric ids are sent as numbers). */
export const subscriptionPlanDto = z.object({
  subscriptionPlanId: z.number(),
  agencyId: z.number(),
  name: z.string(),
  /** Integer paise. */
  price: z.number(),
  /** Whole years. */
  validity: z.number(),
  limits: planLimitsSchema,
  frameVisibility: frameVisibilitySchema,
  /** Made by an admin for one business (the custom plan); never offered to others. */
  isCustom: z.boolean(),
  businessId: z.number().nullable(),
  /** false once retired: a bought plan is retired, never deleted, so receipts keep it. */
  isActive: z.boolean(),
  sortOrder: z.number(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanDto>;

/**
 * The body of POST /business/subscription-plan (create, or update with `subscriptionPlanId`) and
 * of a custom plan inside a manual card payment. Price in paise.
 */
export const subscriptionPlanInput = z.object({
  subscriptionPlanId: idSchema("subscriptionPlanId").optional(),
  name: z.string({ error: PLAN_MESSAGES.name }).trim().min(1, PLAN_MESSAGES.name).max(60, "Use at most 60 characters."),
  price: z
    .number({ error: PLAN_MESSAGES.price })
    .int("price is in paise: a whole number.")
    .min(0, "The price cannot be negative.")
    .max(PRICE_MAX_PAISE, "The price is too large."),
  validity: z
    .number({ error: PLAN_MESSAGES.validity })
    .int("Validity is in whole years.")
    .min(1, "Validity is at least 1 year.")
    .max(VALIDITY_MAX_YEARS, `Validity is at most ${VALIDITY_MAX_YEARS} years.`),
  limits: planLimitsSchema,
  frameVisibility: frameVisibilitySchema.default(ALL_FRAMES_SHOWN),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type SubscriptionPlanInput = z.infer<typeof subscriptionPlanInput>;

/**
 * A limit is consistent with its toggle: included ⇒ a number (-1 unlimited), not included ⇒ null.
 * The digital card is always included (SPEC §5: its toggle is always on).
 */
export function planLimitIssues(limits: PlanLimits): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!limits.digitalCardIncluded) issues.push({ path: "digitalCardIncluded", message: "Every plan includes the digital card." });
  for (const kind of LIMIT_KINDS) {
    const included = limits[`${kind}Included`];
    const limit = limits[`${kind}Limit`];
    if (included && limit === null) issues.push({ path: `${kind}Limit`, message: "Enter a limit, or -1 for unlimited." });
    if (!included && limit !== null) issues.push({ path: `${kind}Limit`, message: "A limit needs its option switched on." });
  }
  return issues;
}

export const GET_PLANS_QUERY = z.object({
  /** Superadmin only: another agency's plans. */
  agencyId: idSchema("agencyId").optional(),
  /** The business the #upgrade dialog is for: adds its custom plan and whether it may pay online. */
  businessId: idSchema("businessId").optional(),
  /** Staff (the plans page): retired plans too, with isActive false. Ignored for customers. */
  includeRetired: z.enum(["true", "false"], { error: "Use true or false." }).transform((v) => v === "true").optional(),
});

/** POST /business/subscription-plan: a plan to create, or to update with `subscriptionPlanId`; superadmin may name the agency. */
export const subscriptionPlanBody = subscriptionPlanInput.extend({
  agencyId: idSchema("agencyId").optional(),
});

/** DELETE /business/subscription-plan/{subscriptionPlanId}: a plan somebody bought is retired, never deleted. */
export const deletePlanResult = z.object({
  subscriptionPlanId: z.number(),
  outcome: z.enum(["deleted", "retired"]),
});
