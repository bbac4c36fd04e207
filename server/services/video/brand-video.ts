/**
 * A greeting video with the business's frame on it (ADR 0022): the frame PNG (the same drawing as
 * the branded images) overlaid by ffmpeg, encoded for every phone: H.264 (High, level 4.0,
 * yuv420p) + AAC stereo in an MP4 with the index first (faststart), at most 1080 px wide and 30
 * fps, and a bitrate budget that keeps the file under 16 MB (WhatsApp's limit for a video).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { runFfmpeg, type MediaInfo } from "./ffmpeg.ts";

export const GREETING_VIDEO_OUTPUT = {
  maxWidth: 1080,
  maxHeight: 1920,
  maxFps: 30,
  /** WhatsApp sends videos up to 16 MB; keep a margin for the container. */
  maxBytes: 16 * 1024 * 1024,
  budgetBytes: 15 * 1024 * 1024,
  maxSeconds: 120,
  audioKbps: 128,
  /** Enough for a sharp 1080 px greeting; lowered for long videos by the budget. */
  maxVideoKbps: 4000,
} as const;

export class VideoRejected extends Error {}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The output's size for an input of width×height: scaled down (never up) to fit, even numbers. */
export function outputSize(width: number, height: number) {
  const scale = Math.min(1, GREETING_VIDEO_OUTPUT.maxWidth / width, GREETING_VIDEO_OUTPUT.maxHeight / height);
  return { width: even(width * scale), height: even(height * scale) };
}

/** Video kbit/s so that video + audio of this length fit the byte budget. */
export function videoKbps(durationSeconds: number) {
  const totalKbps = (GREETING_VIDEO_OUTPUT.budgetBytes * 8) / 1000 / Math.max(1, durationSeconds);
  return Math.max(300, Math.min(GREETING_VIDEO_OUTPUT.maxVideoKbps, Math.floor(totalKbps - GREETING_VIDEO_OUTPUT.audioKbps - 16)));
}

/** Refuses what we will not brand, in words for the person who asked. */
export function assertBrandable(info: MediaInfo) {
  if (!info.video) throw new VideoRejected("This post has no video picture to brand.");
  if (info.durationSeconds > GREETING_VIDEO_OUTPUT.maxSeconds) {
    throw new VideoRejected(`Greeting videos up to ${GREETING_VIDEO_OUTPUT.maxSeconds / 60} minutes can be branded; this one is longer.`);
  }
}

export type BrandVideoInput = {
  ffmpeg: string;
  inputFile: string;
  info: MediaInfo;
  /** The frame: a transparent PNG of exactly outputSize(info.video) pixels. */
  overlayPng: Uint8Array;
  outputFile: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs: number;
};

export async function brandVideo(input: BrandVideoInput): Promise<{ bytes: number }> {
  const { info } = input;
  assertBrandable(info);
  const video = info.video!;
  const size = outputSize(video.width, video.height);
  const overlayFile = path.join(path.dirname(input.outputFile), "frame.png");
  await fs.writeFile(overlayFile, input.overlayPng);
  const kbps = videoKbps(info.durationSeconds);
  const fps = video.fps > GREETING_VIDEO_OUTPUT.maxFps ? `,fps=${GREETING_VIDEO_OUTPUT.maxFps}` : "";
  const args = [
    "-y",
    "-i", input.inputFile,
    "-i", overlayFile,
    // No sound in the post: a silent track, so every player (and WhatsApp) sees the same shape.
    ...(info.audio ? [] : ["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=44100"]),
    "-filter_complex",
    `[0:v]scale=${size.width}:${size.height}:flags=bicubic,setsar=1${fps}[base];[base][1:v]overlay=0:0:format=auto,format=yuv420p[v]`,
    "-map", "[v]",
    "-map", info.audio ? "0:a:0" : "2:a",
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-level:v", "4.0",
    "-crf", "23", "-maxrate", `${kbps}k`, "-bufsize", `${kbps * 2}k`, "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", `${GREETING_VIDEO_OUTPUT.audioKbps}k`, "-ac", "2", "-ar", "44100",
    "-t", String(info.durationSeconds),
    "-map_metadata", "-1",
    "-movflags", "+faststart",
    input.outputFile,
  ];
  await runFfmpeg({
    binary: input.ffmpeg,
    args,
    durationSeconds: info.durationSeconds,
    onProgress: input.onProgress,
    signal: input.signal,
    timeoutMs: input.timeoutMs,
  });
  const { size: bytes } = await fs.stat(input.outputFile);
  if (bytes > GREETING_VIDEO_OUTPUT.maxBytes) throw new VideoRejected("The branded video came out larger than 16 MB.");
  return { bytes };
}
