/**
 * Drawing a promotional video (ADR 0025). The text is drawn by sharp (Pango + HarfBuzz, the
 * Noto fonts the frames use, registered by ensureFonts) into one transparent PNG per
 * placeholder, and ffmpeg overlays them on the background, each fading in at its start and shown
 * until its end. Not ffmpeg's drawtext: the 2018 static build has it, but without HarfBuzz, so
 * Devanagari conjuncts would come out broken. The output is what every phone plays: H.264 High
 * 4.0 yuv420p + AAC stereo, 720×1280 at 25 fps, faststart, well under 16 MB.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { ensureFonts, FONT_FAMILIES } from "#server/services/branding/fonts.ts";
import { runFfmpeg } from "#server/services/video/ffmpeg.ts";
import type { VideoTemplateDto } from "#contracts/promo-videos.ts";
import type { VideoBackground } from "#contracts/promo-videos-texts.ts";

export const PROMO_VIDEO_OUTPUT = { width: 720, height: 1280, fps: 25, videoKbps: 2500, audioKbps: 96, maxBytes: 16 * 1024 * 1024 } as const;

/** Generated backgrounds: a base colour whose hue drifts, with a soft vignette. */
const PRESETS: Record<VideoBackground, { color: string; hueSpeed: number; tone: number }> = {
  sunrise: { color: "0xe8590c", hueSpeed: 4, tone: 196 },
  ocean: { color: "0x0f3d6e", hueSpeed: 6, tone: 174.6 },
  festive: { color: "0xd6336c", hueSpeed: 10, tone: 220 },
  midnight: { color: "0x1b1b2f", hueSpeed: 3, tone: 146.8 },
};

export class PromoRenderRejected extends Error {}

export type PromoRenderInput = {
  ffmpeg: string;
  template: Pick<VideoTemplateDto, "durationSeconds" | "placeholders" | "background">;
  /** An uploaded background (when the template has no generated one): an MP4 that loops, or a still image (.jpg). */
  backgroundFile?: string;
  values: Partial<Record<string, string>>;
  logo: Uint8Array | null;
  dir: string;
  outputFile: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs: number;
  /** A template's preview (issue 26): smaller, and without the sound track. Default: the full video. */
  preview?: { width: number; height: number };
  /** One JPEG frame at this second instead of a video (the editor's preview of unsaved values). */
  frameAt?: number;
};

const escapeMarkup = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One text fitted into w×h, centred, with a soft shadow so it reads on any background. Exported for the shaping test. */
export async function textLayer(text: string, w: number, h: number, color: string): Promise<Buffer> {
  await ensureFonts();
  const markup = `<span foreground="${color}">${escapeMarkup(text)}</span>`;
  const drawn = await sharp({ text: { text: markup, font: `${FONT_FAMILIES} Bold`, rgba: true, width: w, height: h, wrap: "word-char", align: "centre" } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const fitted = drawn.info.width > w || drawn.info.height > h ? await sharp(drawn.data).resize({ width: w, height: h, fit: "inside" }).png().toBuffer() : drawn.data;
  const meta = await sharp(fitted).metadata();
  const left = Math.max(0, Math.round((w - meta.width!) / 2));
  const top = Math.max(0, Math.round((h - meta.height!) / 2));
  const shadow = await sharp(fitted).ensureAlpha().linear([0, 0, 0, 0.55], [0, 0, 0, 0]).blur(3).png().toBuffer();
  return sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: shadow, left: Math.min(left + 2, w - meta.width!), top: Math.min(top + 2, h - meta.height!) },
      { input: fitted, left, top },
    ])
    .png()
    .toBuffer();
}

async function logoLayer(logo: Uint8Array, w: number, h: number): Promise<Buffer | null> {
  return sharp(logo, { limitInputPixels: 50_000_000 })
    .resize({ width: w, height: h, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() => null); // an unreadable logo leaves the video without one, never without a video
}

/** Renders the video (or with frameAt one JPEG frame) into outputFile; returns its size in bytes. */
export async function renderPromoVideo(input: PromoRenderInput): Promise<{ bytes: number }> {
  const { fps } = PROMO_VIDEO_OUTPUT;
  const { width: W, height: H } = input.preview ?? PROMO_VIDEO_OUTPUT;
  const frame = input.frameAt !== undefined;
  const muted = !!input.preview || frame;
  const D = input.template.durationSeconds;
  const layers: { file: string; x: number; y: number; start: number; end: number }[] = [];
  for (const p of input.template.placeholders) {
    const w = Math.max(2, Math.round((p.w / 100) * W));
    const h = Math.max(2, Math.round((p.h / 100) * H));
    let png: Buffer | null = null;
    if (p.key === "logo") png = input.logo ? await logoLayer(input.logo, w, h) : null;
    else {
      const text = (input.values[p.key] ?? "").replace(/\s+/g, " ").trim();
      if (text) png = await textLayer(text, w, h, p.color);
    }
    if (!png) continue;
    const file = path.join(input.dir, `layer-${layers.length}.png`);
    await fs.writeFile(file, png);
    layers.push({ file, x: Math.round((p.x / 100) * W), y: Math.round((p.y / 100) * H), start: p.start, end: Math.min(p.end, D) });
  }

  const preset = input.template.background ? PRESETS[input.template.background as VideoBackground] : undefined;
  if (!preset && !input.backgroundFile) throw new PromoRenderRejected("This template has no background video.");
  const args: string[] = ["-y"];
  if (preset) args.push("-f", "lavfi", "-i", `color=c=${preset.color}:s=${W}x${H}:r=${fps}:d=${D}`);
  else if (input.backgroundFile!.endsWith(".mp4")) args.push("-stream_loop", "-1", "-i", input.backgroundFile!);
  else args.push("-loop", "1", "-framerate", String(fps), "-t", String(D), "-i", input.backgroundFile!);
  // A quiet major chord that fades in and out: every player (and WhatsApp) expects a sound track.
  const tone = preset?.tone ?? 196;
  if (!muted)
    args.push("-f", "lavfi", "-i", `aevalsrc=0.06*sin(2*PI*${tone}*t)+0.045*sin(2*PI*${(tone * 1.26).toFixed(1)}*t)+0.04*sin(2*PI*${(tone * 1.5).toFixed(1)}*t):s=44100:d=${D}`);
  for (const l of layers) args.push("-loop", "1", "-t", String(D), "-i", l.file);
  const first = muted ? 1 : 2; // the layers' first input (after the background, and the sound)

  const base = preset
    ? `[0:v]hue=h=t*${preset.hueSpeed},vignette=PI/5,setsar=1[v0]`
    : `[0:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},fps=${fps},setsar=1[v0]`;
  const chain = [base];
  layers.forEach((l, i) => {
    chain.push(`[${i + first}:v]format=rgba,fade=t=in:st=${l.start}:d=0.6:alpha=1[l${i}]`);
    chain.push(`[v${i}][l${i}]overlay=${l.x}:${l.y}:enable='between(t,${l.start},${l.end})'[v${i + 1}]`);
  });
  chain.push(`[v${layers.length}]format=yuv420p[vout]`);
  if (!muted) chain.push(`[1:a]afade=t=in:d=1,afade=t=out:st=${Math.max(0, D - 1.5)}:d=1.5[aout]`);
  args.push("-filter_complex", chain.join(";"), "-map", "[vout]", ...(muted ? ["-an"] : ["-map", "[aout]"]));
  if (frame) {
    // Output-side seek: the same graph as the video, so the frame is exactly what plays at that second.
    args.push("-ss", input.frameAt!.toFixed(2), "-frames:v", "1", "-q:v", "4", input.outputFile);
    await runFfmpeg({ binary: input.ffmpeg, args, durationSeconds: D, signal: input.signal, timeoutMs: input.timeoutMs });
    const { size: bytes } = await fs.stat(input.outputFile);
    return { bytes };
  }
  const kbps = PROMO_VIDEO_OUTPUT.videoKbps;
  args.push(
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-level:v", "4.0",
    "-crf", muted ? "28" : "23", "-maxrate", `${kbps}k`, "-bufsize", `${kbps * 2}k`, "-pix_fmt", "yuv420p", "-r", String(fps),
    ...(muted ? [] : ["-c:a", "aac", "-b:a", `${PROMO_VIDEO_OUTPUT.audioKbps}k`, "-ac", "2", "-ar", "44100"]),
    "-t", String(D),
    "-map_metadata", "-1",
    "-movflags", "+faststart",
    input.outputFile,
  );
  await runFfmpeg({ binary: input.ffmpeg, args, durationSeconds: D, onProgress: input.onProgress, signal: input.signal, timeoutMs: input.timeoutMs });
  const { size: bytes } = await fs.stat(input.outputFile);
  if (bytes > PROMO_VIDEO_OUTPUT.maxBytes) throw new PromoRenderRejected("The video came out larger than 16 MB.");
  return { bytes };
}
