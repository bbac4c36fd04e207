import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { readMedia } from "./media.ts";
import { greetingVideoRenders } from "#server/db/schema/greeting-videos.ts";
import { imagePosts } from "#server/db/schema/content.ts";
import { renderFrameOverlay } from "#server/services/branding/overlay.ts";
import type { QueueJob } from "#server/services/queue/index.ts";
import { progressWriter } from "#server/services/video/progress.ts";
import { makeRenderDir, removeOrphanRenderDirs } from "#server/services/video/temp-dirs.ts";
import { FfmpegError, findFfmpeg, probeMedia } from "#server/services/video/ffmpeg.ts";
import { VideoRejected, assertBrandable, brandVideo, outputSize } from "#server/services/video/brand-video.ts";
import { GREETING_VIDEO_TEXTS } from "#contracts/greeting-videos-texts.ts";

/** ffmpeg gets this long per render (the queue's own expiry, 15 min, is the outer bound). */
const RENDER_TIMEOUT_MS = 10 * 60_000;

/**
 * The queue job (greetingVideoJob): draw the frame for the video's size, overlay it with ffmpeg,
 * store the MP4, and keep the render row's status and percent current. A file we cannot brand
 * fails at once (no retry); anything else is retried by the queue, and fails on the last attempt.
 */
export async function renderGreetingVideo(deps: Deps, job: QueueJob<{ renderId: number }>) {
  const { db } = deps;
  const [render] = await db.select().from(greetingVideoRenders).where(eq(greetingVideoRenders.renderId, job.data.renderId)).limit(1);
  // Gone (its post or business was deleted) or already made by an earlier attempt.
  if (!render || render.status === "ready") return;
  const [post] = await db.select({ url: imagePosts.url }).from(imagePosts).where(eq(imagePosts.imageId, render.imageId)).limit(1);
  const update = (values: Partial<typeof greetingVideoRenders.$inferInsert>) =>
    db.update(greetingVideoRenders).set(values).where(eq(greetingVideoRenders.renderId, render.renderId));
  await update({ status: "rendering", percent: 0, attempts: render.attempts + 1, error: null });

  const dir = await makeRenderDir("video");
  const progress = progressWriter((percent) => update({ percent }), (err) => deps.logger.warn("Render progress not saved", { error: String(err) }));
  const onProgress = progress.onProgress;
  try {
    if (!post) throw new VideoRejected(GREETING_VIDEO_TEXTS.notAVideo);
    const bytes = await readMedia(deps.storage, post.url);
    if (!bytes) throw new VideoRejected("The greeting's video file is missing.");
    const inputFile = path.join(dir, "input.mp4");
    await fs.writeFile(inputFile, bytes);
    const ffmpeg = findFfmpeg(deps.config.FFMPEG_PATH).path;
    const info = await probeMedia(ffmpeg, inputFile).catch((err: unknown) => {
      throw err instanceof FfmpegError ? new VideoRejected("The greeting's file is not a video we can read.") : err;
    });
    assertBrandable(info);
    const size = outputSize(info.video!.width, info.video!.height);
    const { details, settings, logoUrl } = render.brand;
    const logo = logoUrl ? await readMedia(deps.storage, logoUrl) : null;
    const overlayPng = await renderFrameOverlay({ details: { ...details, logo }, settings, width: size.width, height: size.height });
    const outputFile = path.join(dir, "branded.mp4");
    const out = await brandVideo({ ffmpeg, inputFile, info, overlayPng, outputFile, onProgress, signal: job.signal, timeoutMs: RENDER_TIMEOUT_MS });
    const key = `${render.agencyId}/greeting-videos/${render.businessId}/${randomBytes(12).toString("hex")}.mp4`;
    await deps.storage.put(key, new Uint8Array(await fs.readFile(outputFile)), "video/mp4");
    await progress.settled();
    await update({
      status: "ready",
      percent: 100,
      outputKey: key,
      outputBytes: out.bytes,
      durationMs: Math.round(info.durationSeconds * 1000),
      error: null,
      finishedAt: new Date(),
    });
  } catch (err) {
    await progress.settled();
    const rejected = err instanceof VideoRejected;
    deps.logger[rejected ? "info" : "error"]("Greeting video render failed", {
      renderId: render.renderId,
      attempt: job.attempt,
      error: (err as Error).message,
      detail: err instanceof FfmpegError ? err.detail.slice(-500) : undefined,
    });
    if (rejected || (job.isLastAttempt && !job.signal.aborted)) {
      await update({ status: "failed", error: rejected ? (err as Error).message : GREETING_VIDEO_TEXTS.failedGeneric, finishedAt: new Date() });
      if (rejected) return; // nothing a retry would change
    } else {
      await update({ status: "queued", percent: 0 });
    }
    throw err;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    // And whatever a killed process left behind (its render went back to the queue).
    await removeOrphanRenderDirs();
  }
}

/**
 * The render's process died on its last attempt (the queue's heartbeat check, ADR 0039): the
 * handler never got to record the failure, so the customer would see "rendering" for ever.
 */
export async function giveUpGreetingVideo(deps: Deps, data: { renderId: number }) {
  await deps.db
    .update(greetingVideoRenders)
    .set({ status: "failed", error: GREETING_VIDEO_TEXTS.failedGeneric, finishedAt: new Date() })
    .where(and(eq(greetingVideoRenders.renderId, data.renderId), inArray(greetingVideoRenders.status, ["queued", "rendering"])));
}
