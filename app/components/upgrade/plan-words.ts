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

type Counted = "validFor" | "cards" | "images" | "videos" | "pdf" | "promo";
const count = (w: PlanLineWords, what: Counted, n: number) => fmt(w[`${what}${pluralKey(n)}`], { n });

/** One line per included limit, in words ("Unlimited greeting images", "3 greeting videos a day"). */
export function limitLines(limits: PlanLimits, w: PlanLineWords): string[] {
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
export function frameLine(plan: SubscriptionPlan, w: PlanLineWords): string | null {
  if (!plan.limits.greetingImagesIncluded) return null;
  const { hideRegularFrame, hideProductFrame, hidePoliticalFrame } = plan.frameVisibility;
  const names = [!hideRegularFrame && w.frameRegular, !hideProductFrame && w.frameProduct, !hidePoliticalFrame && w.framePolitical].filter((n): n is string => !!n);
  if (!names.length) return null;
  const [a, b, c] = names;
  const line = names.length === 1 ? fmt(w.framesOne, { a }) : names.length === 2 ? fmt(w.framesTwo, { a, b }) : fmt(w.framesThree, { a, b, c });
  return `${line[0].toUpperCase()}${line.slice(1)}`;
}

export const validityLine = (years: number, w: PlanLineWords) => count(w, "validFor", years);
