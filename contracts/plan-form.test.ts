import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { planFormDefaults, planFormSchema, PLAN_MESSAGES, subscriptionPlanInput } from "./plans.ts";

/** The plan form as a browser posts it: strings, "on" for a checked box, nothing for an unchecked one. */
const post = (fields: Record<string, string | undefined>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.set(k, v);
  return parseWithZod(fd, { schema: planFormSchema });
};

describe("plan form schema", () => {
  it("gives SPEC §5's three messages for an empty form", () => {
    const s = post({ name: "", price: "", validity: "" });
    expect(s.status).toBe("error");
    const errors = s.reply().error ?? {};
    expect(errors.name).toEqual([PLAN_MESSAGES.name]);
    expect(errors.price).toEqual([PLAN_MESSAGES.price]);
    expect(errors.validity).toEqual([PLAN_MESSAGES.validity]);
  });

  it("takes rupees and gives the API's body in paise, limits null when off and all frames shown", () => {
    const s = post({ ...planFormDefaults(), price: "499.50", validity: "1", pdfCardLimit: "7" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      name: "Custom",
      price: 49950,
      validity: 1,
      limits: {
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
      },
      frameVisibility: { hideRegularFrame: false, hideProductFrame: false, hidePoliticalFrame: false },
    });
    expect(subscriptionPlanInput.safeParse(s.value).success).toBe(true);
  });

  it("switched-on limits take SPEC §5's defaults or the typed number; unchecked frames are hidden", () => {
    const s = post({
      name: "Gold",
      price: "1999",
      validity: "2",
      greetingImagesIncluded: "on",
      greetingVideosIncluded: "on",
      pdfCardIncluded: "on",
      pdfCardLimit: "5",
      promotionalVideoIncluded: "on",
      promotionalVideoLimit: "-1",
      showRegularFrame: "on",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.limits).toMatchObject({ greetingImagesLimit: -1, greetingVideosLimit: 3, pdfCardLimit: 5, promotionalVideoLimit: -1 });
    expect(s.value.frameVisibility).toEqual({ hideRegularFrame: false, hideProductFrame: true, hidePoliticalFrame: true });
  });

  it("refuses a switched-on limit left empty, a bad price and a validity out of range", () => {
    const s = post({ name: "X", price: "4.999", validity: "11", pdfCardIncluded: "on" });
    const errors = s.reply().error ?? {};
    expect(errors.pdfCardLimit).toEqual(["Enter a limit, or -1 for unlimited."]);
    expect(errors.price?.[0]).toMatch(/rupees/);
    expect(errors.validity?.[0]).toMatch(/at most 10/);
  });

  it("round-trips a plan through its form defaults, keeping limits the form does not type (10 greeting videos a day)", () => {
    const plan = {
      subscriptionPlanId: 4,
      name: "Silver",
      price: 99950,
      validity: 3,
      sortOrder: 2,
      limits: {
        digitalCardIncluded: true,
        digitalCardLimit: 1,
        greetingImagesIncluded: true,
        greetingImagesLimit: -1,
        greetingVideosIncluded: true,
        greetingVideosLimit: 10,
        pdfCardIncluded: true,
        pdfCardLimit: 2,
        promotionalVideoIncluded: false,
        promotionalVideoLimit: null,
      },
      frameVisibility: { hideRegularFrame: false, hideProductFrame: true, hidePoliticalFrame: false },
    };
    const s = post(planFormDefaults(plan));
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual(plan);
  });
});
