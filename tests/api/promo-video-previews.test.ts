/**
 * Promotional video templates' previews (issue 26, ADR 0073): a save queues the drawing of the
 * template itself with sample values, small and muted, and its poster frame; customers get both
 * URLs with the template. A preview of an older version never lands on a newer one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import sharp from "sharp";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { templatePreviewJob } from "#server/api/promo-videos/templates.ts";
import {
  PREVIEW_SIZE,
  posterTime,
  renderTemplatePreview,
} from "#server/api/promo-videos/preview.ts";
import { keyOfUrl } from "#server/api/greetings/media.ts";
import { findFfmpeg, probeMedia } from "#server/services/video/ffmpeg.ts";

let t: TestApi;
const ffmpeg = findFfmpeg().path;
type Template = {
  templateId: number;
  posterUrl: string | null;
  clipUrl: string | null;
};

beforeAll(async () => {
  t = await createTestApi();
  await t.queue.work(templatePreviewJob, (job) =>
    renderTemplatePreview(t.deps, job),
  );
});
afterAll(() => t?.close());

const layout = (key: string, y: number, start: number, end = 6) => ({
  key,
  x: 10,
  y,
  w: 80,
  h: 12,
  start,
  end,
  color: "#ffffff",
});
const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  background: "midnight",
  durationSeconds: 6,
  placeholders: [
    layout("businessName", 20, 0),
    layout("offer", 45, 1),
    layout("phone", 75, 2),
  ],
  ...extra,
});

const getTemplate = async (id: number) =>
  (
    await t.requestAs(
      "customer",
      "GET",
      `/video/template/${id}` as "/video/template/{id}",
    )
  ).json as Template;
const file = async (url: string) =>
  (await t.deps.storage.get(keyOfUrl(t.deps.storage, url)!))!.bytes;

test("the poster is taken when the most placeholders show", () => {
  expect(
    posterTime([layout("a", 0, 0), layout("b", 0, 1), layout("c", 0, 2)], 6),
  ).toBeCloseTo(2.8);
  expect(posterTime([layout("a", 0, 0, 1), layout("b", 0, 3)], 6)).toBeCloseTo(
    0.8,
  );
});

test(
  "a saved template gets a real poster frame and a short muted clip, drawn by a queue job; a later save draws again",
  { timeout: 180_000 },
  async () => {
    const saved = await t.requestAsUnchecked(
      "admin",
      "POST",
      "/video/template",
      { body: body("Preview check") },
    );
    expect(saved.status).toBe(200);
    const id = (saved.json as Template).templateId;
    // The save answers at once: the preview is not drawn on its path.
    expect((saved.json as Template).posterUrl).toBeNull();
    await expect
      .poll(async () => (await getTemplate(id)).posterUrl, {
        timeout: 150_000,
        interval: 500,
      })
      .not.toBeNull();
    const first = await getTemplate(id);

    // The poster: a 360×640 JPEG with the sample text drawn on the background (not a flat swatch).
    const poster = await file(first.posterUrl!);
    const meta = await sharp(poster).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      "jpeg",
      PREVIEW_SIZE.width,
      PREVIEW_SIZE.height,
    ]);
    const band = await sharp(poster)
      .extract({
        left: 36,
        top: Math.round(0.2 * 640),
        width: 288,
        height: Math.round(0.12 * 640),
      })
      .stats();
    expect(Math.max(...band.channels.map((c) => c.max))).toBeGreaterThan(200); // white text on the dark background

    // The clip: H.264 at the preview size, the template's length, no sound track.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-test-"));
    try {
      const clipFile = path.join(dir, "clip.mp4");
      fs.writeFileSync(clipFile, await file(first.clipUrl!));
      const info = await probeMedia(ffmpeg, clipFile);
      expect(info.video).toMatchObject({
        codec: "h264",
        width: PREVIEW_SIZE.width,
        height: PREVIEW_SIZE.height,
      });
      expect(info.audio).toBeUndefined();
      expect(info.durationSeconds).toBeGreaterThan(5.5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Served like every stored file, to anyone with the URL (a customer's page shows it).
    // A change clears the old preview and draws a new one.
    const changed = await t.requestAsUnchecked(
      "admin",
      "POST",
      "/video/template",
      {
        body: body("Preview check", { templateId: id, background: "sunrise" }),
      },
    );
    expect((changed.json as Template).posterUrl).toBeNull();
    await expect
      .poll(async () => (await getTemplate(id)).posterUrl, {
        timeout: 150_000,
        interval: 500,
      })
      .not.toBeNull();
    const second = await getTemplate(id);
    expect(second.posterUrl).not.toBe(first.posterUrl);
    expect(second.clipUrl).not.toBe(first.clipUrl);
  },
);
