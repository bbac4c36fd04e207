import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { BUSINESS_FIELD_NAMES, updateBusinessSchema } from "#contracts/business.ts";
import type { ApiClient } from "./api.server";
import { replyWithApiError } from "./forms.server";
import { redirectWithToast } from "./toast.server";

/**
 * The edit form's values as an update: a form leaves an emptied input out, and for the API
 * "absent" means "unchanged", so every field the form shows is sent, emptied ones as null.
 */
export function asFullUpdate<T extends Record<string, unknown>>(value: T) {
  const out: Record<string, unknown> = { ...value };
  for (const k of BUSINESS_FIELD_NAMES) if (out[k] === undefined && k !== "businessName" && k !== "title") out[k] = null;
  return out as T;
}

type Reply = SubmissionResult<string[]>;

/**
 * The business edit form's save (the customer's and the staff's page): the contract's schema,
 * POST /business/updateBusinessMetadata with every shown field, then `savedTo` with a toast.
 * Returns the form's reply when the input or the API refuses it; `words` and `translate` put the
 * toast and the schema's messages in the page's language (ADR 0066).
 */
export async function saveBusinessDetails(api: ApiClient, formData: FormData, businessId: number, savedTo: string, words = { saved: "Business details saved." }, translate = (r: Reply) => r) {
  formData.set("businessId", String(businessId));
  const submission = parseWithZod(formData, { schema: updateBusinessSchema });
  if (submission.status !== "success") return { result: translate(submission.reply()), error: null };
  const res = await api.call("POST /business/updateBusinessMetadata", { body: asFullUpdate(submission.value) });
  if (!res.ok) {
    return { result: replyWithApiError(submission, res), error: null };
  }
  throw await redirectWithToast(savedTo, { type: "success", message: words.saved });
}
