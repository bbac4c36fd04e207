import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Pages and API answers; files come precompressed from the build (react-router.config.ts buildEnd). */
const COMPRESSIBLE = /^(text\/html|application\/json)\b/;
const MIN_BYTES = 1024;
// Brotli at quality 1 costs about a fifth of gzip's default level for the same size on our pages.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };

function encodingFor(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

/**
 * Compression, once per response, at the end: the body (a page or JSON, never a stream of rows)
 * is read whole and compressed in one synchronous call, much cheaper than a CompressionStream
 * (Hono's compress()) per chunk. Responses already encoded are left alone.
 */
export const compressOnce = (): MiddlewareHandler => async (c, next) => {
  await next();
  const encoding = encodingFor(c.req.header("accept-encoding"));
  const res = c.res;
  if (!encoding || c.req.method === "HEAD" || !res.body || res.status === 204 || res.status === 304) return;
  if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
  const raw = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append("vary", "accept-encoding");
  let body: Uint8Array = raw;
  if (raw.byteLength >= MIN_BYTES) {
    body = encoding === "br" ? zlib.brotliCompressSync(raw, BROTLI) : zlib.gzipSync(raw, GZIP);
    headers.set("content-encoding", encoding);
  }
  headers.set("content-length", String(body.byteLength));
  // Unset first: Hono's setter would otherwise copy the old headers (length, vary) over ours.
  c.res = undefined;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
};
