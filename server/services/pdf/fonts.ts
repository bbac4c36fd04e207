import * as fontkit from "fontkit";
import { fontBytes, fontKeyOf, scriptRuns, type FontKey, type TypeFamily, type Weight } from "#server/services/script-fonts.ts";
import { nominalGlyph, shape } from "#server/services/shaping.ts";

export { FONT_KEYS, type FontKey } from "#server/services/script-fonts.ts";

/**
 * The PDF fonts: Noto Sans, Noto Serif and Noto Sans Mono per script (script-fonts.ts), parsed once per process by
 * fontkit, which pdfkit embeds a subset of. pdfkit asks the font for `layout(text)`; ours answers
 * with HarfBuzz's shaping (shaping.ts) instead of fontkit's, in fontkit's shape, so the glyph ids
 * and positions pdfkit writes, and the preview PNG draws, are HarfBuzz's (ADR 0074).
 */

type LayoutGlyph = { id: number; advanceWidth: number; codePoints: number[]; readonly path: { toSVG(): string } };
type LayoutPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };

let faces: Partial<Record<FontKey, fontkit.Font>> = {};

/**
 * What each glyph stands for in the PDF's ToUnicode map: a glyph that is a character's own (the
 * font's cmap) stands for that character; the first other glyph of a cluster (a conjunct, a
 * reph) for the cluster's remaining characters. pdfkit keeps one text per glyph id for the whole
 * document, so this stays stable from word to word; the exact text of each line is written
 * beside it as ActualText (text.ts).
 */
function codePointsOf(key: FontKey, text: string, glyphs: ReturnType<typeof shape>["glyphs"]): number[][] {
  const out: number[][] = glyphs.map(() => []);
  const ends = [...new Set(glyphs.map((g) => g.cluster)), text.length].sort((a, b) => a - b);
  for (const cluster of new Set(glyphs.map((g) => g.cluster))) {
    const end = ends[ends.indexOf(cluster) + 1];
    const left = Array.from(text.slice(cluster, end), (c) => c.codePointAt(0) ?? 0); // by code point, not UTF-16 unit
    const members = glyphs.flatMap((g, i) => (g.cluster === cluster ? [i] : []));
    for (const i of members) {
      const at = left.findIndex((cp) => nominalGlyph(key, cp) === glyphs[i].id);
      if (at >= 0) out[i] = left.splice(at, 1);
    }
    const free = members.find((i) => out[i].length === 0);
    if (free !== undefined) out[free] = left;
  }
  return out;
}

/** The parsed font, shared by every document of the process; pdfkit subsets it per document. */
export function face(key: FontKey): fontkit.Font {
  const existing = faces[key];
  if (existing) return existing;
  const font = fontkit.create(fontBytes(key)) as fontkit.Font & { getGlyph(id: number): fontkit.Glyph };
  const glyphCache = new Map<string, LayoutGlyph[]>();
  const memo = Object.create(font) as fontkit.Font;
  memo.layout = (text: string) => {
    const shaped = shape(key, text);
    let glyphs = glyphCache.get(text);
    if (!glyphs) {
      const cps = codePointsOf(key, text, shaped.glyphs);
      glyphs = shaped.glyphs.map((g, i) => ({
        id: g.id,
        advanceWidth: font.getGlyph(g.id).advanceWidth,
        codePoints: cps[i],
        get path() {
          return font.getGlyph(g.id).path;
        },
      }));
      if (glyphCache.size > 20_000) glyphCache.clear();
      glyphCache.set(text, glyphs);
    }
    // pdfkit scales the positions it gets in place, so each call hands out fresh ones; the run's
    // width is their sum, read after that scaling (as fontkit's GlyphRun does).
    const positions: LayoutPosition[] = shaped.glyphs.map((g) => ({ xAdvance: g.xAdvance, yAdvance: g.yAdvance, xOffset: g.xOffset, yOffset: g.yOffset }));
    return {
      glyphs: glyphs as unknown as fontkit.Glyph[],
      positions,
      get advanceWidth() {
        return positions.reduce((w, p) => w + p.xAdvance, 0);
      },
    };
  };
  return (faces[key] = memo);
}

export type Run = { text: string; font: FontKey; width: number };

/** `text` as script runs at `size` pt in `family`, each with its shaped width. */
export function shapeRuns(text: string, weight: Weight, size: number, family: TypeFamily = "sans"): Run[] {
  return scriptRuns(text).map(({ text: t, script }) => {
    const font = fontKeyOf(family, script, weight);
    const s = shape(font, t);
    return { text: t, font, width: (s.advance / s.unitsPerEm) * size };
  });
}

export const runsWidth = (runs: Run[]) => runs.reduce((w, r) => w + r.width, 0);
