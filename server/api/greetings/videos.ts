import { and, countDistinct, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { ApiError, notFound, unauthorized } from "#server/api/lib/errors.ts";
import { lockBusiness } from "#server/api/payments/service.ts";
import { assertWithinLimit, limitWindowStart } from "#server/api/payments/service.ts";
import { brandBusiness } from "./frame.ts";
import { withSource } from "#contracts/card-sources.ts";
import { visiblePost } from "./posts.ts";
import { assertReadable, greetingScope } from "./scope.ts";
import { assertNotPaused } from "./gates.ts";
import { greetingVideoRenders } from "#server/db/schema/greeting-videos.ts";
import { defineJob } from "#server/services/queue/index.ts";
import { GREETING_VIDEO_TEXTS } from "#contracts/greeting-videos-texts.ts";
import type { GreetingVideoDto } from "#contracts/greeting-videos.ts";

/*
 * Branded greeting videos (ADR 0022): one render per (post, business, brand version), made by a
 * queue job (job.ts). Asking twice, or from two tabs at once, gives the same render; a new logo
 * or frame is a new brand version and so a new render.
 */

/** stately: one waiting and one running job per render, whatever the clicks. */
export const greetingVideoJob = defineJob<{ renderId: number }>("greeting-video.render", {
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
});

type RenderRow = typeof greetingVideoRenders.$inferSelect;

/**
 * The post (a visible VIDEO post) and the business's brand as the frame would draw it now: with
 * `linkOrigin`, the card's link and a QR code naming this greeting (ADR 0068), as on images.
 */
async function postAndBrand(deps: Deps, actor: Actor, agency: AgencyRow, imageId: number, businessId: number, linkOrigin: string) {
  if (actor.kind === "anonymous") throw unauthorized();
  const scope = greetingScope(agency, actor);
  assertReadable(scope);
  await assertNotPaused(deps.db, agency, actor, deps.now());
  const post = await visiblePost(deps.db, scope, imageId);
  if (post.mediaType !== "VIDEO") throw notFound(GREETING_VIDEO_TEXTS.notAVideo);
  const b = await brandBusiness(deps.db, actor, agency.id, businessId, linkOrigin);
  const details = b.details.cardUrl ? { ...b.details, cardQr: withSource(b.details.cardUrl, { source: "greeting", greetingId: imageId }) } : b.details;
  return { post, version: b.version, dailyVideoLimit: b.gate.dailyVideoLimit, brand: { details, settings: b.settings, logoUrl: b.logoUrl } };
}

function toDto(deps: Deps, imageId: number, businessId: number, row: RenderRow | undefined): GreetingVideoDto {
  if (!row) return { imageId, businessId, status: "none", percent: 0, url: null, bytes: null, error: null, updatedAt: null };
  const ready = row.status === "ready" && row.outputKey;
  return {
    imageId,
    businessId,
    status: row.status,
    percent: ready ? 100 : row.percent,
    url: ready ? deps.storage.publicUrl(row.outputKey!) : null,
    bytes: ready ? row.outputBytes : null,
    error: row.status === "failed" ? (row.error ?? GREETING_VIDEO_TEXTS.failedGeneric) : null,
    updatedAt: row.updatedAt,
  };
}

const renderOf = (imageId: number, businessId: number, version: string) =>
  and(eq(greetingVideoRenders.imageId, imageId), eq(greetingVideoRenders.businessId, businessId), eq(greetingVideoRenders.brandVersion, version));

/** A waiting or running render whose job the queue no longer has (ended, or lost with a crash) failed. */
const STALE_AFTER_MS = 2 * 60_000;

/** GET /image-post/{imageId}/branded-video: where this business's branded video of the post stands. */
export async function greetingVideoStatus(deps: Deps, actor: Actor, agency: AgencyRow, imageId: number, businessId: number, linkOrigin: string) {
  const { version } = await postAndBrand(deps, actor, agency, imageId, businessId, linkOrigin);
  const [row] = await deps.db.select().from(greetingVideoRenders).where(renderOf(imageId, businessId, version)).limit(1);
  if (row && (row.status === "queued" || row.status === "rendering") && row.jobId && deps.queue && deps.now().getTime() - row.updatedAt.getTime() > STALE_AFTER_MS) {
    const state = await deps.queue.jobState(greetingVideoJob, row.jobId);
    if (state === null || state === "failed" || state === "cancelled") {
      const [failed] = await deps.db
        .update(greetingVideoRenders)
        .set({ status: "failed", error: GREETING_VIDEO_TEXTS.failedGeneric, finishedAt: deps.now() })
        .where(and(eq(greetingVideoRenders.renderId, row.renderId), eq(greetingVideoRenders.jobId, row.jobId), inArray(greetingVideoRenders.status, ["queued", "rendering"])))
        .returning();
      return toDto(deps, imageId, businessId, failed ?? row);
    }
  }
  return toDto(deps, imageId, businessId, row);
}

/**
 * POST /image-post/{imageId}/branded-video: start (or reuse) the render of this post with the
 * business's current brand. Counts against "greeting videos per day" once per post and day (the
 * same post again, even with a new frame, is free); a failed render asked again is retried.
 */
export async function requestGreetingVideo(deps: Deps, actor: Actor, agency: AgencyRow, imageId: number, businessId: number, linkOrigin: string) {
  const queue = deps.queue;
  if (!queue) throw new ApiError(503, GREETING_VIDEO_TEXTS.unavailable);
  const { version, brand, dailyVideoLimit } = await postAndBrand(deps, actor, agency, imageId, businessId, linkOrigin);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    // One request per business at a time: a double click finds the first one's row and job.
    await lockBusiness(tx, agency.id, businessId);
    const [existing] = await tx.select().from(greetingVideoRenders).where(renderOf(imageId, businessId, version)).limit(1);
    if (existing && existing.status !== "failed" && existing.jobId) return existing;
    let renderId = existing?.renderId;
    if (!existing) {
      const since = limitWindowStart("greetingVideos", now)!;
      const today = and(eq(greetingVideoRenders.businessId, businessId), gte(greetingVideoRenders.createdAt, since));
      const [{ samePost }] = await tx
        .select({ samePost: sql<number>`count(*)`.mapWith(Number) })
        .from(greetingVideoRenders)
        .where(and(today, eq(greetingVideoRenders.imageId, imageId)));
      if (samePost === 0) {
        const [{ used }] = await tx
          .select({ used: countDistinct(greetingVideoRenders.imageId) })
          .from(greetingVideoRenders)
          .where(and(today, ne(greetingVideoRenders.imageId, imageId)));
        await assertWithinLimit(tx, { businessId, kind: "greetingVideos", now, used, override: dailyVideoLimit });
      }
      [{ renderId }] = await tx
        .insert(greetingVideoRenders)
        .values({ agencyId: agency.id, businessId, imageId, brandVersion: version, brand, createdAt: now, updatedAt: now })
        .returning({ renderId: greetingVideoRenders.renderId });
    }
    // The job is sent in this transaction: it exists exactly when the row does (and a failed
    // render asked again gets a new one); the stately key keeps it to one per render.
    const jobId = await queue.send(greetingVideoJob, { renderId: renderId! }, { singletonKey: `render:${renderId}`, tx });
    const [current] = await tx
      .update(greetingVideoRenders)
      .set({ status: "queued", percent: 0, error: null, finishedAt: null, ...(jobId && { jobId }) })
      .where(eq(greetingVideoRenders.renderId, renderId!))
      .returning();
    return current;
  });
  return toDto(deps, imageId, businessId, row);
}
