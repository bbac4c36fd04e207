import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { planFormSchema, type PlanFormDefaults } from "#contracts/plans.ts";

/** What the plan form's inputs hold (the schema's input side: rupees, years, switches). */
export type PlanFormShape = z.input<typeof planFormSchema>;

/**
 * The plan form's Conform state, the same for the plans page and the custom plan dialog: SPEC
 * §5 asks for checks on blur and change, and again on Proceed (submit).
 */
export function usePlanForm(id: string, defaultValue: PlanFormDefaults, lastResult: SubmissionResult<string[]> | null | undefined) {
  return useForm<PlanFormShape>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: planFormSchema }) as unknown as Submission<PlanFormShape>,
  });
}
