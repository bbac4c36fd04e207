import crypto from "node:crypto";
import sharp from "sharp";
import { isLight, safeColor } from "#contracts/format.ts";

/**
 * The link-preview picture of a public card (og:image): 1200×630 JPEG, the card's theme colour,
 * logo, business name, person and tagline. WhatsApp shows it only under ~300 KB; ours are ~30 KB.
 * Rendering costs ~20–40 ms, so images are kept in a small LRU keyed by everything drawn on
 * them: an edited card gets a new key (and a new ETag), an unchanged one is never re-rendered.
 */
export type OgInput = {
  title: string;
  subtitle?: string;
  tagline?: string;
  footer?: string;
  themeColor?: string;
  /** Logo bytes (any format sharp reads); skipped when missing or unreadable. */
  logo?: Buffer | null;
};
export type OgImage = { body: Uint8Array<ArrayBuffer>; etag: string };

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const MAX_ENTRIES = 100;
const cache = new Map<string, OgImage>();

const xml = (s: string) => s.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** Greedy word wrap by character count (good enough for one font at one size), at most `lines` lines. */
export function wrap(text: string, perLine: number, lines: number) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current = "";
  for (const w of words) {
    const next = current ? `${current} ${w}` : w;
    if (next.length <= perLine) current = next;
    else {
      if (current) out.push(current);
      current = w.length > perLine ? `${w.slice(0, perLine - 1)}…` : w;
    }
  }
  if (current) out.push(current);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1].slice(0, perLine - 1).replace(/\s+\S*$/, "")}…`;
    return kept;
  }
  return out;
}

function svgFor(input: OgInput, hasLogo: boolean) {
  const bg = safeColor(input.themeColor);
  const ink = isLight(bg) ? "#111827" : "#ffffff";
  const soft = isLight(bg) ? "#374151" : "rgba(255,255,255,0.85)";
  const left = hasLogo ? 420 : 90;
  const perLine = hasLogo ? 22 : 30;
  const titleLines = wrap(input.title, perLine, 2);
  let y = 200;
  const parts: string[] = [];
  for (const line of titleLines) {
    parts.push(`<text x="${left}" y="${y}" font-size="64" font-weight="700" fill="${ink}">${xml(line)}</text>`);
    y += 76;
  }
  if (input.subtitle) {
    y += 10;
    parts.push(`<text x="${left}" y="${y}" font-size="36" fill="${soft}">${xml(wrap(input.subtitle, perLine + 16, 1)[0] ?? "")}</text>`);
    y += 56;
  }
  for (const line of input.tagline ? wrap(input.tagline, perLine + 14, 2) : []) {
    parts.push(`<text x="${left}" y="${y}" font-size="32" font-style="italic" fill="${soft}">${xml(line)}</text>`);
    y += 44;
  }
  if (input.footer) {
    parts.push(`<text x="${left}" y="${OG_HEIGHT - 60}" font-size="28" fill="${soft}">${xml(wrap(input.footer, 60, 1)[0] ?? "")}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" font-family="DejaVu Sans, Noto Sans, Arial, sans-serif">
  <rect width="100%" height="100%" fill="${bg}"/>
  <rect x="0" y="${OG_HEIGHT - 16}" width="100%" height="16" fill="${ink}" fill-opacity="0.15"/>
  ${hasLogo ? `<circle cx="210" cy="${OG_HEIGHT / 2}" r="150" fill="#ffffff"/>` : ""}
  ${parts.join("\n  ")}
</svg>`;
}

async function render(input: OgInput): Promise<Uint8Array<ArrayBuffer>> {
  let logo: Buffer | null = null;
  if (input.logo?.length) {
    // A broken or hostile file must not break the preview: draw without it.
    logo = await sharp(input.logo, { limitInputPixels: 40_000_000 })
      .resize(210, 210, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer()
      .catch(() => null);
  }
  const base = sharp(Buffer.from(svgFor(input, !!logo)));
  const composed = logo ? base.composite([{ input: logo, left: 210 - 105, top: OG_HEIGHT / 2 - 105 }]) : base;
  return new Uint8Array(await composed.jpeg({ quality: 82, mozjpeg: true }).toBuffer());
}

export async function ogImage(input: OgInput): Promise<OgImage> {
  const hash = crypto.createHash("sha256");
  hash.update(JSON.stringify({ ...input, logo: undefined }));
  if (input.logo) hash.update(input.logo);
  const key = hash.digest("base64url").slice(0, 27);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const image = { body: await render(input), etag: `"${key}"` };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, image);
  return image;
}
