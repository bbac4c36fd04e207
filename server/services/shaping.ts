import * as hb from "harfbuzzjs";
import { fontBytes, type FontKey } from "#server/services/script-fonts.ts";

/**
 * Text shaping by HarfBuzz (its official WebAssembly build, harfbuzzjs; ADR 0074): which glyphs a
 * run of one script becomes, in drawing order, and where each goes. fontkit (pdfkit's own
 * engine) gets some Indic text wrong and throws on Telugu "శ్రీ"; HarfBuzz is what browsers and
 * Pango use, so the PDFs match the web page and the JPEGs.
 */

export type ShapedGlyph = {
  /** Glyph id in the font file (the same ids fontkit and pdfkit use). */
  id: number;
  /** Index into the run's UTF-16 text of the cluster this glyph belongs to. */
  cluster: number;
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
};
/** Glyphs in font units (the font's units per em); `advance` is their total width. */
export type Shaped = { glyphs: ShapedGlyph[]; advance: number; unitsPerEm: number };

const fonts: Partial<Record<FontKey, hb.Font>> = {};
function hbFont(key: FontKey): hb.Font {
  return (fonts[key] ??= new hb.Font(new hb.Face(new hb.Blob(fontBytes(key)))));
}

const cache = new Map<string, Shaped>();

/** `text` (one script) shaped with the font `key`; remembered, since cards repeat the same words. */
export function shape(key: FontKey, text: string): Shaped {
  const id = `${key}\u0000${text}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const font = hbFont(key);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const glyphs = infos.map((info, i) => ({ id: info.codepoint, cluster: info.cluster, ...positions[i] }));
  const shaped = { glyphs, advance: glyphs.reduce((w, g) => w + g.xAdvance, 0), unitsPerEm: font.face.upem };
  if (cache.size > 20_000) cache.clear();
  cache.set(id, shaped);
  return shaped;
}

/** The glyph a character maps to without shaping (the font's cmap), or undefined. */
export const nominalGlyph = (key: FontKey, codePoint: number) => hbFont(key).nominalGlyph(codePoint);
