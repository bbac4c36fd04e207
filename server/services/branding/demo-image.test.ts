import { describe, expect, test } from "vitest";
import { demoLeadWord, parseDemoSlug } from "./demo-image.ts";

describe("the demo greeting posts' words (issue 22)", () => {
  test("'Happy' above a festival or a day only: never 'Happy Sweet Shop' or 'Happy Good Morning'", () => {
    const lead = (slug: string) => demoLeadWord(parseDemoSlug(slug)!.title);
    expect(lead("diwali-0")).toBe("Happy");
    expect(lead("republic-day-0")).toBe("Happy");
    expect(lead("ambedkar-jayanti-1")).toBe("Happy");
    expect(lead("christmas-1")).toBe("Happy");
    expect(lead("sweet-shop-0")).toBeNull();
    expect(lead("good-morning-0-story")).toBeNull();
    expect(lead("motivational-quotes-1")).toBeNull();
    expect(lead("shubh-din-2")).toBeNull();
  });

  test("a possessive keeps its apostrophe", () => {
    expect(parseDemoSlug("valentine-s-day-0")!.title).toBe("Valentine's Day");
    expect(parseDemoSlug("women-s-day-1-lq")).toEqual({ title: "Women's Day", n: 1, story: false, lowQuality: true });
  });
});
