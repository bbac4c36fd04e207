/**
 * A response of known length up to `maxBytes`, read into memory so that it leaves in one write
 * with its headers. @hono/node-server writes a streamed body's headers first and then each chunk
 * as the file is read: a process killed between those writes (kill -9, a crash, the OOM killer)
 * cuts a response the proxy has already begun to pass on, which it cannot retry on another
 * process (issue 27). Written whole, the proxy gets all of it or nothing, and retries nothing.
 */
export async function readWhole(res: Response, maxBytes: number): Promise<Response> {
  const length = Number(res.headers.get("content-length") ?? NaN);
  if (!res.body || !(length <= maxBytes)) return res;
  const bytes = new Uint8Array(await res.arrayBuffer());
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
}
