import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { compressOnce } from "./compress.ts";

const page = `<!doctype html><p>${"Sharma Sweets, Pune. ".repeat(200)}</p>`;
const app = new Hono();
app.use("*", compressOnce());
app.get("/page", (c) => {
  c.header("set-cookie", "a=1");
  c.header("set-cookie", "b=2", { append: true });
  return c.html(page);
});
app.get("/small", (c) => c.json({ ok: true }));
app.get("/csv", (c) => c.body("a,b\n".repeat(1000), 200, { "content-type": "text/csv" }));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressOnce", () => {
  test("a browser that takes brotli gets the page in brotli, the same bytes once decoded, cookies kept", async () => {
    const res = await get("/page", "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  test("gzip when brotli is not offered; nothing when nothing is offered", async () => {
    const gz = await get("/page", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const plain = await get("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  test("small answers and other types (a CSV stream) go as they are", async () => {
    const small = await get("/small", "br");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const csv = await get("/csv", "br");
    expect(csv.headers.get("content-encoding")).toBeNull();
  });
});
