/**
 * The installable panel's icons (ADR 0063), drawn by sharp from public/logo.svg: 192 and 512 px
 * ("any") and a 512 px maskable one (the logo inside the 80 % safe zone on the brand blue). Run once after the logo changes: `npx tsx scripts/make-app-icons.ts`;
 * the PNGs are committed (public/icons/).
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const logo = fs.readFileSync(path.join(root, "public/logo.svg"));
const out = path.join(root, "public/icons");
fs.mkdirSync(out, { recursive: true });
const BRAND = "#2d9bea";

const plain = (px: number) => sharp(logo, { density: Math.ceil((72 * px) / 64) }).resize(px, px).png({ compressionLevel: 9, palette: true });

async function maskable(px: number) {
  const inner = Math.round(px * 0.72);
  const art = await sharp(logo, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: px, height: px, channels: 4, background: BRAND } })
    .composite([{ input: art, gravity: "center" }])
    .png({ compressionLevel: 9, palette: true });
}

await plain(192).toFile(path.join(out, "icon-192.png"));
await plain(512).toFile(path.join(out, "icon-512.png"));
await (await maskable(512)).toFile(path.join(out, "maskable-512.png"));
for (const f of fs.readdirSync(out)) console.log(f, fs.statSync(path.join(out, f)).size, "bytes");
