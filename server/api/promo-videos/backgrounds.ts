import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { z } from "zod";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { invalid } from "#server/api/lib/errors.ts";
import { sniffType } from "#server/services/images.ts";
import { makeRenderDir } from "#server/services/video/temp-dirs.ts";
import { findFfmpeg, probeMedia } from "#server/services/video/ffmpeg.ts";
import { VIDEO_BACKGROUND_LIMITS as LIMITS, VIDEO_BACKGROUND_TEXTS as TEXTS } from "#contracts/promo-videos-texts.ts";
import type { videoTemplateDraft } from "#contracts/promo-videos.ts";
import { PROMO_VIDEO_OUTPUT, renderPromoVideo } from "./render.ts";
import { PREVIEW_SAMPLE_VALUES, PREVIEW_SIZE, posterTime, sampleLogo } from "./preview.ts";
import { BACKGROUND_FOLDER, backgroundFileFor, backgroundOwner, checkedBackgroundUrl, fieldsOf, placeholdersOf, refuseBackground } from "./templates.ts";

/*
 * Uploaded backgrounds and the editor's preview of unsaved values (issue 26, ADR 0073). A
 * background is stored once under the owner's folder (the platform's for the superadmin agency)
 * and a template points at it by URL (previewUrl, background null); the render jobs read it back.
 */

const refuse = (message: string) => invalid(message, { file: [message] });
const isMp4 = (head: Uint8Array) => head.length >= 12 && String.fromCharCode(...head.subarray(4, 8)) === "ftyp";

/** POST /video/template/background: checks the file (type by its bytes, size, an MP4 probed by ffmpeg) and stores it. */
export async function uploadBackground(deps: Deps, agency: AgencyRow, file: File) {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const base = `${backgroundOwner(agency)}/${BACKGROUND_FOLDER}/${randomBytes(16).toString("hex")}`;
  if (isMp4(head)) {
    if (file.size > LIMITS.videoBytes) throw refuse(TEXTS.videoTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const dir = await makeRenderDir("promo");
    try {
      const probed = path.join(dir, "upload.mp4");
      await fs.writeFile(probed, bytes);
      const info = await probeMedia(findFfmpeg(deps.config.FFMPEG_PATH).path, probed).catch(() => null);
      if (!info?.video || !info.video.width) throw refuse(TEXTS.badVideo);
      if (info.durationSeconds > LIMITS.videoSeconds) throw refuse(TEXTS.videoTooLong);
      if (Math.min(info.video.width, info.video.height) < LIMITS.minSide) throw refuse(TEXTS.tooSmall);
      await deps.storage.put(`${base}.mp4`, bytes, "video/mp4");
      return { backgroundUrl: deps.storage.publicUrl(`${base}.mp4`), kind: "video" as const, width: info.video.width, height: info.video.height, durationSeconds: info.durationSeconds };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  const type = sniffType(head);
  if (!type || type === "pdf") throw refuse(TEXTS.wrongType);
  if (file.size > LIMITS.imageBytes) throw refuse(TEXTS.imageTooLarge);
  const image = sharp(new Uint8Array(await file.arrayBuffer()), { failOn: "error", limitInputPixels: 50_000_000, animated: false });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw refuse(TEXTS.badImage);
  if (Math.min(meta.width, meta.height) < LIMITS.minSide) throw refuse(TEXTS.tooSmall);
  // Cropped once to the video's frame: every render and preview then reads a small JPEG. Baseline,
  // not mozjpeg's progressive: the bundled 2018 ffmpeg cannot decode that and spins until its timeout.
  const { width, height } = PROMO_VIDEO_OUTPUT;
  const jpeg = await image
    .autoOrient()
    .resize({ width, height, fit: "cover" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => null);
  if (!jpeg) throw refuse(TEXTS.badImage);
  await deps.storage.put(`${base}.jpg`, jpeg, "image/jpeg");
  return { backgroundUrl: deps.storage.publicUrl(`${base}.jpg`), kind: "image" as const, width, height, durationSeconds: null };
}

/**
 * POST /video/template/preview: the poster frame of the values in the editor, drawn like the
 * saved template's (same sample values, same moment, same size) but returned, never stored.
 */
export async function previewDraft(deps: Deps, agency: AgencyRow, body: z.output<typeof videoTemplateDraft>, signal?: AbortSignal) {
  const uploaded = body.backgroundUrl ? await checkedBackgroundUrl(deps, agency, body.backgroundUrl) : null;
  const template = {
    background: uploaded ? null : body.background,
    previewUrl: uploaded ?? `generated:${body.background}`,
    durationSeconds: body.durationSeconds,
  };
  const placeholders = placeholdersOf({ fields: fieldsOf(body), durationSeconds: body.durationSeconds });
  const dir = await makeRenderDir("promo");
  try {
    const backgroundFile = await backgroundFileFor(deps, template, dir);
    if (backgroundFile === null) throw refuseBackground();
    const at = posterTime(placeholders, body.durationSeconds);
    const outputFile = path.join(dir, "frame.jpg");
    await renderPromoVideo({
      ffmpeg: findFfmpeg(deps.config.FFMPEG_PATH).path,
      template: { ...template, placeholders },
      backgroundFile,
      values: PREVIEW_SAMPLE_VALUES,
      logo: await sampleLogo(),
      dir,
      outputFile,
      signal,
      timeoutMs: 60_000,
      preview: PREVIEW_SIZE,
      frameAt: at,
    });
    const jpeg = await fs.readFile(outputFile);
    return { jpeg: jpeg.toString("base64"), ...PREVIEW_SIZE, at };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
