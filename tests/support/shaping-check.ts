import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";
import * as hb from "harfbuzzjs";
import sharp from "sharp";
import { fontBytes, fontKeyOf, scriptRuns, type FontKey, type TypeFamily } from "#server/services/script-fonts.ts";

/*
 * What the shaping test compares our drawings with (ADR 0074): HarfBuzz itself, called here
 * directly (not through server/services/shaping.ts), on the same font files. PDFs are compared
 * glyph by glyph (the outlines drawn inside each line's ActualText span against HarfBuzz's glyph
 * run); raster text by the shape of its ink against HarfBuzz's glyph outlines drawn as SVG.
 */

const hbFonts = new Map<FontKey, hb.Font>();
const hbFont = (key: FontKey) => hbFonts.get(key) ?? hbFonts.set(key, new hb.Font(new hb.Face(new hb.Blob(fontBytes(key))))).get(key)!;
const fkFonts = new Map<FontKey, fontkit.Font & { getGlyph(id: number): { path: { toSVG(): string } } }>();
const fkFont = (key: FontKey) => fkFonts.get(key) ?? fkFonts.set(key, fontkit.create(fontBytes(key)) as never).get(key)!;

export type RefGlyph = { font: FontKey; id: number; xAdvance: number; xOffset: number; yOffset: number };

/** HarfBuzz's glyph run for `text`, run by script, each in its Noto font of `family`; `shaped: false` is the font's cmap alone (no shaping). */
export function harfbuzzRun(text: string, weight: 400 | 700, shaped = true, family: TypeFamily = "sans"): RefGlyph[] {
  return scriptRuns(text).flatMap(({ text: t, script }) => {
    const key = fontKeyOf(family, script, weight);
    const font = hbFont(key);
    if (!shaped) return [...t].map((c) => ({ font: key, id: font.nominalGlyph(c.codePointAt(0)!) ?? 0, xAdvance: font.glyphHAdvance(font.nominalGlyph(c.codePointAt(0)!) ?? 0), xOffset: 0, yOffset: 0 }));
    const buffer = new hb.Buffer();
    buffer.addText(t);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const pos = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((g, i) => ({ font: key, id: g.codepoint, xAdvance: pos[i].xAdvance, xOffset: pos[i].xOffset, yOffset: pos[i].yOffset }));
  });
}

/** A glyph's outline in the original font file (fontkit's SVG path: the same text for the same outline). */
export const outlineOf = (key: FontKey, id: number) => fkFont(key).getGlyph(id).path.toSVG();

// ---- PDF ----------------------------------------------------------------------------------------

type PdfObject = { dict: string; stream?: Buffer };

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString("latin1");
  const out = new Map<number, PdfObject>();
  for (const m of s.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2];
    const at = body.indexOf("stream\n");
    if (at < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const raw = Buffer.from(body.slice(at + 7, at + 7 + length), "latin1");
    out.set(Number(m[1]), { dict, stream: /FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return out;
}

/** A PDF literal string's bytes (escapes undone), read as UTF-16BE when it starts with a BOM. */
function pdfString(literal: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    let c = literal.charCodeAt(i);
    if (c === 0x5c) {
      const n = literal[++i];
      const map: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
      if (n in map) c = map[n];
      else if (/[0-7]/.test(n)) {
        const oct = /^[0-7]{1,3}/.exec(literal.slice(i))![0];
        c = parseInt(oct, 8);
        i += oct.length - 1;
      } else c = n.charCodeAt(0);
    }
    bytes.push(c);
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.slice(2)).swap16().toString("utf16le");
  return Buffer.from(bytes).toString("latin1");
}

export type PdfLine = { text: string; glyphs: { baseFont: string; outline: string }[] };

/**
 * Every ActualText span of the PDF's pages: the text it declares and the glyphs drawn inside it,
 * each as its embedded font's name and the glyph's outline read from the embedded subset.
 */
export function pdfLines(pdf: Buffer): PdfLine[] {
  const objects = pdfObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  const fonts = new Map<number, { baseFont: string; outline(gid: number): string }>();
  const fontOf = (id: number) => {
    let f = fonts.get(id);
    if (!f) {
      const type0 = objects.get(id)!.dict;
      const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(type0)![1]))!.dict;
      const file = objects.get(ref(objects.get(ref(descendant, "FontDescriptor"))!.dict, "FontFile2"))!.stream!;
      const subset = fontkit.create(file) as unknown as { getGlyph(id: number): { path: { toSVG(): string } } };
      f = { baseFont: /\/BaseFont \/(\S+)/.exec(type0)![1], outline: (gid) => subset.getGlyph(gid).path.toSVG() };
      fonts.set(id, f);
    }
    return f;
  };
  const lines: PdfLine[] = [];
  for (const [, page] of objects) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resources = objects.get(ref(page.dict, "Resources"))!.dict;
    const names = new Map([...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((m) => [m[1], Number(m[2])]));
    const content = objects.get(ref(page.dict, "Contents"))!.stream!.toString("latin1");
    let font = "";
    let line: PdfLine | null = null;
    // Tokens: a span's start, its end, a font choice, and the glyph strings of TJ arrays.
    for (const m of content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)|(?<![A-Za-z])EMC|\/(F\d+) [\d.]+ Tf|<([0-9a-f]+)>/g)) {
      if (m[1] !== undefined) lines.push((line = { text: pdfString(m[1]), glyphs: [] }));
      else if (m[0] === "EMC") line = null;
      else if (m[2]) font = m[2];
      else if (m[3] && line) {
        const f = fontOf(names.get(font)!);
        for (let i = 0; i < m[3].length; i += 4) line.glyphs.push({ baseFont: f.baseFont, outline: f.outline(parseInt(m[3].slice(i, i + 4), 16)) });
      }
    }
  }
  return lines;
}

/** The type family a PDF line was drawn in, by its embedded fonts' names (mono's Indic runs are Noto Sans). */
export function familyOf(line: PdfLine): TypeFamily {
  const names = line.glyphs.map((g) => g.baseFont);
  return names.some((n) => /\+NotoSerif/.test(n)) ? "serif" : names.some((n) => /\+NotoSansMono/.test(n)) ? "mono" : "sans";
}

/** Where a PDF line's glyphs first differ from HarfBuzz's run of its text in the line's family (-1: the same). */
export function firstDifference(line: PdfLine): number {
  const weight = (line.glyphs[0]?.baseFont ?? "").endsWith("-Bold") ? 700 : 400;
  const expected = harfbuzzRun(line.text, weight, true, familyOf(line)).map((g) => outlineOf(g.font, g.id));
  const got = line.glyphs.map((g) => g.outline);
  for (let i = 0; i < Math.max(expected.length, got.length); i++) if (expected[i] !== got[i]) return i;
  return -1;
}

// ---- raster -------------------------------------------------------------------------------------

/** HarfBuzz's glyphs of `text` drawn as SVG paths at `px`, black on transparent, as a PNG. */
export async function referencePng(text: string, px: number, o: { weight?: 400 | 700; shaped?: boolean; family?: TypeFamily } = {}): Promise<Buffer> {
  const run = harfbuzzRun(text, o.weight ?? 400, o.shaped ?? true, o.family);
  let x = 0;
  const paths = run.map((g) => {
    const font = hbFont(g.font);
    const scale = px / font.face.upem;
    const d = `<path transform="translate(${px / 4 + x + g.xOffset * scale} ${px * 1.5 - g.yOffset * scale}) scale(${scale} ${-scale})" d="${font.glyphToPath(g.id)}"/>`;
    x += g.xAdvance * scale;
    return d;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(x + px / 2)}" height="${px * 2.5}">${paths.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type Ink = { w: number; h: number; mask: Uint8Array };

/** The ink of an image cropped to its bounding box; `isInk` reads one RGBA pixel (default: alpha over half). */
export async function inkOf(png: Buffer, isInk = (_r: number, _g: number, _b: number, a: number) => a > 127): Promise<Ink> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  const on = new Uint8Array(info.width * info.height);
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const p = (y * info.width + x) * 4;
      if (!isInk(data[p], data[p + 1], data[p + 2], data[p + 3])) continue;
      on[y * info.width + x] = 1;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  if (x1 < 0) return { w: 0, h: 0, mask: new Uint8Array() };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) mask.set(on.subarray((y0 + y) * info.width + x0, (y0 + y) * info.width + x0 + w), y * w);
  return { w, h, mask };
}

/**
 * How alike two inks are, whatever their size: the ratio of their aspect ratios, and the overlap
 * (intersection over union) of their masks once both are scaled to a common 200 px wide grid.
 */
export function compareInk(a: Ink, b: Ink): { aspect: number; overlap: number } {
  const W = 200;
  const H = Math.max(1, Math.round((W * a.h) / a.w));
  const sample = (ink: Ink, x: number, y: number) => ink.mask[Math.min(ink.h - 1, Math.floor((y * ink.h) / H)) * ink.w + Math.min(ink.w - 1, Math.floor((x * ink.w) / W))];
  let both = 0;
  let either = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [p, q] = [sample(a, x, y), sample(b, x, y)];
      both += p & q;
      either += p | q;
    }
  return { aspect: a.w / a.h / (b.w / b.h), overlap: either ? both / either : 0 };
}
