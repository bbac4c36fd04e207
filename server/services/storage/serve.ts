import type { Context } from "hono";
import { PUBLIC_UPLOADS_PATH, isValidKey, type Storage } from "./index.ts";

/**
 * GET /uploads/<key>: public card images (and PDFs) from whichever storage is configured.
 * Keys are random and never rewritten, so browsers and CDNs may keep them for a year. nosniff
 * and a sandboxing CSP keep a stored file from ever running as a page of our origin.
 */
export function serveUploads(storage: Storage) {
  return async (c: Context) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(PUBLIC_UPLOADS_PATH.length + 1));
    } catch {
      return c.text("Not found.", 404);
    }
    if (!isValidKey(key)) return c.text("Not found.", 404);
    const file = await storage.get(key);
    if (!file) return c.text("Not found.", 404, { "cache-control": "no-store" });
    return new Response(c.req.method === "HEAD" ? null : (file.bytes as Uint8Array<ArrayBuffer>), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.bytes.byteLength),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cross-origin-resource-policy": "cross-origin",
      },
    });
  };
}
