import sharp from "sharp";
import { ensureFonts, SVG_FONT_FAMILIES } from "./fonts.ts";
import { garlandBorder, motif, type Motif } from "./motifs.ts";

/*
 * Designed greeting posts (issue 26): a festival's motifs drawn as vector art, the greeting set in
 * the post's language (Noto fonts of every script, registered by ensureFonts) in one of a few
 * typographic layouts. The bottom fifth stays quiet: the business's frame is drawn over it.
 */

export type GreetingDesign = {
  /** The greeting itself, in its language: "Happy Diwali", "शुभ दीपावली", "Good Morning". */
  headline: string;
  /** A smaller line under it (English posts: a wish; others: the festival's English name or nothing). */
  subline?: string | null;
  motifs: readonly Motif[];
  palette: Palette;
  /** Which layout (0–2); posts of one festival vary by it. */
  layout: number;
  story?: boolean;
};

export const PALETTES = {
  night: ["#1e1b4b", "#7c2d12", "#fde68a"],
  saffron: ["#9a3412", "#f59e0b", "#fff7ed"],
  rose: ["#831843", "#f472b6", "#fff1f2"],
  sky: ["#0c4a6e", "#38bdf8", "#f0f9ff"],
  leaf: ["#14532d", "#65a30d", "#f7fee7"],
  flag: ["#fff7ed", "#ecfdf5", "#1e3a8a"],
  dawn: ["#fb923c", "#fde68a", "#7c2d12"],
  royal: ["#3b0764", "#be185d", "#fdf4ff"],
} as const satisfies Record<string, readonly [string, string, string]>;
export type Palette = keyof typeof PALETTES;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Words into at most three lines of about `max` characters (grapheme count is close enough). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && [...`${last} ${word}`].length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > 3) return [...lines.slice(0, 2), lines.slice(2).join(" ")];
  return lines;
}

/** A line's width in em, roughly: spacing marks count half, other marks nothing; Tamil letters are wide. */
export function widthEm(line: string): number {
  let em = 0;
  for (const ch of line) {
    if (/\p{Mn}|\p{Me}/u.test(ch)) continue;
    if (/\p{Mc}/u.test(ch)) em += 0.45;
    else if (/[\u0B80-\u0BFF]/u.test(ch)) em += 0.95;
    else if (/[\u0900-\u0DFF]/u.test(ch)) em += 0.72;
    else if (ch === " ") em += 0.3;
    else em += 0.6;
  }
  return em;
}

/** The SVG of a design (exported for the bench and tests: what is drawn, without rasterising). */
export function greetingSvg(d: GreetingDesign): string {
  const W = 1080;
  const H = d.story ? 1920 : 1080;
  const [bg1, bg2, ink] = PALETTES[d.palette];
  const lines = wrapWords(d.headline, 14);
  const widest = Math.max(...lines.map(widthEm));
  const size = Math.max(
    56,
    Math.min(128, Math.floor((W * 0.78) / Math.max(4, widest))),
  );
  const font = `font-family="${SVG_FONT_FAMILIES}"`;
  const [main, second, third] = [
    d.motifs[0],
    d.motifs[1] ?? d.motifs[0],
    d.motifs[2] ?? d.motifs[1] ?? d.motifs[0],
  ];
  const usable = H * 0.8; // the frame covers the rest
  let art = "";
  let textTop = 0;
  switch (d.layout % 3) {
    case 0: // motif large at the top, text under it
      art =
        motif(main, W / 2 - 230, usable * 0.06, 460) +
        motif(second, 40, usable * 0.1, 170, 0.9) +
        motif(third, W - 210, usable * 0.1, 170, 0.9);
      textTop = usable * 0.06 + 500;
      break;
    case 1: // text on a panel in the middle, motifs at the corners
      art =
        motif(main, 30, usable - 330, 300) +
        motif(second, W - 330, usable - 330, 300) +
        motif(third, W / 2 - 90, 60, 180) +
        `<rect x="90" y="${usable * 0.3}" width="${W - 180}" height="${usable * 0.42}" rx="36" fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`;
      textTop = usable * 0.3 + 60;
      break;
    default: // a garland border, text first, motif below it
      art =
        garlandBorder(W) +
        motif(second, 0, 60, 1080 / 5, 0.95) +
        motif(main, W / 2 - 170, usable - 360, 340);
      textTop = usable * 0.2;
  }
  const lineHeight = size * 1.3;
  const text = lines
    .map(
      (l, i) =>
        `<text x="${W / 2}" y="${textTop + size + i * lineHeight}" ${font} font-weight="bold" font-size="${size}" fill="${ink}" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join("");
  const sub = d.subline
    ? `<text x="${W / 2}" y="${textTop + size + lines.length * lineHeight + 10}" ${font} font-size="46" fill="${ink}" fill-opacity="0.9" text-anchor="middle">${escapeXml(d.subline)}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.9"><stop offset="0" stop-color="${bg2}"/><stop offset="1" stop-color="${bg1}"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="${W * 0.85}" cy="${H * 0.12}" r="220" fill="#ffffff" fill-opacity="0.07"/><circle cx="${W * 0.1}" cy="${H * 0.55}" r="160" fill="#ffffff" fill-opacity="0.06"/>
${art}${text}${sub}
</svg>`;
}

/** The post as a JPEG; `lowQuality` rasterises it small directly (the lists' preview). */
export async function drawGreeting(
  d: GreetingDesign,
  lowQuality = false,
): Promise<Buffer> {
  await ensureFonts();
  const svg = Buffer.from(greetingSvg(d));
  if (lowQuality)
    return sharp(svg, { density: 24 })
      .resize(360)
      .jpeg({ quality: 60, mozjpeg: true })
      .toBuffer();
  // Plain libjpeg: mozjpeg's trellis search doubled the library's build for a few KB a post.
  return sharp(svg).jpeg({ quality: 82 }).toBuffer();
}
