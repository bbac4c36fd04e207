/** Plan constants without zod (ADR 0014, 0015): the schemas that use them are in plans.ts. */

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

