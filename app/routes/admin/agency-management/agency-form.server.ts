import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/request-context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { ApiFailure } from "~/lib/api.server";
import { errorWordsFor, pageMessages, translateReply } from "~/lib/i18n.server";
import { fmt } from "#contracts/i18n/fmt.ts";
import { agencyFormField, agencyFormSchema } from "#contracts/agency.ts";

type Reply = SubmissionResult<string[]>;

/** What the agency form's schema can say, for its check in the browser (ADR 0066). */
export const agencyFormErrorWords = (context: Readonly<RouterContextProvider>) =>
  errorWordsFor(context, [
    "Agency name is required.",
    "Use at most {max} characters.",
    "Enter a domain like cards.example.com (no https:// or path).",
    "Enter a link starting with https://.",
    "Add at least one PDF card plan: the first one is the single PDF price.",
    "Enter the price in rupees, like 99 or 99.50.",
    "Enter the price per video in rupees, like 99 or 99.50.",
    "Enter the price per card in rupees, like 99 or 99.50.",
    "Enter the annual fee in rupees, like 99 or 99.50.",
    "Enter the greeting images monthly fee in rupees, like 99 or 99.50.",
    "Enter the trial days (0 for none).",
    "Trial days are whole days.",
    "Trial days cannot be negative.",
    "At most {max} trial days.",
    "Enter the GST percent (0 for none).",
    "GST is a whole percent.",
    "GST cannot be negative.",
    "GST can be at most 100%.",
    "Enter the grace days (0 for none).",
    "Grace days are whole days.",
    "Grace days cannot be negative.",
    "At most {max} grace days.",
  ]);

/** What the agency admin form's schema can say. */
export const adminFormErrorWords = (context: Readonly<RouterContextProvider>) =>
  errorWordsFor(context, ["Admin name is required.", "Use at most {max} characters.", "A valid phone number is required.", "A valid email is required."]);

/**
 * The agency form's post: POST /agency for a new agency, PUT /agency for one with agencyId. On
 * success, off to the agency's page with a toast; else the form back with the API's messages on
 * their fields (the API names them by body path, the form by flat name).
 */
export async function saveAgency(context: Readonly<RouterContextProvider>, formData: FormData): Promise<{ result: Reply }> {
  const submission = parseWithZod(formData, { schema: agencyFormSchema });
  if (submission.status !== "success") return { result: translateReply(context, submission.reply()) };
  const { agencyId, agency } = submission.value;
  const api = getApi(context);
  const res = agencyId ? await api.call("PUT /agency", { body: { agency: { ...agency, agencyId } } }) : await api.call("POST /agency", { body: { agency } });
  if (!res.ok) {
    return { result: submission.reply(apiErrors(res)) };
  }
  const saved = res.data.agency;
  const page = href("/panel/admin/agency-management/:agencyId", { agencyId: String(saved.agencyId) });
  const t = pageMessages(context, "staffAgencies").staffAgencies;
  const message = fmt(agencyId ? t.saved : t.created, { name: saved.agencyName });
  throw await redirectWithToast(page, { type: "success", message });
}

function apiErrors(failure: ApiFailure) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, messages] of Object.entries(failure.fieldErrors ?? {})) {
    const name = agencyFormField(path);
    if (name) fieldErrors[name] = messages;
    else formErrors.push(...messages);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(failure.message);
  return { formErrors, fieldErrors };
}
