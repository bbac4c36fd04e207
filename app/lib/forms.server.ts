import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "./api.server";

/**
 * Pass to every `submission.reply()` of a form with a password: Conform replays the submitted
 * values as the inputs' default values (into the HTML and the page's data), and a password
 * must never be sent back to the browser.
 */
export const HIDE_PASSWORDS = { hideFields: ["password", "confirmPassword"] };

/**
 * An API failure as a Conform reply: field messages next to their inputs, anything else
 * as the form's error. The user's input stays in the form (Conform replays it), except
 * passwords.
 */
export function replyWithApiError<T>(submission: Submission<T>, failure: ApiFailure) {
  const fieldErrors = failure.fieldErrors ?? {};
  const hasFieldMessage = Object.values(fieldErrors).some((m) => m.length);
  return submission.reply({
    formErrors: hasFieldMessage ? [] : [failure.message],
    fieldErrors,
    ...HIDE_PASSWORDS,
  });
}
