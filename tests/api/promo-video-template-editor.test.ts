/**
 * The admin's template editor (issue 26, ADR 0073): an uploaded background (image or MP4,
 * checked by the API) and a preview frame drawn from unsaved values, never stored.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import sharp from "sharp";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { renderTemplatePreview } from "#server/api/promo-videos/preview.ts";
import { keyOfUrl } from "#server/api/greetings/media.ts";
import { findFfmpeg } from "#server/services/video/ffmpeg.ts";
import { VIDEO_BACKGROUND_TEXTS } from "#contracts/promo-videos-texts.ts";

let t: TestApi;
let tmp: string;
const ffmpeg = findFfmpeg().path;

beforeAll(async () => {
  t = await createTestApi();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "template-editor-test-"));
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await t?.close();
});

type Upload = { backgroundUrl: string; kind: string; width: number; height: number; durationSeconds: number | null };
type Preview = { jpeg: string; width: number; height: number; at: number };

async function upload(bytes: Uint8Array, name: string, role: RoleName = "admin") {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  const res = await t.request("POST", "/video/template/background", { rawBody: form, cookie: await t.signInAs(role), host: ROLES[role].host });
  return res as { status: number; json: Upload & { message?: string; fieldErrors?: Record<string, string[]> } };
}

const solid = (width: number, height: number, rgb: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: rgb } }).png().toBuffer();

/** A short MP4 made by ffmpeg (lavfi colour), like one an admin would upload. */
function mp4(name: string, seconds: number, size = "360x640") {
  const file = path.join(tmp, name);
  execFileSync(ffmpeg, ["-y", "-v", "error", "-f", "lavfi", "-i", `color=c=0x2b8a3e:s=${size}:r=5:d=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file]);
  return new Uint8Array(fs.readFileSync(file));
}

const draft = (businessNameY: number, extra: Record<string, unknown> = {}) => ({
  background: "midnight",
  durationSeconds: 6,
  placeholders: [
    { key: "businessName", x: 10, y: businessNameY, w: 80, h: 12, start: 0, end: 6, color: "#ffffff" },
    { key: "offer", x: 10, y: 60, w: 80, h: 10, start: 1, end: 6, color: "#ffe066" },
  ],
  ...extra,
});

const preview = (body: Record<string, unknown>) => t.requestAsUnchecked("admin", "POST", "/video/template/preview", { body }) as Promise<{ status: number; json: Preview & { message?: string } }>;

/** Mean red, green, blue of a region (decoded pixels: sharp's stats() would read the whole image). */
async function meanRgb(jpeg: Uint8Array, region: { left: number; top: number; width: number; height: number }) {
  const px = await sharp(jpeg).extract(region).removeAlpha().raw().toBuffer();
  const sum = [0, 0, 0];
  for (let i = 0; i < px.length; i++) sum[i % 3] += px[i];
  return sum.map((v) => v / (px.length / 3));
}

/** How many bright (text) pixels a horizontal band of the frame holds (top and height in percent). */
async function brightIn(jpeg: Buffer, topPct: number, heightPct: number) {
  const px = await sharp(jpeg)
    .extract({ left: 36, top: Math.round((topPct / 100) * 640), width: 288, height: Math.round((heightPct / 100) * 640) })
    .greyscale()
    .raw()
    .toBuffer();
  return px.filter((v) => v > 200).length;
}

describe("POST /video/template/background", () => {
  test("an image is accepted, cropped to the 720×1280 frame and stored as a JPEG", async () => {
    const res = await upload(new Uint8Array(await solid(1000, 1500, { r: 30, g: 140, b: 60 })), "bg.png");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ kind: "image", width: 720, height: 1280, durationSeconds: null });
    const stored = await t.deps.storage.get(keyOfUrl(t.deps.storage, res.json.backgroundUrl)!);
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 720, 1280]);
    expect(keyOfUrl(t.deps.storage, res.json.backgroundUrl)).toMatch(/^platform\/video-backgrounds\/[0-9a-f]{32}\.jpg$/);
  });

  test("an MP4 is probed: its length and size come back", async () => {
    const res = await upload(mp4("ok.mp4", 3), "loop.mp4");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ kind: "video", width: 360, height: 640 });
    expect(res.json.durationSeconds).toBeCloseTo(3, 0);
  });

  test("wrong files are refused with a message on the file field", async () => {
    const refused = async (bytes: Uint8Array, name: string, message: string) => {
      const res = await upload(bytes, name);
      expect(res.status, name).toBe(422);
      expect(res.json.fieldErrors?.file, name).toEqual([message]);
    };
    await refused(new TextEncoder().encode("%PDF-1.4 not a picture"), "doc.pdf", VIDEO_BACKGROUND_TEXTS.wrongType);
    await refused(new TextEncoder().encode("hello"), "notes.txt", VIDEO_BACKGROUND_TEXTS.wrongType);
    await refused(new Uint8Array(await solid(200, 300, { r: 0, g: 0, b: 0 })), "small.png", VIDEO_BACKGROUND_TEXTS.tooSmall);
    // A PNG signature followed by 5 MB and a bit: refused by size before anything decodes it.
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await refused(big, "huge.png", VIDEO_BACKGROUND_TEXTS.imageTooLarge);
    const junk = new Uint8Array(4000);
    junk.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom")]);
    await refused(junk, "broken.mp4", VIDEO_BACKGROUND_TEXTS.badVideo);
    await refused(mp4("long.mp4", 61, "360x640"), "long.mp4", VIDEO_BACKGROUND_TEXTS.videoTooLong);
    await refused(mp4("tiny.mp4", 2, "320x240"), "tiny.mp4", VIDEO_BACKGROUND_TEXTS.tooSmall);
  }, 60_000);

  test("only managers of video templates may upload", async () => {
    expect((await upload(new Uint8Array(await solid(400, 700, { r: 0, g: 0, b: 0 })), "bg.png", "customer")).status).toBeGreaterThanOrEqual(403);
  });
});

describe("POST /video/template/preview", () => {
  test("draws a 360×640 JPEG of the unsaved values, which follows a placeholder that moved", async () => {
    const before = await preview(draft(15));
    expect(before.status).toBe(200);
    const a = Buffer.from(before.json.jpeg, "base64");
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 360, 640]);
    expect(before.json).toMatchObject({ width: 360, height: 640 });

    const after = await preview(draft(35));
    const b = Buffer.from(after.json.jpeg, "base64");
    expect(b.equals(a)).toBe(false);
    // The white business name left the band at 15–27 % and now shows at 35–47 %.
    expect(await brightIn(a, 15, 12)).toBeGreaterThan(300);
    expect(await brightIn(a, 35, 12)).toBe(0);
    expect(await brightIn(b, 35, 12)).toBeGreaterThan(300);
    expect(await brightIn(b, 15, 12)).toBe(0);
  }, 60_000);

  test("draws on an uploaded background; one that is not this agency's is refused", async () => {
    const bg = await upload(new Uint8Array(await solid(720, 1280, { r: 20, g: 160, b: 60 })), "green.png");
    const res = await preview(draft(15, { backgroundUrl: bg.json.backgroundUrl }));
    expect(res.status).toBe(200);
    const [r, g, b] = await meanRgb(Buffer.from(res.json.jpeg, "base64"), { left: 0, top: 600, width: 40, height: 40 });
    expect(g).toBeGreaterThan(120);
    expect(r).toBeLessThan(80);
    expect(b).toBeLessThan(100);

    // Another agency's file (stored under its id) and a made-up URL: refused on the field.
    const foreignKey = `999/video-backgrounds/${"a".repeat(32)}.jpg`;
    await t.deps.storage.put(foreignKey, await sharp(await solid(720, 1280, { r: 0, g: 0, b: 0 })).jpeg().toBuffer(), "image/jpeg");
    for (const backgroundUrl of [t.deps.storage.publicUrl(foreignKey), "https://example.com/bg.jpg"]) {
      const refused = await preview(draft(15, { backgroundUrl }));
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe(VIDEO_BACKGROUND_TEXTS.notFound);
    }
  }, 60_000);

  test("nothing is saved by a preview", async () => {
    const list = async () => (await t.requestAs("admin", "GET", "/video/template", { query: { page: 1, pageSize: 100 } })).json.total;
    const before = await list();
    expect((await preview(draft(20))).status).toBe(200);
    expect(await list()).toBe(before);
  }, 60_000);
});

test("a template saved with an uploaded background renders on it (its poster frame), and keeps it", async () => {
  const bg = await upload(new Uint8Array(await solid(720, 1280, { r: 20, g: 160, b: 60 })), "green.png");
  const saved = await t.requestAsUnchecked("admin", "POST", "/video/template", { body: { name: "Green shop", ...draft(15, { backgroundUrl: bg.json.backgroundUrl }) } });
  expect(saved.status).toBe(200);
  const tpl = saved.json as { templateId: number; background: string | null; previewUrl: string };
  expect(tpl.background).toBeNull();
  expect(tpl.previewUrl).toBe(bg.json.backgroundUrl);

  await renderTemplatePreview(t.deps, { data: { templateId: tpl.templateId }, signal: new AbortController().signal });
  const got = (await t.requestAs("admin", "GET", `/video/template/${tpl.templateId}` as "/video/template/{id}")).json;
  expect(got.posterUrl).not.toBeNull();
  const poster = (await t.deps.storage.get(keyOfUrl(t.deps.storage, got.posterUrl!)!))!.bytes;
  const [r, g] = await meanRgb(poster, { left: 0, top: 600, width: 40, height: 40 });
  expect(g).toBeGreaterThan(120);
  expect(r).toBeLessThan(80);

  // A save without backgroundUrl goes back to the generated background (the form keeps the upload in a hidden field).
  const again = await t.requestAsUnchecked("admin", "POST", "/video/template", { body: { templateId: tpl.templateId, name: "Green shop", ...draft(15) } });
  expect((again.json as { background: string | null }).background).toBe("midnight");
}, 180_000);
