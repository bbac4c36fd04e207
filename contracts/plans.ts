import { z } from "zod";
import { idSchema } from "./id.ts";
import { fmt, pluralKey } from "./i18n/fmt.ts";
import { LIMIT_DEFAULTS, LIMIT_KINDS, PLAN_MESSAGES, UNLIMITED, type LimitKind } from "./plan-constants.ts";

/**
 * Subscription plans (SPEC §3 Subscription plan, §5 Custom plan form), shared by the API, the
 * plans page, the custom plan dialog and the #upgrade carousel (ADR 0015).
 *
 * Money: the wire carries integer paise (`price: 49900` is ₹499), like Razorpay's `amount`; only
 * forms take rupees, and their schemas turn them into paise. A limit of -1 is unlimited; a limit
 * that is not included is null (switching a toggle off clears it).
 */

// The zod-free constants are in plan-constants.ts (the upgrade dialog ships on every customer page).
export * from "./plan-constants.ts";

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

/* ---- The plan form (admin): the plans page and the 'Provide custom plan' dialog ---- */

/** Limits people may type (SPEC §5); the others take their LIMIT_DEFAULTS when switched on. */
export const EDITABLE_LIMITS = ["pdfCard", "promotionalVideo"] as const satisfies readonly LimitKind[];
/** The optional toggles, in form order (the digital card is always on). */
export const OPTIONAL_LIMITS = ["greetingImages", "greetingVideos", "pdfCard", "promotionalVideo"] as const satisfies readonly LimitKind[];
/** The form shows frames as "Show … frame" switches, all on by default; the plan stores `hide…`. */
export const FRAME_SWITCHES = ["showRegularFrame", "showProductFrame", "showPoliticalFrame"] as const;

const PLAN_PRICE_FORMAT = "Enter the price in rupees, like 499 or 499.50.";
const formLimit = z
  .number({ error: "Enter a number, or -1 for unlimited." })
  .int("Enter a whole number, or -1 for unlimited.")
  .min(UNLIMITED, "Use -1 for unlimited, or 0 or more.")
  .max(100_000, "That limit is too large.")
  .optional();
// An unchecked box posts nothing: absent is off.
const formSwitch = z.boolean().optional();

/**
 * The plan form as a browser posts it (flat names, price in rupees, validity in years) and its
 * API body (`subscriptionPlanInput`: paise, limits null when off). One schema for Conform in the
 * browser and the route action, so both give SPEC §5's messages. Which toggles show depends on
 * the agency's products (`planFormOptions`); one that is not shown posts nothing and stays off.
 */
export const planFormSchema = z
  .object({
    subscriptionPlanId: idSchema("subscriptionPlanId").optional(),
    name: z.string({ error: PLAN_MESSAGES.name }).trim().min(1, PLAN_MESSAGES.name).max(60, "Use at most 60 characters."),
    price: z
      .string({ error: PLAN_MESSAGES.price })
      .trim()
      .min(1, PLAN_MESSAGES.price)
      .regex(/^\d{1,7}(\.\d{1,2})?$/, PLAN_PRICE_FORMAT)
      .transform((v) => Math.round(Number(v) * 100))
      .pipe(z.number().max(PRICE_MAX_PAISE, "The price is too large.")),
    validity: z
      .number({ error: PLAN_MESSAGES.validity })
      .int("Validity is in whole years.")
      .min(1, "Validity is at least 1 year.")
      .max(VALIDITY_MAX_YEARS, `Validity is at most ${VALIDITY_MAX_YEARS} years.`),
    // Not typed (SPEC §5): these come back as hidden values when a plan is edited, so editing
    // a plan keeps, say, its 10 greeting videos a day instead of resetting it to the default.
    digitalCardLimit: formLimit,
    greetingImagesIncluded: formSwitch,
    greetingImagesLimit: formLimit,
    greetingVideosIncluded: formSwitch,
    greetingVideosLimit: formLimit,
    pdfCardIncluded: formSwitch,
    pdfCardLimit: formLimit,
    promotionalVideoIncluded: formSwitch,
    promotionalVideoLimit: formLimit,
    showRegularFrame: formSwitch,
    showProductFrame: formSwitch,
    showPoliticalFrame: formSwitch,
    sortOrder: z.number().int().min(0).max(1000).optional(),
  })
  .superRefine((v, ctx) => {
    for (const kind of EDITABLE_LIMITS) {
      if (v[`${kind}Included`] && v[`${kind}Limit`] === undefined) {
        ctx.addIssue({ code: "custom", path: [`${kind}Limit`], message: "Enter a limit, or -1 for unlimited." });
      }
    }
  })
  .transform((v) => {
    const on = (kind: LimitKind) => kind === "digitalCard" || !!v[`${kind}Included` as keyof typeof v];
    const limitOf = (kind: LimitKind) => (on(kind) ? (v[`${kind}Limit`] ?? LIMIT_DEFAULTS[kind]) : null);
    const limits = Object.fromEntries(LIMIT_KINDS.flatMap((k) => [[`${k}Included`, on(k)], [`${k}Limit`, limitOf(k)]])) as PlanLimits;
    // Frames belong to greeting images: without them every frame stays shown.
    const frames = on("greetingImages");
    return {
      ...(v.subscriptionPlanId ? { subscriptionPlanId: v.subscriptionPlanId } : {}),
      name: v.name,
      price: v.price,
      validity: v.validity,
      limits,
      frameVisibility: {
        hideRegularFrame: frames && !v.showRegularFrame,
        hideProductFrame: frames && !v.showProductFrame,
        hidePoliticalFrame: frames && !v.showPoliticalFrame,
      },
      ...(v.sortOrder !== undefined ? { sortOrder: v.sortOrder } : {}),
    };
  });
export type PlanFormValue = z.output<typeof planFormSchema>;
/** The custom plan dialog uses the same form. */
export const customPlanFormSchema = planFormSchema;

/** The form's fields as the browser holds them (strings, "on" for a switched-on box). */
export type PlanFormDefaults = Record<string, string | undefined>;

const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** A plan (or the custom plan's starting point, SPEC §3) as the form's starting values. */
export function planFormDefaults(plan?: Pick<SubscriptionPlan, "subscriptionPlanId" | "name" | "price" | "validity" | "limits" | "frameVisibility" | "sortOrder">): PlanFormDefaults {
  if (!plan) {
    return {
      name: CUSTOM_PLAN_DEFAULT_NAME,
      showRegularFrame: "on",
      showProductFrame: "on",
      showPoliticalFrame: "on",
      pdfCardLimit: String(LIMIT_DEFAULTS.pdfCard),
      promotionalVideoLimit: String(LIMIT_DEFAULTS.promotionalVideo),
    };
  }
  const onOff = (b: boolean) => (b ? "on" : undefined);
  const { limits, frameVisibility: f } = plan;
  return {
    subscriptionPlanId: String(plan.subscriptionPlanId),
    name: plan.name,
    price: rupeesText(plan.price),
    validity: String(plan.validity),
    greetingImagesIncluded: onOff(limits.greetingImagesIncluded),
    greetingVideosIncluded: onOff(limits.greetingVideosIncluded),
    digitalCardLimit: String(limits.digitalCardLimit ?? LIMIT_DEFAULTS.digitalCard),
    greetingImagesLimit: String(limits.greetingImagesLimit ?? LIMIT_DEFAULTS.greetingImages),
    greetingVideosLimit: String(limits.greetingVideosLimit ?? LIMIT_DEFAULTS.greetingVideos),
    pdfCardIncluded: onOff(limits.pdfCardIncluded),
    pdfCardLimit: String(limits.pdfCardLimit ?? LIMIT_DEFAULTS.pdfCard),
    promotionalVideoIncluded: onOff(limits.promotionalVideoIncluded),
    promotionalVideoLimit: String(limits.promotionalVideoLimit ?? LIMIT_DEFAULTS.promotionalVideo),
    showRegularFrame: onOff(!f.hideRegularFrame),
    showProductFrame: onOff(!f.hideProductFrame),
    showPoliticalFrame: onOff(!f.hidePoliticalFrame),
    sortOrder: String(plan.sortOrder),
  };
}

export type PlanProducts = { imagePosts: boolean; videoPosts: boolean; pdfCard: boolean; video: boolean };

/**
 * Which options the form offers for the agency's products (SPEC §5): greetings and frames need
 * image posts; greeting videos need image posts plus video posts; PDF cards and promotional
 * videos need their products. Frames show only while greeting images are switched on.
 */
export function planFormOptions(products: PlanProducts): Record<(typeof OPTIONAL_LIMITS)[number] | "frames", boolean> {
  return {
    greetingImages: products.imagePosts,
    greetingVideos: products.imagePosts && products.videoPosts,
    pdfCard: products.pdfCard,
    promotionalVideo: products.video,
    frames: products.imagePosts,
  };
}

/** "1 year", "3 years"; in a page's language with its `staffValidity` words (ADR 0066). */
export const validityInWords = (years: number, words?: { yearOne: string; yearOther: string }) =>
  words ? fmt(words[`year${pluralKey(years)}`], { n: years }) : `${years} year${years === 1 ? "" : "s"}`;
