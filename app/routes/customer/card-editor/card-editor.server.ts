import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, href, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { DocumentPurpose } from "#contracts/enums.ts";
import type { ApiOutput, ApiResult } from "~/lib/api.server";
import { editorHref } from "~/lib/card-editor";
import { editorBaseFor, STAFF_EDITOR_BASE } from "~/lib/card-editor-links";
import { parseId } from "#contracts/id.ts";
import { FILE_SUFFIX, REMOVE_SUFFIX } from "~/lib/card-editor-upload";
import { loadBusinesses } from "~/lib/customer.server";
import { redirectWithToast } from "~/lib/toast.server";
import { replyWithApiError } from "~/lib/forms.server";
import { getApi } from "~/lib/request-context.server";
import { pageMessages, translateReply } from "~/lib/i18n.server";
import type { EditorText } from "./editor-context";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { languageOf } from "~/lib/i18n.server";
import {
  ACCOUNT_NUMBER_MESSAGE,
  EMAIL_MESSAGE,
  IFSC_MESSAGE,
  LINK_MESSAGE,
  PHONE_MESSAGE,
  PRICE_MESSAGE,
  REQUIRED_MESSAGE,
  THEME_COLOR_MESSAGE,
  UPI_MESSAGE,
  YOUTUBE_MESSAGE,
} from "#contracts/constants.ts";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { UNSTORABLE_MESSAGE } from "#contracts/input-rule.ts";

/**
 * The editor's schemas' messages (English keys of `errors`): sent with the layout so that
 * validation in the browser speaks the page's language too, without the whole `errors` namespace.
 */
const EDITOR_ERRORS = [
  PHONE_MESSAGE,
  EMAIL_MESSAGE,
  LINK_MESSAGE,
  REQUIRED_MESSAGE,
  "Use at most {max} characters.",
  "Use {min} to {max} characters.",
  CARD_ID_MESSAGES.characters,
  CARD_ID_MESSAGES.reserved,
  CARD_ID_MESSAGES.brand,
  CARD_ID_MESSAGES.taken,
  UPI_MESSAGE,
  IFSC_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  YOUTUBE_MESSAGE,
  PRICE_MESSAGE,
  THEME_COLOR_MESSAGE,
  "Choose a card style.",
  "Each section can appear only once.",
  "Enter a year like 1998.",
  "Enter a year from {year} onwards.",
  "The year can't be in the future.",
  "Add at most {max} contact rows.",
  "Add at most {max} bank accounts.",
  "Add at most {max} videos.",
  "Add at most {max} photos.",
  "Add at most {max} specialities.",
  "Add at most {max} products.",
  "Add at most {max} links.",
  UNSTORABLE_MESSAGE,
] as const;

export function editorErrorWords(context: Context): Record<string, string> {
  const lang = languageOf(context);
  if (lang === "en") return {};
  const errors = CATALOGUES[lang].errors as Record<string, string>;
  return Object.fromEntries(EDITOR_ERRORS.map((k) => [k, errors[k] ?? k]));
}

type Context = Readonly<RouterContextProvider>;

/**
 * The business the editor works on (`?businessId=`, else the active one) and its card, loaded
 * once per request: the layout and a section page ask side by side. Someone else's business
 * id is "not found": the customer's own list is the source of truth; for staff (the editor
 * under /panel/admin, ADR 0049) the API's GET /business/{id}, which applies `visibleTo`.
 */
type Editor = {
  business: { businessId: number; businessName: string; paymentStatus: number; expiryDateForCustomer: Date | string | null } | null;
  card: ApiOutput<"GET /getCardsByBusiness">["cards"][number] | null;
};


const notFound = (context: Context) => pageMessages(context, "cardEditor").cardEditor.notFound;

async function fetchStaffEditor(context: Context, url: URL): Promise<Editor> {
  const businessId = parseId(url.searchParams.get("businessId"));
  const res = businessId ? await getApi(context).call("GET /business/{id}", { params: { id: businessId } }) : null;
  if (!res?.ok) {
    if (!res || res.status === 404 || res.status === 422) throw data({ message: notFound(context) }, { status: 404 });
    throw data({ message: res.message }, { status: res.status });
  }
  const { cards } = await getApi(context).get("GET /getCardsByBusiness", { query: { businessId: res.data.business.businessId } });
  const { businessId: id, businessName, paymentStatus, expiryDateForCustomer } = res.data.business;
  return { business: { businessId: id, businessName, paymentStatus, expiryDateForCustomer }, card: cards[0] ?? null };
}

async function fetchEditor(context: Context, url: URL): Promise<Editor> {
  if (editorBaseFor(url.pathname) === STAFF_EDITOR_BASE) return fetchStaffEditor(context, url);
  const { businesses, active } = await loadBusinesses(context);
  const requested = url.searchParams.get("businessId");
  const business = requested ? businesses.find((b) => String(b.businessId) === requested) : active;
  if (requested && !business) throw data({ message: notFound(context) }, { status: 404 });
  if (!business) return { business: null, card: null };
  const { cards } = await getApi(context).get("GET /getCardsByBusiness", { query: { businessId: business.businessId } });
  const { businessId, businessName, paymentStatus, expiryDateForCustomer } = business;
  return { business: { businessId, businessName, paymentStatus, expiryDateForCustomer }, card: cards[0] ?? null };
}

const cache = new WeakMap<object, Promise<Editor>>();
export function loadEditor(context: Context, url: URL) {
  let p = cache.get(context);
  if (!p) {
    p = fetchEditor(context, url);
    cache.set(context, p);
  }
  return p;
}

export type SectionActionData = { result: SubmissionResult<string[]> };

/**
 * Files picked without JavaScript arrive with the form (`<field>__file`): each goes to
 * POST /document/uploadDoc and its URL takes the field's place; `<field>__remove` clears it.
 * Returns the upload errors by field.
 */
async function takeUploads(context: Context, formData: FormData, businessId: number, purpose: (field: string) => DocumentPurpose) {
  const errors: Record<string, string[]> = {};
  // A copy: entries are deleted and set while walking them.
  for (const [name, value] of Array.from(formData)) {
    if (name.endsWith(REMOVE_SUFFIX)) {
      formData.delete(name);
      if (value === "on") formData.set(name.slice(0, -REMOVE_SUFFIX.length), "");
      continue;
    }
    if (!name.endsWith(FILE_SUFFIX)) continue;
    formData.delete(name);
    if (!(value instanceof File) || value.size === 0) continue;
    const field = name.slice(0, -FILE_SUFFIX.length);
    const res = await getApi(context).call("POST /document/uploadDoc", { body: { file: value, hierarchy1: purpose(field), hierarchy2: businessId } });
    if (res.ok) formData.set(field, res.data.url);
    else {
      errors[field] = [res.fieldErrors?.file?.[0] ?? res.message];
    }
  }
  return errors;
}

/**
 * One section's save: parse with the section's form schema (list intents such as "add a
 * product" come back to the form without saving, which is how they work without JavaScript),
 * call the section's update, then redirect back with the success snackbar.
 */
export async function saveSection<S extends z.ZodType>(
  { request, url, context }: { request: Request; url: URL; context: Context },
  options: {
    schema: S;
    save: (cardNo: number, value: z.output<S>) => Promise<ApiResult<unknown>>;
    /** The success snackbar's words (a `cardEditor` key). */
    message: keyof EditorText & `saved${string}`;
    uploads?: (field: string) => DocumentPurpose;
  },
): Promise<SectionActionData> {
  const { business, card } = await loadEditor(context, url);
  if (!business) throw redirect(href("/panel/customer"));
  if (!card) throw redirect(editorHref("", business.businessId, editorBaseFor(url.pathname)));
  const formData = await request.formData();
  const uploadErrors = options.uploads ? await takeUploads(context, formData, business.businessId, options.uploads) : {};
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return { result: translateReply(context, submission.reply(Object.keys(uploadErrors).length ? { fieldErrors: uploadErrors } : undefined)) };
  }
  const res = await options.save(card.cardNo, submission.value);
  if (!res.ok) {
    return { result: replyWithApiError(submission, res) };
  }
  throw await redirectWithToast(`${url.pathname}${url.search}`, { type: "success", message: pageMessages(context, "cardEditor").cardEditor[options.message] });
}
