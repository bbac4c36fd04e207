import type { Context, MiddlewareHandler } from "hono";

/**
 * Hono's bodyLimit, minus its crash: a body without Content-Length (chunked, or a DELETE from a
 * browser, fetch or curl) is read and re-wrapped with `new Request(c.req.raw, …)`, which throws
 * when c.req.raw is @hono/node-server's lightweight request (we run it with
 * `overrideGlobalObjects: false`). Here the copy is built from the request's parts instead.
 */
export function limitBody(opts: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  // The rest of a refused body is never read, so the socket cannot serve another request: say so
  // (Connection: close) rather than keep-alive and then drop it (issue 22 L2). Set on the context
  // too, for an onError that throws (the API's error handler answers from the same context).
  const refuse = async (c: Context) => {
    c.header("connection", "close");
    const res = await opts.onError(c);
    res.headers.set("connection", "close");
    return res;
  };
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const length = raw.headers.get("content-length");
    if (length !== null && !raw.headers.has("transfer-encoding")) {
      return Number(length) > opts.maxSize ? refuse(c) : next();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > opts.maxSize) {
        await reader.cancel().catch(() => {});
        return refuse(c);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(raw.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: size ? body : null, signal: raw.signal });
    return next();
  };
}
