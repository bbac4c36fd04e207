/**
 * Branded greeting videos (ADR 0022): POST/GET /image-post/{imageId}/branded-video, rendered by
 * the real queue worker with the real ffmpeg, on the database under test (PGlite, or PostgreSQL
 * with DATABASE_URL). The test videos are made here with ffmpeg's test sources.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { businesses } from "#server/db/schema/business.ts";
import { greetingVideoRenders } from "#server/db/schema/greeting-videos.ts";
import { imageSubcategories } from "#server/db/schema/content.ts";
import { greetingVideoJob } from "#server/api/greetings/videos.ts";
import { renderGreetingVideo } from "#server/api/greetings/video-job.ts";
import { keyOfUrl } from "#server/api/greetings/media.ts";
import { TRIAL_LIMITS } from "#server/api/payments/limits.ts";
import { findFfmpeg, probeMedia, runFfmpeg } from "#server/services/video/ffmpeg.ts";
import { GREETING_VIDEO_OUTPUT } from "#server/services/video/brand-video.ts";
import { GREETING_VIDEO_TEXTS } from "#contracts/greeting-videos-texts.ts";
import { Hono } from "hono";
import { serveUploads } from "#server/services/storage/serve.ts";
import { ROLES, createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard, insertBusiness } from "../support/factories.ts";
import { decodeQr } from "../support/qr-decode.ts";

let t: TestApi;
let dir: string;
const ffmpeg = findFfmpeg().path;
const posts: Record<"withSound" | "silentStory" | "square" | "image" | "broken", number> = { withSound: 0, silentStory: 0, square: 0, image: 0, broken: 0 };

async function makeVideo(file: string, o: { width: number; height: number; seconds: number; sound: boolean }) {
  const args = ["-y", "-f", "lavfi", "-i", `testsrc=size=${o.width}x${o.height}:rate=25:duration=${o.seconds}`];
  if (o.sound) args.push("-f", "lavfi", "-i", `sine=frequency=440:duration=${o.seconds}`, "-c:a", "aac");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file);
  await runFfmpeg({ binary: ffmpeg, args, timeoutMs: 30_000 });
  return fs.readFileSync(file);
}

async function upload(bytes: Uint8Array, name: string, type: string, fields: Record<string, string | number>) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name, { type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  const res = await t.request("POST", "/image-post", { rawBody: form, cookie: await t.signInAs("admin"), host: ROLES.admin.host });
  if (res.status !== 200) throw new Error(`upload ${name}: ${res.status} ${res.text}`);
  return res.json.imageId as number;
}

/** A business of the seeded customer whose plan allows unlimited greeting videos. */
async function unlimitedBusiness() {
  const b = await insertBusiness(t, { paid: true, expiry: new Date(Date.now() + 30 * 86_400_000) });
  await t.db
    .update(businesses)
    .set({ planLimits: { ...TRIAL_LIMITS, greetingVideosLimit: -1 } })
    .where(eq(businesses.businessId, b.businessId));
  return b;
}

const post = (role: RoleName, imageId: number, businessId: number) =>
  t.requestAsUnchecked(role, "POST", `/image-post/${imageId}/branded-video`, { body: { businessId } });
const status = (role: RoleName, imageId: number, businessId: number) =>
  t.requestAsUnchecked(role, "GET", `/image-post/${imageId}/branded-video`, { query: { businessId } });

/** Waits (on the API's answer, not a clock) until the render is no longer waiting or running. */
async function finished(imageId: number, businessId: number) {
  const seen = new Set<string>();
  let last: { status: string; percent: number; url: string | null; bytes: number | null; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const res = await status("customer", imageId, businessId);
        last = res.json;
        seen.add(`${last!.status}`);
        return last!.status;
      },
      { timeout: 90_000, interval: 100 },
    )
    .toMatch(/^(ready|failed)$/);
  return { ...last!, seen };
}

async function downloaded(url: string) {
  const key = keyOfUrl(t.deps.storage, url);
  expect(key).toMatch(/\.mp4$/);
  const file = await t.deps.storage.get(key!);
  const out = path.join(dir, `${path.basename(key!)}`);
  fs.writeFileSync(out, file!.bytes);
  return { file: out, bytes: file!.bytes.byteLength, contentType: file!.contentType };
}

/** Mean absolute difference of two videos' frames at `second`, in rows [from, to) of the picture (0–1). */
async function frameDifference(a: string, b: string, second: number, from: number, to: number, width: number, height: number) {
  const grab = async (file: string) => {
    const out = path.join(dir, `${path.basename(file)}-${second}.png`);
    await runFfmpeg({ binary: ffmpeg, args: ["-y", "-ss", String(second), "-i", file, "-frames:v", "1", "-vf", `scale=${width}:${height}`, out], timeoutMs: 30_000 });
    return sharp(out).removeAlpha().raw().toBuffer();
  };
  const [pa, pb] = await Promise.all([grab(a), grab(b)]);
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(from * height); y < Math.floor(to * height); y++) {
    for (let i = y * width * 3; i < (y + 1) * width * 3; i++) {
      sum += Math.abs(pa[i] - pb[i]);
      n++;
    }
  }
  return sum / n;
}

beforeAll(async () => {
  t = await createTestApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-greeting-videos-"));
  // This file runs the render worker (the harness runs none by default).
  await t.queue.work(greetingVideoJob, (job) => renderGreetingVideo(t.deps, job), { pollingIntervalSeconds: 0.5 });
  const [sub] = await t.db.select({ id: imageSubcategories.imageSubcategoryId }).from(imageSubcategories).limit(1);
  const withSound = await makeVideo(path.join(dir, "with-sound.mp4"), { width: 480, height: 480, seconds: 2, sound: true });
  const silentStory = await makeVideo(path.join(dir, "silent-story.mp4"), { width: 360, height: 640, seconds: 1, sound: false });
  posts.withSound = await upload(withSound, "with-sound.mp4", "video/mp4", { imageSubcategoryId: sub.id });
  const square = await makeVideo(path.join(dir, "square.mp4"), { width: 720, height: 720, seconds: 1, sound: false });
  posts.square = await upload(square, "square.mp4", "video/mp4", { imageSubcategoryId: sub.id });
  posts.silentStory = await upload(silentStory, "silent-story.mp4", "video/mp4", { imageSubcategoryId: sub.id, postShape: "STORY" });
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#ffcc00" } }).png().toBuffer();
  posts.image = await upload(png, "still.png", "image/png", { imageSubcategoryId: sub.id });
  // An MP4 header and nothing a decoder can read.
  const broken = Buffer.concat([withSound.subarray(0, 32), Buffer.alloc(4000, 7)]);
  posts.broken = await upload(broken, "broken.mp4", "video/mp4", { imageSubcategoryId: sub.id });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a branded greeting video", () => {
  test("is made in the background: queued, then ready as an H.264/AAC MP4 of the post's length with the frame on it", async () => {
    const b = await unlimitedBusiness();
    const before = await status("customer", posts.withSound, b.businessId);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ status: "none", url: null });

    const asked = await post("customer", posts.withSound, b.businessId);
    expect(asked.status).toBe(200);
    expect(["queued", "rendering", "ready"]).toContain(asked.json.status);

    const done = await finished(posts.withSound, b.businessId);
    expect(done).toMatchObject({ status: "ready", percent: 100, error: null });
    const file = await downloaded(done.url!);
    expect(file.contentType).toBe("video/mp4");
    expect(file.bytes).toBe(done.bytes);
    expect(file.bytes).toBeLessThanOrEqual(GREETING_VIDEO_OUTPUT.maxBytes);
    const info = await probeMedia(ffmpeg, file.file);
    expect(info.video).toMatchObject({ codec: "h264", pixelFormat: "yuv420p", width: 480, height: 480 });
    expect(info.audio).toMatchObject({ codec: "aac" });
    expect(info.durationSeconds).toBeGreaterThan(1.8);
    expect(info.durationSeconds).toBeLessThan(2.3);

    // The frame is drawn at the bottom; the top of the picture is the post itself.
    const raw = path.join(dir, "with-sound.mp4");
    expect(await frameDifference(raw, file.file, 1, 0.88, 1, 240, 240)).toBeGreaterThan(20);
    expect(await frameDifference(raw, file.file, 1, 0, 0.4, 240, 240)).toBeLessThan(8);
  }, 120_000);

  test("carries the card's link as a QR code that names the greeting, as images do (ADR 0068)", async () => {
    const card = await createCard(t, { paid: true, expiry: new Date(Date.now() + 30 * 86_400_000) });
    await t.db.update(businesses).set({ planLimits: { ...TRIAL_LIMITS, greetingVideosLimit: -1 } }).where(eq(businesses.businessId, card.businessId));
    expect((await post("customer", posts.square, card.businessId)).status).toBe(200);
    const done = await finished(posts.square, card.businessId);
    expect(done.status).toBe("ready");
    const file = (await downloaded(done.url!)).file;
    const still = path.join(dir, "square-still.png");
    await runFfmpeg({ binary: ffmpeg, args: ["-y", "-ss", "0.5", "-i", file, "-frames:v", "1", still], timeoutMs: 30_000 });
    const scanned = await decodeQr(fs.readFileSync(still));
    expect(scanned?.text).toBe(`http://${ROLES.customer.host}/${card.cardId}?src=greeting-${posts.square}`);
  }, 120_000);

  test("a post without sound gets a silent AAC track; a story keeps its shape", async () => {
    const b = await unlimitedBusiness();
    expect((await post("customer", posts.silentStory, b.businessId)).status).toBe(200);
    const done = await finished(posts.silentStory, b.businessId);
    expect(done.status).toBe("ready");
    const info = await probeMedia(ffmpeg, (await downloaded(done.url!)).file);
    expect(info.video).toMatchObject({ codec: "h264", width: 360, height: 640 });
    expect(info.audio).toMatchObject({ codec: "aac" });
  }, 120_000);

  test("a double click asks once: both answers are the same render, one job", async () => {
    const b = await unlimitedBusiness();
    const [a, c] = await Promise.all([post("customer", posts.withSound, b.businessId), post("customer", posts.withSound, b.businessId)]);
    expect([a.status, c.status]).toEqual([200, 200]);
    const rows = await t.db
      .select()
      .from(greetingVideoRenders)
      .where(and(eq(greetingVideoRenders.businessId, b.businessId), eq(greetingVideoRenders.imageId, posts.withSound)));
    expect(rows).toHaveLength(1);
    const jobs = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${greetingVideoJob.name} and singleton_key = ${`render:${rows[0].renderId}`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0].n).toBe(1);
    expect((await finished(posts.withSound, b.businessId)).status).toBe("ready");
    // Asked again once made: the same video, no new render.
    const again = await post("customer", posts.withSound, b.businessId);
    expect(again.json).toMatchObject({ status: "ready", url: expect.stringMatching(/\.mp4$/) });
  }, 120_000);

  test("the MP4 is served in byte ranges, as iPhones ask for a video", async () => {
    const b = await unlimitedBusiness();
    await post("customer", posts.silentStory, b.businessId);
    const done = await finished(posts.silentStory, b.businessId);
    const web = new Hono().get("/uploads/*", serveUploads(t.deps.storage));
    const whole = await web.request(done.url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBe(done.bytes);
    const first = await web.request(done.url!, { headers: { range: "bytes=0-1" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-1/${size}`);
    expect((await first.arrayBuffer()).byteLength).toBe(2);
    const tail = await web.request(done.url!, { headers: { range: "bytes=-100" } });
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect((await web.request(done.url!, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
  }, 120_000);

  test("a file ffmpeg cannot read fails with a reason, without retries", async () => {
    const b = await unlimitedBusiness();
    await post("customer", posts.broken, b.businessId);
    const done = await finished(posts.broken, b.businessId);
    expect(done).toMatchObject({ status: "failed", url: null, error: "The greeting's file is not a video we can read." });
    const [row] = await t.db.select().from(greetingVideoRenders).where(eq(greetingVideoRenders.businessId, b.businessId));
    expect(row.attempts).toBe(1);
  }, 60_000);
});

describe("who may ask, and the plan's limit", () => {
  test("the free trial's one greeting video a day: a second post is refused with the upgrade flag, the same post again is free", async () => {
    const b = await insertBusiness(t); // no payment, no expiry: on the trial
    expect((await post("customer", posts.withSound, b.businessId)).status).toBe(200);
    const second = await post("customer", posts.silentStory, b.businessId);
    expect(second.status).toBe(403);
    expect(second.json).toMatchObject({ upgrade: true, message: "The free trial allows 1 greeting video today. The Premium plan gives 10 greeting videos a day." });
    // The same post with another frame is a new render, but not a second video of the day.
    await t.db.update(businesses).set({ frameSettings: { frameName: "frame3" } }).where(eq(businesses.businessId, b.businessId));
    expect((await post("customer", posts.withSound, b.businessId)).status).toBe(200);
  });

  test("only for a business the caller may see, a video post the caller may see; others are 404", async () => {
    const mine = await unlimitedBusiness();
    expect((await t.requestUnchecked("POST", `/image-post/${posts.withSound}/branded-video`, { body: { businessId: mine.businessId } })).status).toBe(401);
    // Another customer's business, another agency's customer, an image post, a post that does not exist.
    expect((await post("foreignCustomer", posts.withSound, mine.businessId)).status).toBe(404);
    expect((await status("foreignCustomer", posts.withSound, mine.businessId)).status).toBe(404);
    expect((await post("otherAgencyCustomer", posts.withSound, mine.businessId)).status).toBe(404);
    const image = await post("customer", posts.image, mine.businessId);
    expect(image.status).toBe(404);
    expect(image.json.message).toBe(GREETING_VIDEO_TEXTS.notAVideo);
    expect((await post("customer", 999_999, mine.businessId)).status).toBe(404);
    const rows = await t.db.select().from(greetingVideoRenders).where(eq(greetingVideoRenders.businessId, mine.businessId));
    expect(rows).toHaveLength(0);
  });

  test("staff who see the business may ask for it too", async () => {
    const b = await unlimitedBusiness();
    const res = await post("admin", posts.withSound, b.businessId);
    expect(res.status).toBe(200);
    expect((await finished(posts.withSound, b.businessId)).status).toBe("ready");
  }, 120_000);
});
