/**
 * The demo greeting posts' pictures are drawn on their first read (ADR 0021), but never on a
 * page's critical path (issue 23): listing posts returns at once, and each picture is drawn when
 * the browser asks GET /uploads for it.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { Hono } from "hono";
import sharp from "sharp";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { serveUploads } from "#server/services/storage/serve.ts";
import { drawDemoMedia } from "#server/api/greetings/service.ts";

let t: TestApi;
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

test("a list of demo posts draws none of their pictures; GET /uploads draws one when asked, once", async () => {
  const res = await t.requestAs("customer", "GET", "/image-post", { query: { date: today, mediaType: "IMAGE", postShape: "SQUARE", pageSize: 10 } });
  expect(res.status).toBe(200);
  const posts = res.json.list as { url: string; lowQualityUrl: string | null }[];
  expect(posts.length).toBeGreaterThan(0);
  const key = (url: string) => url.replace(/^\/uploads\//, "");
  expect(posts[0].url).toMatch(/^\/uploads\/demo\/greetings\//);
  // Nothing drawn for the list: the page that shows it did not wait.
  for (const p of posts) expect(await t.deps.storage.get(key(p.url)), p.url).toBeNull();

  const web = new Hono().get("/uploads/*", serveUploads(t.deps.storage, (k) => drawDemoMedia(t.deps.storage, k)));
  const [a, b] = await Promise.all([web.request(posts[0].url), web.request(posts[0].url)]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(a.headers.get("content-type")).toBe("image/jpeg");
  const bytes = Buffer.from(await a.arrayBuffer());
  expect(Buffer.from(await b.arrayBuffer()).equals(bytes)).toBe(true);
  expect((await sharp(bytes).metadata()).width).toBe(1080);
  expect((await t.deps.storage.get(key(posts[0].url)))?.bytes.byteLength).toBe(bytes.byteLength);

  // Any other missing file is still a plain 404.
  expect((await web.request("/uploads/1/business-logo/1/abcdef0123456789abcdef0123456789.png")).status).toBe(404);
});
