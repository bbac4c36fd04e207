import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { readMedia } from "#server/api/greetings/service.ts";
import { backgroundFileFor, toTemplateDto } from "./templates.ts";
import { userVideos, videoTemplates } from "#server/db/schema/content.ts";
import type { JobQueue, QueueJob } from "#server/services/queue/index.ts";
import { progressWriter } from "#server/services/video/progress.ts";
import { makeRenderDir, removeOrphanRenderDirs } from "#server/services/video/temp-dirs.ts";
import { FfmpegError, findFfmpeg } from "#server/services/video/ffmpeg.ts";
import { PROMO_VIDEO_TEXTS } from "#contracts/promo-videos-texts.ts";
import { PromoRenderRejected, renderPromoVideo } from "./render.ts";
import { userVideoJob } from "./service.ts";

/** ffmpeg gets this long per render (the queue's own expiry, 15 min, is the outer bound). */
const RENDER_TIMEOUT_MS = 10 * 60_000;

/**
 * The queue job (userVideoJob): draw the ordered video and keep its row's status and percent
 * current. What cannot be made (no template, no background) fails at once; anything else is
 * retried by the queue and fails on the last attempt. Same shape as the greeting video job.
 */
export async function renderUserVideo(deps: Deps, job: QueueJob<{ videoNo: number }>) {
  const { db } = deps;
  const [video] = await db.select().from(userVideos).where(eq(userVideos.videoNo, job.data.videoNo)).limit(1);
  // Gone, deleted, already made, or stopped by staff.
  if (!video || video.deletedAt || video.status === "ready" || video.status === "failed") return;
  const [template] = video.templateId ? await db.select().from(videoTemplates).where(eq(videoTemplates.templateId, video.templateId)).limit(1) : [];
  const update = (values: Partial<typeof userVideos.$inferInsert>) => db.update(userVideos).set({ ...values, updatedAt: new Date() }).where(eq(userVideos.videoNo, video.videoNo));
  await update({ status: "rendering", percent: 0, attempts: video.attempts + 1, error: null });

  const dir = await makeRenderDir("promo");
  const progress = progressWriter((percent) => update({ percent }), (err) => deps.logger.warn("Video progress not saved", { error: String(err) }));
  const onProgress = progress.onProgress;
  try {
    if (!template) throw new PromoRenderRejected("This video's template was removed.");
    const dto = toTemplateDto(template);
    const backgroundFile = await backgroundFileFor(deps, dto, dir);
    if (backgroundFile === null) throw new PromoRenderRejected("This template's background video is missing.");
    const values = video.details.values ?? {};
    const logo = values.logoUrl ? await readMedia(deps.storage, values.logoUrl) : null;
    const outputFile = path.join(dir, "promo.mp4");
    const out = await renderPromoVideo({
      ffmpeg: findFfmpeg(deps.config.FFMPEG_PATH).path,
      template: dto,
      backgroundFile,
      values,
      logo,
      dir,
      outputFile,
      onProgress,
      signal: job.signal,
      timeoutMs: RENDER_TIMEOUT_MS,
    });
    const key = `${video.agencyId}/user-videos/${video.businessId}/${randomBytes(12).toString("hex")}.mp4`;
    await deps.storage.put(key, new Uint8Array(await fs.readFile(outputFile)), "video/mp4");
    await progress.settled();
    await update({ status: "ready", percent: 100, outputUrl: key, outputBytes: out.bytes, error: null, finishedAt: new Date() });
  } catch (err) {
    await progress.settled();
    const rejected = err instanceof PromoRenderRejected;
    // A render stopped by the process shutting down goes back to the queue: not an error.
    const level = rejected ? "info" : job.signal.aborted ? "warn" : "error";
    deps.logger[level](job.signal.aborted ? "Promotional video render stopped; it goes back to the queue" : "Promotional video render failed", {
      videoNo: video.videoNo,
      attempt: job.attempt,
      error: (err as Error).message,
      detail: err instanceof FfmpegError ? err.detail.slice(-500) : undefined,
    });
    if (rejected || (job.isLastAttempt && !job.signal.aborted)) {
      await update({ status: "failed", error: rejected ? (err as Error).message : PROMO_VIDEO_TEXTS.failedGeneric, finishedAt: new Date() });
      if (rejected) return;
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
 * Orders that wait without a job (the seed's demo video): sent once the workers run, so they are
 * made on the first start. A stately key keeps it to one job per video.
 */
export async function requeueWaitingVideos(deps: Deps, queue: JobQueue) {
  const waiting = await deps.db
    .select({ videoNo: userVideos.videoNo })
    .from(userVideos)
    .where(and(eq(userVideos.status, "queued"), isNull(userVideos.jobId), isNull(userVideos.deletedAt)));
  for (const { videoNo } of waiting) {
    const jobId = await queue.send(userVideoJob, { videoNo }, { singletonKey: `video:${videoNo}` });
    if (jobId) await deps.db.update(userVideos).set({ jobId }).where(eq(userVideos.videoNo, videoNo));
  }
}

/**
 * The render's process died on its last attempt (the queue's heartbeat check, ADR 0039): the
 * handler never got to record the failure, so the customer would see "rendering" for ever.
 */
export async function giveUpUserVideo(deps: Deps, data: { videoNo: number }) {
  await deps.db
    .update(userVideos)
    .set({ status: "failed", error: PROMO_VIDEO_TEXTS.failedGeneric, finishedAt: new Date() })
    .where(and(eq(userVideos.videoNo, data.videoNo), inArray(userVideos.status, ["queued", "rendering"])));
}
