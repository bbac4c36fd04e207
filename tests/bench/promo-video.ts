/**
 * `npm run bench` (last step): how long a 15 s promotional video takes to render on this machine
 * (goal ≤ 1× its length), the whole job's drawing part: text layers (sharp/Pango) + ffmpeg
 * (H.264 + AAC, 720×1280, 25 fps). Three rounds, the first counted separately (fonts unpacked,
 * caches cold). The output is probed with the runner's `ffmpeg -i`.
 *
 *   BENCH_VIDEO_ROUNDS=3
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { renderPromoVideo } from "#server/api/promo-videos/render.ts";
import { placeholdersOf } from "#server/api/promo-videos/templates.ts";
import { findFfmpeg, probeMedia } from "#server/services/video/ffmpeg.ts";
import { VIDEO_PLACEHOLDER_KEYS } from "#contracts/promo-videos-texts.ts";

const SECONDS = 15;
const rounds = Number(process.env.BENCH_VIDEO_ROUNDS ?? 3);
const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH).path;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-bench-promo-"));
const template = {
  durationSeconds: SECONDS,
  background: "festive",
  placeholders: placeholdersOf({ durationSeconds: SECONDS, fields: VIDEO_PLACEHOLDER_KEYS.map((key) => ({ key, label: key, type: "text" as const })) }),
};
const values = { businessName: "Sharma Sweets", tagline: "शुद्ध देसी घी की मिठाइयाँ", offer: "Diwali special: 20% off on sweet boxes", phone: "+91 98765 43210" };
const logo = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#f5b301" } }).png().toBuffer();

const times: number[] = [];
let bytes = 0;
try {
  for (let i = 0; i < rounds; i++) {
    const outputFile = path.join(dir, `promo-${i}.mp4`);
    const t0 = performance.now();
    const out = await renderPromoVideo({ ffmpeg, template, values, logo, dir, outputFile, timeoutMs: 10 * 60_000 });
    times.push(performance.now() - t0);
    bytes = out.bytes;
  }
  const info = await probeMedia(ffmpeg, path.join(dir, `promo-${rounds - 1}.mp4`));
  const warm = times.slice(1);
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const m = median(warm.length ? warm : times);
  console.log(`\nPromotional video render (${SECONDS} s, 720×1280 @ 25 fps, 5 placeholders, ffmpeg ${ffmpeg.includes("node_modules") ? "npm static" : "system"}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}):`);
  console.log(`  first ${(times[0] / 1000).toFixed(2)} s; then median ${(m / 1000).toFixed(2)} s = ${(m / 1000 / SECONDS).toFixed(2)}× its length (goal ≤ 1.00×)`);
  console.log(`  output ${(bytes / 1024 / 1024).toFixed(2)} MB, ${info.video?.codec} ${info.video?.pixelFormat} ${info.video?.width}×${info.video?.height}, ${info.audio?.codec}, ${info.durationSeconds.toFixed(2)} s`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
