import type { DocumentPurpose } from "#contracts/enums.ts";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "#contracts/constants.ts";
import { apiUrl } from "./api-url";
import { uploadWithProgress } from "./upload-with-progress.client";

/** Without JavaScript a picked file is posted with the form as `<field>__file` (see routes/customer/card-editor/card-editor.server.ts). */
export const FILE_SUFFIX = "__file";
/** Without JavaScript "Remove image" is a checkbox `<field>__remove`. */
export const REMOVE_SUFFIX = "__remove";

export const UPLOAD_URL = apiUrl("POST /document/uploadDoc");

/** The picture types the editor accepts (the API re-encodes them). */
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp";

/**
 * The API's own rules checked in the browser before a byte is sent (a 12 MB photo on a slow
 * connection should not upload for a minute to be refused): the API's sentence, or null.
 */
export function checkImageFile(file: { size: number; type: string }): string | null {
  if (file.type && !IMAGE_TYPES.split(",").includes(file.type)) return UPLOAD_MESSAGES.wrongImageType;
  if (file.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.imageTooLarge(file.size);
  return null;
}

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/** Sends one picked file to the API (uploadWithProgress), reporting the percentage sent. */
export function uploadFile(
  file: File,
  target: { purpose: DocumentPurpose; businessId: number },
  onProgress: (percent: number) => void,
): { promise: Promise<UploadResult>; abort: () => void } {
  const body = new FormData();
  body.append("file", file);
  body.append("hierarchy1", target.purpose);
  body.append("hierarchy2", String(target.businessId));
  const upload = uploadWithProgress(UPLOAD_URL, body, onProgress);
  const promise = upload.promise.then((outcome): UploadResult => {
    if (outcome.kind === "failed") return { ok: false, message: "The upload failed. Check your connection and try again." };
    if (outcome.kind === "aborted") return { ok: false, message: "The upload was cancelled." };
    const { status } = outcome;
    const res = outcome.body as { url?: unknown; message?: unknown; fieldErrors?: Record<string, string[]> };
    if (status >= 200 && status < 300 && typeof res.url === "string") {
      onProgress(100);
      return { ok: true, url: res.url };
    }
    return { ok: false, message: res.fieldErrors?.file?.[0] ?? (typeof res.message === "string" ? res.message : `Upload failed (${status}).`) };
  });
  return { promise, abort: upload.abort };
}
