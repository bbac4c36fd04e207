import type { DocumentPurpose } from "#contracts/enums.ts";
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "#contracts/constants.ts";
import { apiUrl } from "./api-url";

/** Without JavaScript a picked file is posted with the form as `<field>__file` (see card-editor.server.ts). */
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

/**
 * Sends one file to the API with XMLHttpRequest (fetch cannot report upload progress) and
 * reports the percentage sent. The session cookie goes along (same origin).
 */
export function uploadFile(
  file: File,
  target: { purpose: DocumentPurpose; businessId: number },
  onProgress: (percent: number) => void,
): { promise: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve) => {
    const body = new FormData();
    body.append("file", file);
    body.append("hierarchy1", target.purpose);
    body.append("hierarchy2", String(target.businessId));
    xhr.open("POST", UPLOAD_URL);
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const res = (xhr.response ?? {}) as { url?: unknown; message?: unknown; fieldErrors?: Record<string, string[]> };
      if (xhr.status >= 200 && xhr.status < 300 && typeof res.url === "string") {
        onProgress(100);
        resolve({ ok: true, url: res.url });
      } else {
        const message = res.fieldErrors?.file?.[0] ?? (typeof res.message === "string" ? res.message : `Upload failed (${xhr.status}).`);
        resolve({ ok: false, message });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: "The upload failed. Check your connection and try again." });
    xhr.onabort = () => resolve({ ok: false, message: "The upload was cancelled." });
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
