import type { Context } from "hono";
import { PUBLIC_UPLOADS_PATH, isValidKey, type Storage } from "./index.ts";

/**
 * GET /uploads/<key>: public card images (and PDFs) from whichever storage is configured.
 * Keys are random and never rewritten, so browsers and CDNs may keep them for a year. nosniff
 * and a sandboxing CSP keep a stored file from ever running as a page of our origin.
 * `whenMissing` may make a file that is not there yet (the demo greetings, drawn on first read).
 */
export function serveUploads(storage: Storage, whenMissing?: (key: string) => Promise<unknown>) {
  return async (c: Context) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(PUBLIC_UPLOADS_PATH.length + 1));
    } catch {
      return c.text("Not found.", 404);
    }
    if (!isValidKey(key)) return c.text("Not found.", 404);
    let file = await storage.get(key);
    if (!file && whenMissing && (await whenMissing(key))) file = await storage.get(key);
    if (!file) return c.text("Not found.", 404, { "cache-control": "no-store" });
    const headers: Record<string, string> = {
      "content-type": file.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
      // iPhones play a <video> only from a server that answers byte ranges (greeting videos, ADR 0022).
      "accept-ranges": "bytes",
    };
    const size = file.bytes.byteLength;
    const range = byteRange(c.req.header("range"), size);
    if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    const [start, end] = range ?? [0, size - 1];
    const body = c.req.method === "HEAD" ? null : (file.bytes.subarray(start, end + 1) as Uint8Array<ArrayBuffer>);
    headers["content-length"] = String(end - start + 1);
    if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
    return new Response(body, { status: range ? 206 : 200, headers });
  };
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null for none (or several: the whole file). */
function byteRange(header: string | undefined, size: number): [number, number] | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return "unsatisfiable";
  return [start, end];
}
