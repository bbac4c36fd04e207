import type { RouterContextProvider } from "react-router";
import type { DocumentPurpose } from "#contracts/enums.ts";
import { FILE_SUFFIX, REMOVE_SUFFIX } from "./card-editor-upload";
import { getApi, getSession } from "./request-context.server";

/**
 * A platform content picture picked in a staff form (category pages, link icons; ADR 0020; an agency's logo and favicon, ADR 0019),
 * posted with the form as `<field>__file` (multipart, so it works without JavaScript): it goes to
 * POST /document/uploadDoc for the caller's agency and its URL takes the field's place;
 * `<field>__remove` clears the field. Returns the upload's refusal, or null.
 */
export async function takeContentUpload(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  field: string,
  purpose: Extract<DocumentPurpose, "static-page" | "link-icon" | "branding">,
): Promise<string | null> {
  const file = formData.get(`${field}${FILE_SUFFIX}`);
  formData.delete(`${field}${FILE_SUFFIX}`);
  if (formData.get(`${field}${REMOVE_SUFFIX}`) === "on") formData.set(field, "");
  formData.delete(`${field}${REMOVE_SUFFIX}`);
  if (!(file instanceof File) || file.size === 0) return null;
  const res = await getApi(context).call("POST /document/uploadDoc", {
    body: { file, hierarchy1: purpose, hierarchy2: getSession(context).agency.agencyId },
  });
  if (!res.ok) {
    return res.fieldErrors?.file?.[0] ?? res.message;
  }
  formData.set(field, res.data.url);
  return null;
}
