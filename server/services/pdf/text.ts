import { fontKeyOf, type TypeFamily } from "#server/services/script-fonts.ts";
import { FONT_KEYS, face, shapeRuns, runsWidth, type FontKey, type Run } from "./fonts.ts";

/**
 * Drawing text into a pdfkit document, for every PDF we make (ID cards, posters, agency bills;
 * ADR 0074): the text is cut into script runs, each shaped by HarfBuzz (fonts.ts) and drawn in
 * its script's Noto font of the family asked for (sans unless a card theme says otherwise),
 * which pdfkit embeds as a subset. A line is wrapped in a marked-content
 * span whose ActualText is the line itself, so copying or `pdftotext` gives back exactly what
 * was written, whatever order the shaped glyphs are drawn in (a vowel sign before its consonant).
 */
type Doc = PDFKit.PDFDocument;
type Marking = { markContent(tag: string, options: { actual: string }): Doc; endMarkedContent(): Doc };

/** Makes every script's font available to `doc` by its key (embedded only when used). */
export function registerFonts(doc: Doc) {
  for (const key of FONT_KEYS) doc.registerFont(key, face(key) as never);
}

/** A font's ascent at `size` (where pdfkit puts a line's top relative to its baseline). */
export const ascentAt = (font: FontKey, size: number) => (face(font).ascent / face(font).unitsPerEm) * size;

/** Shaped runs on the baseline `y` from `x`, in the document's current fill colour. */
export function drawRuns(doc: Doc, runs: Run[], x: number, y: number, size: number) {
  const text = runs.map((r) => r.text).join("");
  if (!text) return;
  const marking = doc as unknown as Marking;
  marking.markContent("Span", { actual: text });
  for (const run of runs) {
    // pdfkit places a line by its top: baseline minus this font's ascent.
    doc.font(run.font).fontSize(size).text(run.text, x, y - ascentAt(run.font, size), { lineBreak: false });
    x += run.width;
  }
  marking.endMarkedContent();
}

/** Width of `text` as drawText draws it. */
export const textWidth = (text: string, size: number, weight: 400 | 700 = 400, family: TypeFamily = "sans") => runsWidth(shapeRuns(text, weight, size, family));

/**
 * One line with its top at `y` (as pdfkit's own `text` places it; the baseline is where the
 * family's Latin font puts it, so runs of different scripts share it). `align: "right"` ends it at x + width.
 */
export function drawText(doc: Doc, text: string, x: number, y: number, o: { size: number; weight?: 400 | 700; width?: number; align?: "left" | "right"; family?: TypeFamily }) {
  const runs = shapeRuns(text, o.weight ?? 400, o.size, o.family);
  if (o.align === "right" && o.width !== undefined) x += o.width - runsWidth(runs);
  drawRuns(doc, runs, x, y + ascentAt(fontKeyOf(o.family ?? "sans", "latin", o.weight ?? 400), o.size), o.size);
}
