import { createHash } from "node:crypto";
import sharp from "sharp";
import { themeDesign, type ThemeDesign } from "#contracts/card-themes.ts";
import type { CardTemplate } from "#contracts/enums.ts";
import { readableColor } from "#contracts/contrast.ts";
import { ensureFonts, FONT_FAMILIES, PANGO_FAMILIES } from "#server/services/branding/fonts.ts";

/*
 * The editor's theme pictures (issue 26, ADR 0070): the owner's own card (name, who, colour,
 * logo or photo) drawn as a simplified SVG of each theme's layout and turned into a PNG by
 * sharp; no browser on the server. Cached in memory by a hash of everything drawn, which is
 * also the ETag.
 */

export type ThumbnailInput = {
  theme: CardTemplate;
  companyName: string;
  who: string;
  themeColor: string;
  /** A small JPEG of the logo or photo, or null (initials are drawn). */
  photo: Buffer | null;
};

const W = 240;
const H = 360;
const SLATE = { 200: "#e2e8f0", 300: "#cbd5e1", 500: "#64748b", 900: "#0f172a" };

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const clip = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n - 1).join("")}…` : s);
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0])
    .join("")
    .toUpperCase();

/** The bundled families of script-fonts.ts (the same as the PDFs' and frames'), so an Indic name is serif in a serif theme too. */
const FAMILY: Record<ThemeDesign["headFont"], string> = PANGO_FAMILIES;

function patternDefs(d: ThemeDesign) {
  const shade = "rgba(0,0,0,.18)";
  if (d.fill === "stripes") return `<pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="14" fill="${shade}"/></pattern>`;
  if (d.fill === "dots") return `<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="1.8" fill="${shade}"/></pattern>`;
  if (d.fill === "checks") return `<pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="7" height="7" fill="${shade}"/><rect x="7" y="7" width="7" height="7" fill="${shade}"/></pattern>`;
  if (d.fill === "photo") return `<linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgba(0,0,0,.05)"/><stop offset="1" stop-color="rgba(0,0,0,.45)"/></linearGradient>`;
  return "";
}

/** A filled area in the theme's header treatment. */
function fillRect(d: ThemeDesign, c: string, x: number, y: number, w: number, h: number, extra = "") {
  const base = d.fill === "dark" ? SLATE[900] : d.fill === "white" ? "#ffffff" : c;
  const over = ["stripes", "dots", "checks", "photo"].includes(d.fill) ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#p)" ${extra}/>` : "";
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${base}" ${extra}/>${over}`;
}

function avatar(d: ThemeDesign, input: ThumbnailInput, c: string, cx: number, cy: number, r: number) {
  const round = d.logo === "round";
  const shape = round ? `<circle cx="${cx}" cy="${cy}" r="${r}"/>` : `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${r / 3}"/>`;
  const ring = round
    ? `<circle cx="${cx}" cy="${cy}" r="${r + 2}" fill="#fff"/>`
    : `<rect x="${cx - r - 2}" y="${cy - r - 2}" width="${2 * r + 4}" height="${2 * r + 4}" rx="${r / 3 + 2}" fill="#fff"/>`;
  if (input.photo) {
    const href = `data:image/jpeg;base64,${input.photo.toString("base64")}`;
    return `${ring}<clipPath id="a">${shape}</clipPath><image href="${href}" x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" preserveAspectRatio="xMidYMid slice" clip-path="url(#a)"/>`;
  }
  return `${ring}<text x="${cx}" y="${cy + r / 3}" font-family="${FONT_FAMILIES}" font-size="${r * 0.8}" font-weight="700" fill="${c}" text-anchor="middle">${esc(initials(input.companyName))}</text>`;
}

function names(d: ThemeDesign, input: ThumbnailInput, x: number, y: number, anchor: "middle" | "start", colour: string, sub: string, max: number) {
  const fam = FAMILY[d.headFont];
  const who = input.who ? `<text x="${x}" y="${y + 16}" font-family="${FAMILY[d.bodyFont]}" font-size="10" fill="${sub}" text-anchor="${anchor}">${esc(clip(input.who, max + 6))}</text>` : "";
  return `<text x="${x}" y="${y}" font-family="${fam}" font-size="15" font-weight="700" fill="${colour}" text-anchor="${anchor}">${esc(clip(input.companyName, max))}</text>${who}`;
}

function actions(d: ThemeDesign, c: string, y: number) {
  if (d.actions === "circles") return [0, 1, 2, 3].map((i) => `<circle cx="${48 + i * 48}" cy="${y + 14}" r="12" fill="${c}"/>`).join("");
  if (d.actions === "rows")
    return [0, 1, 2]
      .map((i) => `<circle cx="30" cy="${y + 10 + i * 22}" r="8" fill="${c}"/><rect x="46" y="${y + 7 + i * 22}" width="${110 - i * 20}" height="6" rx="3" fill="${SLATE[300]}"/>`)
      .join("");
  return [0, 1, 2, 3]
    .map((i) => {
      const x = 16 + (i % 2) * 108;
      const yy = y + Math.floor(i / 2) * 26;
      return d.actions === "tiles"
        ? `<rect x="${x}" y="${yy}" width="100" height="20" rx="4" fill="${c}"/>`
        : `<rect x="${x}" y="${yy}" width="100" height="20" rx="10" fill="#fff" stroke="${SLATE[300]}"/><circle cx="${x + 12}" cy="${yy + 10}" r="5" fill="${c}"/>`;
    })
    .join("");
}

function section(d: ThemeDesign, c: string, y: number) {
  const box =
    d.sections === "flat"
      ? `<rect x="8" y="${y}" width="224" height="58" fill="#fff"/><line x1="8" y1="${y + 58}" x2="232" y2="${y + 58}" stroke="${SLATE[200]}"/>`
      : d.sections === "square"
        ? `<rect x="8" y="${y}" width="224" height="58" fill="#fff"/><rect x="8" y="${y}" width="224" height="4" fill="${c}"/>`
        : `<rect x="8" y="${y}" width="224" height="58" rx="${d.sections === "card" ? 12 : 6}" fill="#fff" ${d.sections === "outline" ? `stroke="${SLATE[300]}"` : ""}/>`;
  const head = {
    "centre-bar": `<rect x="90" y="${y + 12}" width="60" height="7" rx="3" fill="${SLATE[900]}"/><rect x="108" y="${y + 22}" width="24" height="3" rx="1.5" fill="${c}"/>`,
    "left-bar": `<rect x="20" y="${y + 10}" width="3" height="14" fill="${c}"/><rect x="28" y="${y + 13}" width="64" height="7" rx="3" fill="${SLATE[900]}"/>`,
    caps: `<rect x="20" y="${y + 13}" width="70" height="5" rx="2" fill="${c}"/>`,
    rule: `<rect x="20" y="${y + 11}" width="64" height="7" rx="3" fill="${SLATE[900]}"/><rect x="20" y="${y + 22}" width="200" height="2" fill="${c}"/>`,
    pill: `<rect x="20" y="${y + 9}" width="74" height="16" rx="8" fill="${c}"/>`,
    italic: `<rect width="80" height="8" rx="4" fill="${SLATE[500]}" transform="translate(22 ${y + 12}) skewX(-12)"/>`,
  }[d.headings];
  const lines = `<rect x="20" y="${y + 34}" width="200" height="5" rx="2.5" fill="${SLATE[200]}"/><rect x="20" y="${y + 44}" width="150" height="5" rx="2.5" fill="${SLATE[200]}"/>`;
  return box + head + lines;
}

/** The SVG of one theme filled with the owner's card. */
export function thumbnailSvg(input: ThumbnailInput): string {
  const d = themeDesign(input.theme);
  const c = readableColor(input.themeColor);
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${d.page}"/>`];
  let y: number;
  const top = d.flush ? 0 : 8;
  if (d.header === "hero") {
    parts.push(`<rect x="0" y="0" width="${W}" height="180" rx="0" fill="#fff"/>`, fillRect(d, c, 0, 0, W, 80));
    parts.push(names(d, input, 120, 34, "middle", "#fff", "#fff", 18));
    parts.push(avatar(d, input, c, 120, 92, 24));
    parts.push(actions(d, c, 126));
    y = 190;
  } else if (d.header === "side") {
    parts.push(`<rect x="8" y="8" width="224" height="150" rx="12" fill="#fff"/><rect x="8" y="8" width="6" height="150" fill="${c}"/>`);
    parts.push(avatar(d, input, c, 48, 44, 22));
    parts.push(names(d, input, 80, 40, "start", SLATE[900], c, 13));
    parts.push(actions(d, c, 82));
    y = 168;
  } else if (d.header === "split") {
    parts.push(`<rect x="8" y="8" width="224" height="160" rx="12" fill="#fff"/>`, fillRect(d, c, 8, 8, 80, 90));
    parts.push(avatar(d, input, c, 48, 53, 22));
    parts.push(names(d, input, 96, 46, "start", SLATE[900], c, 11));
    parts.push(actions(d, c, 108));
    y = 178;
  } else {
    const centre = d.align === "centre";
    const bandH = 120;
    parts.push(`<rect x="${top ? 8 : 0}" y="${top}" width="${top ? 224 : W}" height="190" rx="${top ? 12 : 0}" fill="#fff"/>`);
    if (d.arch) parts.push(`<clipPath id="arch"><path d="M0 0H${W}V${bandH - 20}Q${W / 2} ${bandH + 20} 0 ${bandH - 20}Z"/></clipPath>`, `<g clip-path="url(#arch)">${fillRect(d, c, 0, 0, W, bandH)}</g>`);
    else parts.push(fillRect(d, c, top ? 8 : 0, top, top ? 224 : W, bandH));
    if (d.fill === "white") parts.push(`<rect x="${top ? 8 : 0}" y="${top}" width="${top ? 224 : W}" height="6" fill="${c}"/>`);
    if (d.fill === "dark") parts.push(`<rect x="0" y="${bandH - 3}" width="${W}" height="3" fill="${c}"/>`);
    if (d.framed) parts.push(`<rect x="9" y="${top + 1}" width="222" height="188" rx="12" fill="none" stroke="${c}" stroke-width="3"/>`);
    const text = d.fill === "white" ? SLATE[900] : "#fff";
    const sub = d.fill === "white" ? c : "#fff";
    if (centre) {
      parts.push(avatar(d, input, c, 120, top + 40, 22));
      parts.push(names(d, input, 120, top + 84, "middle", text, sub, 18));
    } else {
      parts.push(avatar(d, input, c, 40, top + 70, 20));
      parts.push(names(d, input, 70, top + 70, "start", text, sub, 14));
    }
    parts.push(actions(d, c, top + bandH + 10));
    y = top + 200;
  }
  parts.push(section(d, c, y), section(d, c, y + 66));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${patternDefs(d)}</defs>${parts.join("")}</svg>`;
}

const cache = new Map<string, Buffer>();
const MAX_CACHED = 500;

/** The PNG and its ETag; the same card in the same theme is drawn once per process. */
export async function themeThumbnail(input: ThumbnailInput): Promise<{ body: Buffer; etag: string }> {
  const svg = thumbnailSvg(input);
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
  let body = cache.get(etag);
  if (!body) {
    await ensureFonts();
    body = await sharp(Buffer.from(svg)).png({ compressionLevel: 6, palette: true }).toBuffer();
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(etag, body);
  }
  return { body, etag };
}
