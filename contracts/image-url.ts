import { z } from "zod";

/**
 * The one rule for every image field (logos, card photos, gallery, products, payment QR): a
 * normalised path of our own uploads (`/uploads/<segment>/…`, as POST /document/uploadDoc
 * returns them: no `.`/`..` segments, no `//`, no escapes) or an https URL (stored as the URL
 * parser normalises it). Imports only zod: safe in the browser.
 */
const UPLOAD_PATH = /^\/uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

export function normalizeImageUrl(value: string): string | null {
  const v = value.trim();
  if (v.startsWith("/")) return UPLOAD_PATH.test(v) && !v.includes("..") ? v : null;
  if (!/^https:\/\//i.test(v)) return null;
  try {
    const url = new URL(v);
    if (url.protocol !== "https:" || url.username || url.password) return null;
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** An image field's schema: the value normalised, or `message`. */
export const uploadedImageUrl = (message: string) =>
  z
    .string({ error: message })
    .max(2000, message)
    .transform((v, ctx) => {
      const normalised = normalizeImageUrl(v);
      if (normalised === null) ctx.addIssue({ code: "custom", message });
      return normalised ?? v;
    });
