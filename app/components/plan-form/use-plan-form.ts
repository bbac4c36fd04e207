import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { planFormSchema, type PlanFormDefaults } from "#contracts/plans.ts";

/** What the plan form's inputs hold (the schema's input side: rupees, years, switches). */
export type PlanFormShape = z.input<typeof planFormSchema>;

/**
 * The plan form's Conform state. The custom plan dialog checks on blur, then on every input,
 * and again on Proceed (SPEC §5); its buttons sit in a footer of fixed place, so a message
 * appearing on blur cannot move Proceed from under the pointer. The plans page is a long page
 * whose button moves with the form: it checks on submit, then on every input.
 */
export function usePlanForm(
  id: string,
  defaultValue: PlanFormDefaults,
  lastResult: SubmissionResult<string[]> | null | undefined,
  validate: "onBlur" | "onSubmit" = "onBlur",
) {
  return useForm<PlanFormShape>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: validate,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: planFormSchema }) as unknown as Submission<PlanFormShape>,
  });
}
