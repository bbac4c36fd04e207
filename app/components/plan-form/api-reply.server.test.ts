import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { planFormDefaults, planFormSchema } from "#contracts/plans.ts";
import { replyWithPlanApiError } from "./api-reply.server";

const submission = () => {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...planFormDefaults(), price: "10", validity: "1" })) if (v !== undefined) fd.set(k, v);
  return parseWithZod(fd, { schema: planFormSchema });
};

describe("replyWithPlanApiError", () => {
  it("puts the API's body paths on the form's flat fields, and the rest above the form", () => {
    const reply = replyWithPlanApiError(submission(), {
      ok: false,
      status: 422,
      message: "Check the plan.",
      data: {},
      fieldErrors: { "customPlan.price": ["Too much."], "customPlan.limits.pdfCardLimit": ["Too many."], "customPlan.frameVisibility": ["Odd frames."] },
    });
    expect(reply.error).toMatchObject({ price: ["Too much."], pdfCardLimit: ["Too many."], "": ["Odd frames."] });
  });

  it("a failure without fields (409, 404) is the form's message", () => {
    const reply = replyWithPlanApiError(submission(), { ok: false, status: 409, message: "This plan is no longer offered.", data: {} });
    expect(reply.error).toEqual({ "": ["This plan is no longer offered."] });
  });
});
