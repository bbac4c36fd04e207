import fs from "node:fs/promises";
import path from "node:path";
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { invalid, notFound } from "#server/api/lib/errors.ts";
import { keyOfUrl, readMedia } from "#server/api/greetings/service.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import { videoTemplates, type VideoTemplateField } from "#server/db/schema/content.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { PROMO_VIDEO_TEXTS, VIDEO_BACKGROUND_TEXTS, VIDEO_DEFAULT_LAYOUT, VIDEO_PLACEHOLDER_KEYS, VIDEO_PLACEHOLDER_LABELS, type VideoPlaceholderKey } from "#contracts/promo-videos-texts.ts";
import type { VideoTemplateDto, videoTemplateBody, videoTemplateDraft, videoTemplateListQuery } from "#contracts/promo-videos.ts";

/*
 * Video templates (ADR 0025): platform-wide rows (agencyId null) made on the superadmin agency's
 * Video template Management, plus any an agency has of its own. A template is a background
 * (a generated lavfi preset, or an MP4 in previewUrl) and placeholders placed in space and time.
 * Deleting one hides it (isActive false): the videos made from it keep its name.
 */

type Row = typeof videoTemplates.$inferSelect;

/** Layout for rows made before placeholders had one (the first seeded templates). */
const DEFAULT_LAYOUT = VIDEO_DEFAULT_LAYOUT;

/** Old field keys the first seed used. */
const ALIASES: Record<string, VideoPlaceholderKey> = { phoneNumber: "phone", whatsappNumber: "phone" };

export function placeholdersOf(row: Pick<Row, "fields" | "durationSeconds">) {
  const duration = row.durationSeconds ?? 15;
  const seen = new Set<string>();
  const out: VideoTemplateDto["placeholders"] = [];
  for (const f of row.fields) {
    const key = (ALIASES[f.key] ?? f.key) as VideoPlaceholderKey;
    if (!VIDEO_PLACEHOLDER_KEYS.includes(key) || seen.has(key)) continue;
    seen.add(key);
    const d = DEFAULT_LAYOUT[key];
    out.push({
      key,
      label: VIDEO_PLACEHOLDER_LABELS[key],
      x: f.x ?? d.x,
      y: f.y ?? d.y,
      w: f.w ?? d.w,
      h: f.h ?? d.h,
      start: Math.min(f.start ?? d.start, duration),
      end: Math.min(f.end ?? d.end, duration),
      color: f.color ?? d.color,
    });
  }
  return out;
}

export function toTemplateDto(row: Row): VideoTemplateDto {
  return {
    templateId: row.templateId,
    name: row.name,
    description: row.description,
    background: row.background,
    previewUrl: row.previewUrl,
    durationSeconds: row.durationSeconds ?? 15,
    popularity: row.popularity,
    posterUrl: row.thumbnailUrl,
    clipUrl: row.previewClipUrl,
    placeholders: placeholdersOf(row),
    createdAt: row.createdAt,
  };
}

/** Templates this agency's people may use: the platform's and its own, live ones. */
export const usableBy = (agencyId: number) =>
  and(eq(videoTemplates.isActive, true), or(isNull(videoTemplates.agencyId), eq(videoTemplates.agencyId, agencyId)))!;

/** GET /video/template: most popular first. */
export async function listTemplates(deps: Deps, agency: AgencyRow, query: z.output<typeof videoTemplateListQuery>) {
  const where = and(usableBy(agency.id), query.search ? ilike(videoTemplates.name, `%${query.search.replace(/[\\%_]/g, "\\$&")}%`) : undefined);
  const [{ total }] = await deps.db.select({ total: count() }).from(videoTemplates).where(where);
  const rows = await deps.db
    .select()
    .from(videoTemplates)
    .where(where)
    .orderBy(desc(videoTemplates.popularity), desc(videoTemplates.templateId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map(toTemplateDto), total, page: query.page, pageSize: query.pageSize };
}

export async function usableTemplate(db: Db | Tx, agencyId: number, templateId: number) {
  const [row] = await db.select().from(videoTemplates).where(and(eq(videoTemplates.templateId, templateId), usableBy(agencyId))).limit(1);
  if (!row) throw notFound(PROMO_VIDEO_TEXTS.templateNotFound);
  return row;
}

export const getTemplate = async (deps: Deps, agency: AgencyRow, templateId: number) => toTemplateDto(await usableTemplate(deps.db, agency.id, templateId));

/** Uploaded backgrounds live under their owner's folder: the platform's for the superadmin agency. */
export const BACKGROUND_FOLDER = "video-backgrounds";
export const backgroundOwner = (agency: AgencyRow) => (isSuperadminAgency(agency) ? "platform" : String(agency.id));
export const refuseBackground = () => invalid(VIDEO_BACKGROUND_TEXTS.notFound, { backgroundUrl: [VIDEO_BACKGROUND_TEXTS.notFound] });

/**
 * An uploaded background this agency may use: its own or the platform's (platform templates are
 * every agency's). Anything else, or a file that is gone, is refused on the field.
 */
export async function checkedBackgroundUrl(deps: Deps, agency: AgencyRow, url: string) {
  const key = keyOfUrl(deps.storage, url);
  const m = key ? /^([a-z0-9]+)\/video-backgrounds\/[0-9a-f]{32}\.(jpg|mp4)$/.exec(key) : null;
  if (!m || (m[1] !== "platform" && m[1] !== backgroundOwner(agency))) throw refuseBackground();
  if (!(await deps.storage.get(key!).catch(() => null))) throw refuseBackground();
  return url;
}

/**
 * A template's uploaded background copied into a render's folder (its extension tells the
 * renderer a still from a loop); undefined for a generated one, null when the file is missing.
 */
export async function backgroundFileFor(deps: Deps, template: { background: string | null; previewUrl: string }, dir: string) {
  if (template.background) return undefined;
  const bytes = await readMedia(deps.storage, template.previewUrl);
  if (!bytes) return null;
  const file = path.join(dir, template.previewUrl.toLowerCase().endsWith(".jpg") ? "background.jpg" : "background.mp4");
  await fs.writeFile(file, bytes);
  return file;
}

/** The stored fields of a body's placeholders (times kept within the length). */
export const fieldsOf = (body: Pick<z.output<typeof videoTemplateDraft>, "placeholders" | "durationSeconds">): VideoTemplateField[] =>
  body.placeholders.map((p) => ({
    key: p.key,
    label: VIDEO_PLACEHOLDER_LABELS[p.key],
    type: p.key === "logo" ? "image" : p.key === "phone" ? "tel" : "text",
    x: p.x,
    y: p.y,
    w: p.w,
    h: p.h,
    start: Math.min(p.start, body.durationSeconds),
    end: Math.min(p.end, body.durationSeconds),
    color: p.color.toLowerCase(),
  }));

/**
 * POST /video/template: the superadmin agency's templates are the platform's (agencyId null);
 * with templateId it changes that template (same form, same rules). An uploaded background
 * (backgroundUrl) replaces the generated one.
 */
export async function saveTemplate(deps: Deps, _actor: Actor, agency: AgencyRow, body: z.output<typeof videoTemplateBody>) {
  const uploaded = body.backgroundUrl ? await checkedBackgroundUrl(deps, agency, body.backgroundUrl) : null;
  const fields = fieldsOf(body);
  const values = {
    name: body.name,
    description: body.description || null,
    background: uploaded ? null : body.background,
    // The generated background has no file; the panel shows its swatch.
    previewUrl: uploaded ?? `generated:${body.background}`,
    durationSeconds: body.durationSeconds,
    fields,
    // The preview is drawn again for what was saved (a queue job, issue 26).
    thumbnailUrl: null,
    previewClipUrl: null,
    updatedAt: deps.now(),
  };
  if (body.templateId) {
    await usableTemplate(deps.db, agency.id, body.templateId);
    const [row] = await deps.db.update(videoTemplates).set(values).where(eq(videoTemplates.templateId, body.templateId)).returning();
    await sendTemplatePreview(deps.queue, row.templateId);
    return toTemplateDto(row);
  }
  const [row] = await deps.db
    .insert(videoTemplates)
    .values({ ...values, agencyId: isSuperadminAgency(agency) ? null : agency.id, createdAt: deps.now() })
    .returning();
  await sendTemplatePreview(deps.queue, row.templateId);
  return toTemplateDto(row);
}

/** DELETE /video/template: hidden from new orders; videos already made keep it. */
export async function deleteTemplate(deps: Deps, agency: AgencyRow, templateId: number) {
  await usableTemplate(deps.db, agency.id, templateId);
  await deps.db.update(videoTemplates).set({ isActive: false, updatedAt: deps.now() }).where(eq(videoTemplates.templateId, templateId));
  return { deleted: true as const };
}

/** PUT /video/template/popularity: one more vote (atomic, so two clicks are two votes). */
export async function bumpPopularity(deps: Deps, agency: AgencyRow, templateId: number) {
  await usableTemplate(deps.db, agency.id, templateId);
  const [row] = await deps.db
    .update(videoTemplates)
    .set({ popularity: sql`${videoTemplates.popularity} + 1`, updatedAt: deps.now() })
    .where(eq(videoTemplates.templateId, templateId))
    .returning();
  return toTemplateDto(row);
}

export const templatePreviewJob = defineJob<{ templateId: number }>("promo-videos.template-preview", {
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 10,
});

/** Queues the drawing of a template's preview (preview.ts); one waiting job per template. */
export const sendTemplatePreview = (queue: JobQueue | null, templateId: number) =>
  queue ? queue.send(templatePreviewJob, { templateId }, { singletonKey: `template-preview:${templateId}` }) : Promise.resolve(null);
