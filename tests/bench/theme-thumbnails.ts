/**
 * Theme thumbnails per second (issue 26, ADR 0070): `npx tsx tests/bench/theme-thumbnails.ts`.
 * Draws the editor's theme pictures (SVG → PNG with sharp) for distinct cards, so none comes
 * from the cache (cold), then the same ones again (cached). Not part of `npm run bench`.
 *
 *   BENCH_THUMBNAILS=240 (cards × themes drawn cold)   BENCH_THUMBNAIL_DIR=… (also write one PNG per theme there)
 */
import fs from "node:fs";
import path from "node:path";
import { CARD_TEMPLATES } from "#contracts/enums.ts";
import { themeThumbnail, type ThumbnailInput } from "#server/api/card-themes/thumbnail.ts";
import { ensureFonts } from "#server/services/branding/fonts.ts";

const COUNT = Number(process.env.BENCH_THUMBNAILS ?? 240);
const NAMES = ["Sharma Sweets", "शर्मा स्वीट्स", "Kumar Dhaba & Co", "প্রিয় মিষ্টান্ন", "శ్రీ ట్రేడర్స్", "ગીતા સ્ટોર્સ"];
const COLOURS = ["#e11d48", "#2d9bea", "#facc15", "#16a34a", "#7c3aed", "#f97316"];

const input = (i: number): ThumbnailInput => ({
  theme: CARD_TEMPLATES[i % CARD_TEMPLATES.length],
  companyName: `${NAMES[i % NAMES.length]} ${Math.floor(i / CARD_TEMPLATES.length)}`,
  who: "Ravi Sharma · Owner",
  themeColor: COLOURS[i % COLOURS.length],
  photo: null,
});

await ensureFonts();
const dir = process.env.BENCH_THUMBNAIL_DIR;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [i, theme] of CARD_TEMPLATES.entries()) {
    const { body } = await themeThumbnail({ ...input(i), theme, companyName: NAMES[i % 2] });
    fs.writeFileSync(path.join(dir, `${theme}.png`), body);
  }
}
await themeThumbnail(input(COUNT + 1)); // warm-up: fonts, libvips

let t0 = performance.now();
for (let i = 0; i < COUNT; i++) await themeThumbnail(input(i));
const cold = (COUNT * 1000) / (performance.now() - t0);
t0 = performance.now();
for (let i = 0; i < COUNT; i++) await themeThumbnail(input(i));
const cached = (COUNT * 1000) / (performance.now() - t0);

console.info(`theme thumbnails per second: ${cold.toFixed(1)} (drawn, ${COUNT} distinct, one at a time); ${cached.toFixed(0)} from the cache`);
