import { UNLIMITED } from "#contracts/plan-constants.ts";
import type { PlanLimits, SubscriptionPlan } from "#contracts/plans.ts";
import type { Catalogue } from "#contracts/i18n/catalogues/en.ts";
import { fmt, pluralKey } from "#contracts/i18n/fmt.ts";

/** The words a plan's lines use (the `plans` namespace, ADR 0066). */
export type PlanLineWords = Pick<
  Catalogue["plans"],
  | "validForOne"
  | "validForOther"
  | "cardsUnlimited"
  | "cardsOne"
  | "cardsOther"
  | "imagesUnlimited"
  | "imagesOne"
  | "imagesOther"
  | "videosUnlimited"
  | "videosOne"
  | "videosOther"
  | "pdfUnlimited"
  | "pdfOne"
  | "pdfOther"
  | "promoUnlimited"
  | "promoOne"
  | "promoOther"
  | "frameRegular"
  | "frameProduct"
  | "framePolitical"
  | "framesOne"
  | "framesTwo"
  | "framesThree"
>;

/** English (the staff screens, not converted yet, call these without words). */
export const ENGLISH_PLAN_LINES: PlanLineWords = {
  validForOne: "Valid for {n} year",
  validForOther: "Valid for {n} years",
  cardsUnlimited: "Unlimited digital business cards",
  cardsOne: "{n} digital business card",
  cardsOther: "{n} digital business cards",
  imagesUnlimited: "Unlimited greeting images",
  imagesOne: "{n} greeting image",
  imagesOther: "{n} greeting images",
  videosUnlimited: "Unlimited greeting videos",
  videosOne: "{n} greeting video a day",
  videosOther: "{n} greeting videos a day",
  pdfUnlimited: "Unlimited PDF ID cards",
  pdfOne: "{n} PDF ID card",
  pdfOther: "{n} PDF ID cards",
  promoUnlimited: "Unlimited promotional videos",
  promoOne: "{n} promotional video",
  promoOther: "{n} promotional videos",
  frameRegular: "regular",
  frameProduct: "product",
  framePolitical: "political",
  framesOne: "{a} frame",
  framesTwo: "{a} and {b} frames",
  framesThree: "{a}, {b} and {c} frames",
};

/** All of the plans page's and the #upgrade dialog's words in English: what the staff's #upgrade (not converted yet) shows. */
export const ENGLISH_PLANS: Catalogue["plans"] = {
  title: "Pricing",
  plansFor: "Plans for {business}",
  plansForYourBusiness: "Plans for your business",
  noscriptBuy: "Buy now takes you to the secure payment page and brings you back here.",
  addBusinessFirst: "Add your business first; then you can buy a plan for it.",
  forBusiness: "For {business}",
  chooseToBuy: "Choose a plan to buy.",
  connectWithAdmin: "Please connect with admin to purchase subscription plan.",
  contact: "Contact",
  buyNow: "Buy now",
  subscriptionPlans: "Subscription plans",
  subscriptionPlan: "Subscription plan",
  noPlans: "No plans are on offer yet.",
  justOnePdf: "Just one PDF ID card?",
  singlePdfCard: "Single PDF ID card",
  perPdf: "per PDF",
  onePdfCard: "1 PDF ID card",
  singleExport: "Single export",
  noWatermark: "No sample watermark",
  perYearOne: "/ year",
  perYearOther: "/ {n} years",
  slideOf: "{n} of {count}",
  previousPlan: "Previous plan",
  nextPlan: "Next plan",
  showPlan: "Show plan {n} of {count}",
  ...ENGLISH_PLAN_LINES,
  hostedPay: "Pay {amount} for {plan}",
  hostedNote: "You will pay on Razorpay's secure page and come back here.",
  continueToPayment: "Continue to payment",
};

type Counted = "validFor" | "cards" | "images" | "videos" | "pdf" | "promo";
const count = (w: PlanLineWords, what: Counted, n: number) => fmt(w[`${what}${pluralKey(n)}`], { n });

/** One line per included limit, in words ("Unlimited greeting images", "3 greeting videos a day"). */
export function limitLines(limits: PlanLimits, w: PlanLineWords = ENGLISH_PLAN_LINES): string[] {
  const lines: string[] = [];
  const add = (included: boolean, limit: number | null, what: Exclude<Counted, "validFor">) => {
    if (!included || limit === null || limit === 0) return;
    lines.push(limit === UNLIMITED ? w[`${what}Unlimited`] : count(w, what, limit));
  };
  add(limits.digitalCardIncluded, limits.digitalCardLimit, "cards");
  add(limits.greetingImagesIncluded, limits.greetingImagesLimit, "images");
  add(limits.greetingVideosIncluded, limits.greetingVideosLimit, "videos");
  add(limits.pdfCardIncluded, limits.pdfCardLimit, "pdf");
  add(limits.promotionalVideoIncluded, limits.promotionalVideoLimit, "promo");
  return lines;
}

/** The greeting frames a plan shows, when it includes greeting images ("Regular, product and political frames"). */
export function frameLine(plan: SubscriptionPlan, w: PlanLineWords = ENGLISH_PLAN_LINES): string | null {
  if (!plan.limits.greetingImagesIncluded) return null;
  const { hideRegularFrame, hideProductFrame, hidePoliticalFrame } = plan.frameVisibility;
  const names = [!hideRegularFrame && w.frameRegular, !hideProductFrame && w.frameProduct, !hidePoliticalFrame && w.framePolitical].filter((n): n is string => !!n);
  if (!names.length) return null;
  const [a, b, c] = names;
  const line = names.length === 1 ? fmt(w.framesOne, { a }) : names.length === 2 ? fmt(w.framesTwo, { a, b }) : fmt(w.framesThree, { a, b, c });
  return `${line[0].toUpperCase()}${line.slice(1)}`;
}

export const validityLine = (years: number, w: PlanLineWords = ENGLISH_PLAN_LINES) => count(w, "validFor", years);
