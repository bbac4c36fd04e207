import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "./api.server";

/**
 * An API failure as a Conform reply: field messages next to their inputs, anything else
 * as the form's error. The user's input stays in the form (Conform replays it).
 */
export function replyWithApiError<T>(submission: Submission<T>, failure: ApiFailure) {
  const fieldErrors = failure.fieldErrors ?? {};
  const hasFieldMessage = Object.values(fieldErrors).some((m) => m.length);
  return submission.reply({
    formErrors: hasFieldMessage ? [] : [failure.message],
    fieldErrors,
  });
}
