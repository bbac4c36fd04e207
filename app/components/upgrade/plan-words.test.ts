import { describe, expect, test } from "vitest";
import { ALL_FRAMES_SHOWN, CUSTOM_PLAN_DEFAULT_LIMITS, type SubscriptionPlan } from "#contracts/plans.ts";
import { formatPrice } from "#contracts/format.ts";
import en from "#contracts/i18n/catalogues/en.ts";
import hi from "#contracts/i18n/catalogues/hi.ts";
import { frameLine, limitLines, validityLine } from "./plan-words";

const plan = (over: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
  subscriptionPlanId: 1,
  agencyId: 1,
  name: "Basic",
  price: 99900,
  validity: 1,
  limits: CUSTOM_PLAN_DEFAULT_LIMITS,
  frameVisibility: ALL_FRAMES_SHOWN,
  isCustom: false,
  businessId: null,
  isActive: true,
  sortOrder: 0,
  ...over,
});

describe("a plan card's words", () => {
  test("every included limit in words, -1 as unlimited, greeting videos per day; left-out kinds say nothing", () => {
    const limits = {
      ...CUSTOM_PLAN_DEFAULT_LIMITS,
      greetingImagesIncluded: true,
      greetingImagesLimit: -1,
      greetingVideosIncluded: true,
      greetingVideosLimit: 3,
      pdfCardIncluded: true,
      pdfCardLimit: 2,
    };
    expect(limitLines(limits, en.plans)).toEqual(["1 digital business card", "Unlimited greeting images", "3 greeting videos a day", "2 PDF ID cards"]);
  });

  test("frames only with greeting images, naming the ones shown", () => {
    expect(frameLine(plan(), en.plans)).toBeNull();
    const withImages = { ...CUSTOM_PLAN_DEFAULT_LIMITS, greetingImagesIncluded: true, greetingImagesLimit: -1 };
    expect(frameLine(plan({ limits: withImages }), en.plans)).toBe("Regular, product and political frames");
    expect(frameLine(plan({ limits: withImages, frameVisibility: { ...ALL_FRAMES_SHOWN, hidePoliticalFrame: true } }), en.plans)).toBe("Regular and product frames");
    expect(frameLine(plan({ limits: withImages, frameVisibility: { hideRegularFrame: true, hideProductFrame: true, hidePoliticalFrame: false } }), en.plans)).toBe("Political frame");
  });

  test("validity in years, prices from paise with Indian grouping", () => {
    expect(validityLine(1, en.plans)).toBe("Valid for 1 year");
    expect(validityLine(3, en.plans)).toBe("Valid for 3 years");
    expect(formatPrice(99900)).toBe("₹999");
    expect(formatPrice(10_000_000)).toBe("₹1,00,000");
  });
});

describe("in the page's language (issue 24)", () => {
  test("a Hindi reader's plan lines: limits, frames and validity from the plans words", () => {
    const limits = { ...CUSTOM_PLAN_DEFAULT_LIMITS, greetingImagesIncluded: true, greetingImagesLimit: -1, greetingVideosIncluded: true, greetingVideosLimit: 3 };
    expect(limitLines(limits, hi.plans)).toEqual(["1 डिजिटल विज़िटिंग कार्ड", "अनलिमिटेड शुभकामना फ़ोटो", "रोज़ 3 शुभकामना वीडियो"]);
    expect(frameLine(plan({ limits }), hi.plans)).toBe("सामान्य, प्रोडक्ट और राजनीतिक फ़्रेम");
    expect(validityLine(2, hi.plans)).toBe("2 साल के लिए मान्य");
  });
});
