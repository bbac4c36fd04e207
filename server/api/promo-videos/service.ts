import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { ApiError, conflict, notFound, unauthorized } from "#server/api/lib/errors.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { brandBusiness } from "#server/api/greetings/service.ts";
import { lockBusiness } from "#server/api/payments/service.ts";
import { assertWithinLimit } from "#server/api/payments/service.ts";
import { consumeCredit, creditLedger } from "#server/api/payments/service.ts";
import { usableTemplate } from "./templates.ts";
import { businesses } from "#server/db/schema/business.ts";
import { userVideos, videoTemplates } from "#server/db/schema/content.ts";
import { defineJob } from "#server/services/queue/index.ts";
import { PROMO_VIDEO_TEXTS } from "#contracts/promo-videos-texts.ts";
import type { UserVideoDto, userVideoBody, userVideoListQuery, userVideoStatusBody } from "#contracts/promo-videos.ts";

/** One promotional video paid online is a credit on the business (user_video_payments); payments is handed this ledger by server/api/ledgers.ts. */
export const promoVideoLedger = creditLedger("user-video");

/*
 * User videos (ADR 0025): a customer orders a template with their texts; the row is the order
 * and its render's state, made by a queue job (job.ts). The business's plan limit
 * (promotionalVideo, over its life) is used first, then a bought video credit (ADR 0015).
 */

/** stately: one waiting and one running job per video, whatever the clicks. */
export const userVideoJob = defineJob<{ videoNo: number }>("user-video.render", {
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
});

const columns = {
  video: userVideos,
  businessName: businesses.businessName,
  templateName: videoTemplates.name,
};
type Joined = { video: typeof userVideos.$inferSelect; businessName: string; templateName: string | null };

function toDto(deps: Deps, r: Joined): UserVideoDto {
  const v = r.video;
  const ready = v.status === "ready" && !!v.outputUrl;
  const { logoUrl: _logo, ...values } = v.details.values ?? {};
  return {
    videoNo: v.videoNo,
    businessId: v.businessId,
    businessName: r.businessName,
    templateId: v.templateId,
    templateName: r.templateName,
    status: v.status,
    percent: ready ? 100 : v.percent,
    values,
    url: ready ? deps.storage.publicUrl(v.outputUrl!) : null,
    bytes: ready ? v.outputBytes : null,
    error: v.status === "failed" ? (v.error ?? PROMO_VIDEO_TEXTS.failedGeneric) : null,
    isPaid: v.isPaid,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

function selectVisible(deps: Deps, actor: Actor, agencyId: number, where?: SQL) {
  return deps.db
    .select(columns)
    .from(userVideos)
    .innerJoin(businesses, eq(businesses.businessId, userVideos.businessId))
    .leftJoin(videoTemplates, eq(videoTemplates.templateId, userVideos.templateId))
    .where(and(eq(userVideos.agencyId, agencyId), isNull(userVideos.deletedAt), visibleTo(actor, agencyId), where));
}

async function visibleVideo(deps: Deps, actor: Actor, agencyId: number, videoNo: number) {
  const [row] = await selectVisible(deps, actor, agencyId, eq(userVideos.videoNo, videoNo)).limit(1);
  if (!row) throw notFound(PROMO_VIDEO_TEXTS.videoNotFound);
  return row;
}

/** GET /video/user-video/{videoNo} */
export const getUserVideo = async (deps: Deps, actor: Actor, agency: AgencyRow, videoNo: number) => toDto(deps, await visibleVideo(deps, actor, agency.id, videoNo));

/** GET /video/user-video: the caller's visible videos, newest first, by business and status. */
export async function listUserVideos(deps: Deps, actor: Actor, agency: AgencyRow, query: z.output<typeof userVideoListQuery>) {
  const where = and(query.businessId ? eq(userVideos.businessId, query.businessId) : undefined, query.status ? eq(userVideos.status, query.status) : undefined);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(userVideos)
    .innerJoin(businesses, eq(businesses.businessId, userVideos.businessId))
    .where(and(eq(userVideos.agencyId, agency.id), isNull(userVideos.deletedAt), visibleTo(actor, agency.id), where));
  const rows = await selectVisible(deps, actor, agency.id, where)
    .orderBy(desc(userVideos.createdAt), desc(userVideos.videoNo))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map((r) => toDto(deps, r)), total, page: query.page, pageSize: query.pageSize };
}

/** GET /video/user-video/getUserVideosByBusiness: every video of one business (404 if not visible). */
export async function userVideosByBusiness(deps: Deps, actor: Actor, agency: AgencyRow, businessId: number) {
  const rows = await selectVisible(deps, actor, agency.id, eq(userVideos.businessId, businessId)).orderBy(desc(userVideos.createdAt), desc(userVideos.videoNo));
  if (!rows.length) {
    const [b] = await deps.db.select({ id: businesses.businessId }).from(businesses).where(and(eq(businesses.businessId, businessId), visibleTo(actor, agency.id))).limit(1);
    if (!b) throw notFound("Business not found.");
  }
  return rows.map((r) => toDto(deps, r));
}

/**
 * POST /video/user-video: order one video. The same requestKey again (a double click, a resent
 * form) returns the first order. The plan's promotional video limit is used first; when it is
 * reached, one bought video credit; neither → the plan limit's refusal (403 upgrade, or 409 when no plan gives more).
 */
export async function orderUserVideo(deps: Deps, actor: Actor, agency: AgencyRow, body: z.output<typeof userVideoBody>) {
  if (actor.kind === "anonymous") throw unauthorized();
  if (!agency.configuration.video?.enableVideo) throw notFound(PROMO_VIDEO_TEXTS.notEnabled);
  const queue = deps.queue;
  if (!queue) throw new ApiError(503, PROMO_VIDEO_TEXTS.unavailable);
  const brand = await brandBusiness(deps.db, actor, agency.id, body.businessId);
  const template = await usableTemplate(deps.db, agency.id, body.templateId);
  const values: Record<string, string> = {};
  for (const k of ["businessName", "tagline", "phone", "offer"] as const) {
    const v = body[k]?.trim();
    if (v) values[k] = v;
  }
  // The logo is the business's at order time: the job draws exactly what was ordered.
  if (brand.logoUrl) values.logoUrl = brand.logoUrl;
  const now = deps.now();
  const videoNo = await deps.db.transaction(async (tx) => {
    // One order per business at a time: a double click waits, then finds the first one.
    await lockBusiness(tx, agency.id, body.businessId);
    if (body.requestKey) {
      const [same] = await tx
        .select({ videoNo: userVideos.videoNo })
        .from(userVideos)
        .where(and(eq(userVideos.businessId, body.businessId), eq(userVideos.requestKey, body.requestKey)))
        .limit(1);
      if (same) return same.videoNo;
    }
    // Over the business's life, deleted ones too; videos paid by a credit are not the plan's.
    const [{ used }] = await tx
      .select({ used: count() })
      .from(userVideos)
      .where(and(eq(userVideos.businessId, body.businessId), eq(userVideos.isPaid, false)));
    let limitError: unknown = null;
    await assertWithinLimit(tx, { businessId: body.businessId, kind: "promotionalVideo", now, used }).catch((err: unknown) => {
      limitError = err;
    });
    const [row] = await tx
      .insert(userVideos)
      .values({ agencyId: agency.id, businessId: body.businessId, templateId: template.templateId, status: "queued", details: { values }, requestKey: body.requestKey ?? null, createdAt: now, updatedAt: now })
      .returning({ videoNo: userVideos.videoNo });
    if (limitError) {
      // Over the plan: a bought video pays for it, else the plan's refusal stands (rolled back).
      const credit = await consumeCredit(tx, "user-video", body.businessId, row.videoNo);
      if (credit === null) throw limitError;
      await tx.update(userVideos).set({ isPaid: true }).where(eq(userVideos.videoNo, row.videoNo));
    }
    // Sent in this transaction: the job exists exactly when the order does.
    const jobId = await queue.send(userVideoJob, { videoNo: row.videoNo }, { singletonKey: `video:${row.videoNo}`, tx });
    if (jobId) await tx.update(userVideos).set({ jobId }).where(eq(userVideos.videoNo, row.videoNo));
    return row.videoNo;
  });
  return getUserVideo(deps, actor, agency, videoNo);
}

/**
 * POST /video/user-video/updateUserVideoStatus (staff): queued renders it again (a failed one,
 * say); failed stops it with a reason; ready only for a video that has its file; rendering is
 * the job's own state.
 */
export async function updateUserVideoStatus(deps: Deps, actor: Actor, agency: AgencyRow, body: z.output<typeof userVideoStatusBody>) {
  const current = await visibleVideo(deps, actor, agency.id, body.videoNo);
  const v = current.video;
  const now = deps.now();
  if (body.status === "rendering") throw conflict("Only the renderer sets a video to rendering.");
  if (body.status === "ready" && !v.outputUrl) throw conflict("This video has no file yet: queue it to render it.");
  if (body.status === "queued") {
    const queue = deps.queue;
    if (!queue) throw new ApiError(503, PROMO_VIDEO_TEXTS.unavailable);
    if (v.status === "queued" || v.status === "rendering") return toDto(deps, current);
    await deps.db.transaction(async (tx) => {
      const jobId = await queue.send(userVideoJob, { videoNo: v.videoNo }, { singletonKey: `video:${v.videoNo}`, tx });
      await tx.update(userVideos).set({ status: "queued", percent: 0, error: null, finishedAt: null, updatedAt: now, ...(jobId && { jobId }) }).where(eq(userVideos.videoNo, v.videoNo));
    });
  } else {
    await deps.db
      .update(userVideos)
      .set({ status: body.status, error: body.status === "failed" ? body.error || PROMO_VIDEO_TEXTS.failedGeneric : null, finishedAt: now, updatedAt: now })
      .where(eq(userVideos.videoNo, v.videoNo));
  }
  return getUserVideo(deps, actor, agency, v.videoNo);
}

/**
 * DELETE /video/user-video: hidden and its file removed, the row kept (deletedAt): it still
 * counts against the plan, and the video credit it used stays used.
 */
export async function deleteUserVideo(deps: Deps, actor: Actor, agency: AgencyRow, videoNo: number) {
  const current = await visibleVideo(deps, actor, agency.id, videoNo);
  await deps.db.update(userVideos).set({ deletedAt: deps.now(), updatedAt: deps.now() }).where(eq(userVideos.videoNo, videoNo));
  if (current.video.outputUrl) await deps.storage.delete(current.video.outputUrl).catch(() => {});
  return { deleted: true as const };
}
