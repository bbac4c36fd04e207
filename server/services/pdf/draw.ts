import type { TypeFamily } from "#server/services/script-fonts.ts";
import { shapeRuns, runsWidth, type Run } from "./fonts.ts";

/**
 * One drawing, two painters (ADR 0024): a template turns a card's content into this list of
 * operations in points (the card's trim box at 0,0; the background runs into the bleed), and
 * render-pdf.ts paints it with pdfkit while render-png.ts paints the same list as SVG (text as
 * the same fonts' glyph outlines) for sharp. The preview is therefore the PDF's drawing.
 */

export const MM = 72 / 25.4;
/** ISO/IEC 7810 ID-1 (CR80): 85.6 × 54 mm. */
export const CR80 = { long: 85.6 * MM, short: 54 * MM } as const;
/** 3 mm of bleed on every side of the card page. */
export const BLEED = 3 * MM;
export const A4 = { w: 210 * MM, h: 297 * MM } as const;

export type ImageKey = "logo" | "photo";

export type Op =
  | { k: "rect"; x: number; y: number; w: number; h: number; fill: string; r?: number; opacity?: number }
  | { k: "circle"; cx: number; cy: number; r: number; fill: string }
  /** An SVG path string in points (pdfkit's doc.path reads the same syntax). */
  | { k: "path"; d: string; fill: string; opacity?: number }
  /** Text on a baseline; `x` is where the first run starts (align already applied). */
  | { k: "text"; x: number; y: number; size: number; runs: Run[]; color: string; opacity?: number; rotate?: { angle: number; cx: number; cy: number } }
  | { k: "image"; key: ImageKey; x: number; y: number; w: number; h: number; shape: "circle" | "rounded"; r?: number }
  | { k: "qr"; x: number; y: number; size: number; count: number; modules: Uint8Array; dark: string; light: string };

export type Align = "left" | "center" | "right";

/** One line of text fitted into `maxW`: shrunk down to 70 % of `size`, then cut with an ellipsis. `family`: sans unless given. */
export function line(
  text: string,
  o: { x: number; y: number; w: number; size: number; weight?: 400 | 700; color: string; align?: Align; family?: TypeFamily },
): Op | null {
  const t = text.trim();
  if (!t) return null;
  const weight = o.weight ?? 400;
  let size = o.size;
  let runs = shapeRuns(t, weight, size, o.family);
  while (runsWidth(runs) > o.w && size > o.size * 0.7) {
    size *= 0.92;
    runs = shapeRuns(t, weight, size, o.family);
  }
  if (runsWidth(runs) > o.w) {
    let cut = [...t];
    while (cut.length > 1 && runsWidth(runs) > o.w) {
      cut = cut.slice(0, -1);
      runs = shapeRuns(cut.join("").trimEnd() + "…", weight, size, o.family);
    }
  }
  const width = runsWidth(runs);
  const x = o.align === "center" ? o.x + (o.w - width) / 2 : o.align === "right" ? o.x + o.w - width : o.x;
  return { k: "text", x, y: o.y, size, runs, color: o.color };
}

/** Words wrapped onto at most `maxLines` lines of `lineGap` pt; the last one is cut if needed. */
export function lines(
  text: string,
  o: { x: number; y: number; w: number; size: number; weight?: 400 | 700; color: string; align?: Align; family?: TypeFamily; maxLines: number; lineGap: number },
): Op[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && runsWidth(shapeRuns(next, o.weight ?? 400, o.size, o.family)) > o.w && out.length < o.maxLines - 1) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  return out.flatMap((l, i) => line(l, { ...o, y: o.y + i * o.lineGap }) ?? []);
}

export const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("")
    .toUpperCase() || "?";
