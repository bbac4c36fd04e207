import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { Deps } from "#server/api/lib/env.ts";
import { videoTemplates } from "#server/db/schema/content.ts";
import type { JobQueue, QueueJob } from "#server/services/queue/index.ts";
import { makeRenderDir } from "#server/services/video/temp-dirs.ts";
import { findFfmpeg, runFfmpeg } from "#server/services/video/ffmpeg.ts";
import {
  backgroundFileFor,
  sendTemplatePreview,
  templatePreviewJob,
  toTemplateDto,
} from "./templates.ts";
import { renderPromoVideo } from "./render.ts";

/*
 * A template's preview (issue 26, ADR 0073): the template itself rendered with sample values,
 * small and muted, and its poster frame (the moment most placeholders show). Customers choose a
 * template from these real frames, not from boxes. Made by a queue job after every save (and at
 * start for templates without one); a preview of an older version is never stored over a newer.
 */

/** What the preview shows in each placeholder. */
export const PREVIEW_SAMPLE_VALUES: Record<string, string> = {
  businessName: "Sharma Sweets",
  offer: "Festive offer: 20% off",
  tagline: "Pure ghee sweets since 1985",
  phone: "+91 98765 43210",
};

export const PREVIEW_SIZE = { width: 360, height: 640 } as const;

/** A sample logo: a round badge with initials, drawn (no file to ship). */
export const sampleLogo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="112" fill="#ffffff"/><circle cx="120" cy="120" r="96" fill="#c2410c"/><text x="120" y="148" font-family="Noto Sans" font-weight="bold" font-size="84" fill="#ffffff" text-anchor="middle">SS</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** The second at which the most placeholders are on screen (after their fade-in). */
export function posterTime(
  placeholders: { start: number; end: number }[],
  duration: number,
) {
  let best = { t: Math.min(1, duration / 2), shown: -1 };
  for (const p of placeholders) {
    const t = Math.min(duration - 0.1, p.start + 0.8);
    const shown = placeholders.filter((q) => q.start <= t && q.end > t).length;
    if (shown > best.shown) best = { t, shown };
  }
  return Math.max(0, best.t);
}

export async function renderTemplatePreview(
  deps: Deps,
  job: Pick<QueueJob<{ templateId: number }>, "data" | "signal">,
) {
  const [row] = await deps.db
    .select()
    .from(videoTemplates)
    .where(eq(videoTemplates.templateId, job.data.templateId))
    .limit(1);
  if (!row || !row.isActive) return;
  const dto = toTemplateDto(row);
  const dir = await makeRenderDir("promo");
  try {
    const backgroundFile = await backgroundFileFor(deps, dto, dir);
    if (backgroundFile === null) return; // nothing to draw on: the panel keeps showing the layout
    const ffmpeg = findFfmpeg(deps.config.FFMPEG_PATH).path;
    const clipFile = path.join(dir, "clip.mp4");
    await renderPromoVideo({
      ffmpeg,
      template: dto,
      backgroundFile,
      values: PREVIEW_SAMPLE_VALUES,
      logo: await sampleLogo(),
      dir,
      outputFile: clipFile,
      signal: job.signal,
      timeoutMs: 5 * 60_000,
      preview: PREVIEW_SIZE,
    });
    const posterFile = path.join(dir, "poster.jpg");
    const at = posterTime(dto.placeholders, dto.durationSeconds);
    await runFfmpeg({
      binary: ffmpeg,
      args: [
        "-y",
        "-ss",
        at.toFixed(2),
        "-i",
        clipFile,
        "-frames:v",
        "1",
        "-q:v",
        "4",
        posterFile,
      ],
      durationSeconds: 1,
      signal: job.signal,
      timeoutMs: 60_000,
    });
    const base = `platform/video-templates/${row.templateId}-${randomBytes(8).toString("hex")}`;
    await deps.storage.put(
      `${base}.mp4`,
      new Uint8Array(await fs.readFile(clipFile)),
      "video/mp4",
    );
    await deps.storage.put(
      `${base}.jpg`,
      new Uint8Array(await fs.readFile(posterFile)),
      "image/jpeg",
    );
    // Only onto the version drawn: a save meanwhile sent its own job.
    await deps.db
      .update(videoTemplates)
      .set({
        thumbnailUrl: deps.storage.publicUrl(`${base}.jpg`),
        previewClipUrl: deps.storage.publicUrl(`${base}.mp4`),
      })
      .where(
        and(
          eq(videoTemplates.templateId, row.templateId),
          eq(videoTemplates.updatedAt, row.updatedAt),
        ),
      );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Worker, and (with drawMissing) a preview for every live template without one: the seeded ones on the first start. */
export async function startTemplatePreviews(deps: Deps, queue: JobQueue, opts: { drawMissing: boolean }) {
  await queue.work(templatePreviewJob, (job) =>
    renderTemplatePreview(deps, job),
  );
  if (!opts.drawMissing) return;
  const missing = await deps.db
    .select({ templateId: videoTemplates.templateId })
    .from(videoTemplates)
    .where(
      and(
        eq(videoTemplates.isActive, true),
        isNull(videoTemplates.thumbnailUrl),
      ),
    );
  for (const { templateId } of missing)
    await sendTemplatePreview(queue, templateId);
}
