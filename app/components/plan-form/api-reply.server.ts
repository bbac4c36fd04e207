import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "~/lib/api.server";

/**
 * An API failure for a plan as the plan form's reply: the API names fields by the body's paths
 * (`limits.pdfCardLimit`, `customPlan.price`), the form by flat names (`pdfCardLimit`, `price`).
 * A message with no field of its own shows above the form, so none is lost.
 */
export function replyWithPlanApiError<Shape, Value>(submission: Submission<Shape, string[], Value>, failure: ApiFailure) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, messages] of Object.entries(failure.fieldErrors ?? {})) {
    const name = path.replace(/^customPlan\./, "").replace(/^limits\./, "");
    if (/^[A-Za-z]+$/.test(name) && name !== "frameVisibility" && name !== "customPlan") fieldErrors[name] = messages;
    else formErrors.push(...messages);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(failure.message);
  return submission.reply({ formErrors, fieldErrors });
}
