import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { woffToSfnt } from "#server/services/woff.ts";

/**
 * The card fonts: Noto Sans (Latin) and Noto Sans Devanagari, regular and bold, from the
 * @fontsource packages (WOFF: fontkit reads it; pdfkit embeds a subset of what a card uses).
 * Read once per process. Text is split into runs by script so a Hindi name and a Latin phone
 * number on one line each get the font that has their glyphs.
 */
const require = createRequire(import.meta.url);
const file = (pkg: string, name: string) => require.resolve(`@fontsource/${pkg}/files/${name}`);

export type FontKey = "latin-400" | "latin-700" | "deva-400" | "deva-700";

const FILES: Record<FontKey, string> = {
  "latin-400": file("noto-sans", "noto-sans-latin-400-normal.woff"),
  "latin-700": file("noto-sans", "noto-sans-latin-700-normal.woff"),
  "deva-400": file("noto-sans-devanagari", "noto-sans-devanagari-devanagari-400-normal.woff"),
  "deva-700": file("noto-sans-devanagari", "noto-sans-devanagari-devanagari-700-normal.woff"),
};

let bytes: Record<FontKey, Buffer> | null = null;
let faces: Partial<Record<FontKey, fontkit.Font>> = {};

export function fontBytes(): Record<FontKey, Buffer> {
  bytes ??= Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, woffToSfnt(readFileSync(f))])) as Record<FontKey, Buffer>;
  return bytes;
}

/**
 * The parsed font, shared by every document of the process (pdfkit takes a fontkit font as
 * well as bytes, and subsets per document), with its shaping memoised: fontkit's layout is
 * most of the cost of a card, and cards repeat the same words. pdfkit scales the positions it
 * gets in place, so each call hands out fresh copies of them.
 */
export function face(key: FontKey): fontkit.Font {
  const existing = faces[key];
  if (existing) return existing;
  const font = fontkit.create(fontBytes()[key]);
  const cache = new Map<string, ReturnType<fontkit.Font["layout"]>>();
  const memo = Object.create(font) as fontkit.Font;
  memo.layout = (text: string, features?: unknown) => {
    if (features) return font.layout(text, features);
    let run = cache.get(text);
    if (!run) {
      if (cache.size > 20_000) cache.clear();
      run = font.layout(text);
      cache.set(text, run);
    }
    return { glyphs: run.glyphs.slice(), positions: run.positions.map((p) => ({ ...p })), advanceWidth: run.advanceWidth };
  };
  return (faces[key] = memo);
}

/** Test hook: forget the parsed faces (bytes stay). */
export function resetFaces() {
  faces = {};
}

/** Devanagari, Devanagari Extended and Vedic Extensions, by code point (the ranges hold combining marks). */
const isDevanagari = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x0900 && c <= 0x097f) || (c >= 0xa8e0 && c <= 0xa8ff) || (c >= 0x1cd0 && c <= 0x1cff);
};
// Spaces and joiners stay in the run they sit in rather than starting a new one.
const NEUTRAL = /[\s\u200C\u200D]/;

export type Run = { text: string; font: FontKey; width: number };

/** `text` as script runs at `size` pt, each with its width (fontkit's shaping, the same as pdfkit's). */
export function shapeRuns(text: string, weight: 400 | 700, size: number): Run[] {
  const runs: Run[] = [];
  let current = "";
  let deva: boolean | null = null;
  const push = () => {
    if (!current) return;
    const font: FontKey = `${deva ? "deva" : "latin"}-${weight}`;
    runs.push({ text: current, font, width: (face(font).layout(current).advanceWidth / face(font).unitsPerEm) * size });
    current = "";
  };
  for (const ch of text) {
    const isDeva = isDevanagari(ch);
    if (deva === null || NEUTRAL.test(ch) || isDeva === deva) {
      if (deva === null && !NEUTRAL.test(ch)) deva = isDeva;
      current += ch;
      continue;
    }
    push();
    deva = isDeva;
    current = ch;
  }
  push();
  return runs;
}

export const runsWidth = (runs: Run[]) => runs.reduce((w, r) => w + r.width, 0);
