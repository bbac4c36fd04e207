import { UNLIMITED, type PlanLimits, type SubscriptionPlan } from "#contracts/plans.ts";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line per included limit, in words ("Unlimited greeting images", "3 greeting videos a day"). */
export function limitLines(limits: PlanLimits): string[] {
  const lines: string[] = [];
  const add = (included: boolean, limit: number | null, unlimited: string, some: (n: number) => string) => {
    if (!included || limit === null || limit === 0) return;
    lines.push(limit === UNLIMITED ? unlimited : some(limit));
  };
  add(limits.digitalCardIncluded, limits.digitalCardLimit, "Unlimited digital business cards", (n) => count(n, "digital business card", "digital business cards"));
  add(limits.greetingImagesIncluded, limits.greetingImagesLimit, "Unlimited greeting images", (n) => count(n, "greeting image", "greeting images"));
  add(limits.greetingVideosIncluded, limits.greetingVideosLimit, "Unlimited greeting videos", (n) => `${count(n, "greeting video", "greeting videos")} a day`);
  add(limits.pdfCardIncluded, limits.pdfCardLimit, "Unlimited PDF ID cards", (n) => count(n, "PDF ID card", "PDF ID cards"));
  add(limits.promotionalVideoIncluded, limits.promotionalVideoLimit, "Unlimited promotional videos", (n) => count(n, "promotional video", "promotional videos"));
  return lines;
}

/** The greeting frames a plan shows, when it includes greeting images ("Regular, product and political frames"). */
export function frameLine(plan: SubscriptionPlan): string | null {
  if (!plan.limits.greetingImagesIncluded) return null;
  const { hideRegularFrame, hideProductFrame, hidePoliticalFrame } = plan.frameVisibility;
  const names = [!hideRegularFrame && "regular", !hideProductFrame && "product", !hidePoliticalFrame && "political"].filter((n): n is string => !!n);
  if (!names.length) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list[0].toUpperCase()}${list.slice(1)} ${names.length === 1 ? "frame" : "frames"}`;
}

export const validityLine = (years: number) => `Valid for ${count(years, "year", "years")}`;
