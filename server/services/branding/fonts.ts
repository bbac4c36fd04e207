import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import sharp from "sharp";

/*
 * The frame's text is drawn by libvips' text renderer (Pango + HarfBuzz + fontconfig, inside
 * sharp), so Devanagari conjuncts are shaped properly. Its FreeType cannot read the WOFF files
 * @fontsource ships, so the few we need are unpacked to plain TrueType once per process (WOFF 1
 * is only zlib-compressed sfnt tables) and registered with fontconfig through sharp's `fontfile`
 * (FcConfigAppFontAddFile: later renders find the family by name). No system fonts needed.
 */

const require = createRequire(import.meta.url);

const FILES = [
  ["@fontsource/noto-sans", "noto-sans-latin-400-normal.woff"],
  ["@fontsource/noto-sans", "noto-sans-latin-700-normal.woff"],
  ["@fontsource/noto-sans", "noto-sans-latin-ext-400-normal.woff"],
  ["@fontsource/noto-sans", "noto-sans-latin-ext-700-normal.woff"],
  ["@fontsource/noto-sans-devanagari", "noto-sans-devanagari-devanagari-400-normal.woff"],
  ["@fontsource/noto-sans-devanagari", "noto-sans-devanagari-devanagari-700-normal.woff"],
] as const;

/** Pango font list: Latin from Noto Sans, Devanagari from Noto Sans Devanagari. */
export const FONT_FAMILIES = "Noto Sans,Noto Sans Devanagari";

/** WOFF 1.0 → sfnt (TrueType/OpenType) bytes. */
export function woffToSfnt(buf: Buffer): Buffer {
  if (buf.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF file");
  const flavor = buf.readUInt32BE(4);
  const numTables = buf.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const o = 44 + i * 20;
    const offset = buf.readUInt32BE(o + 4);
    const compLength = buf.readUInt32BE(o + 8);
    const origLength = buf.readUInt32BE(o + 12);
    const raw = buf.subarray(offset, offset + compLength);
    tables.push({ tag: buf.readUInt32BE(o), checksum: buf.readUInt32BE(o + 16), data: compLength < origLength ? zlib.inflateSync(raw) : raw });
  }
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  const headerLength = 12 + 16 * numTables;
  const out = Buffer.alloc(tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerLength));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(numTables * 16 - pow * 16, 10);
  let at = headerLength;
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    out.writeUInt32BE(t.tag, o);
    out.writeUInt32BE(t.checksum, o + 4);
    out.writeUInt32BE(at, o + 8);
    out.writeUInt32BE(t.data.length, o + 12);
    t.data.copy(out, at);
    at += (t.data.length + 3) & ~3;
  });
  return out;
}

let ready: Promise<void> | null = null;

/** Unpacks and registers the fonts once per process; every text render awaits it. */
export function ensureFonts(): Promise<void> {
  ready ??= (async () => {
    const dir = path.join(os.tmpdir(), `card-panel-fonts-${process.getuid?.() ?? "u"}`);
    fs.mkdirSync(dir, { recursive: true });
    for (const [pkg, file] of FILES) {
      const source = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "files", file);
      const target = path.join(dir, file.replace(/\.woff$/, ".ttf"));
      if (!fs.existsSync(target)) {
        const tmp = `${target}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, woffToSfnt(fs.readFileSync(source)));
        fs.renameSync(tmp, target);
      }
      // A one-character render is how sharp registers a font file with fontconfig.
      await sharp({ text: { text: "a", fontfile: target, font: "Noto Sans 8", rgba: true } }).raw().toBuffer();
    }
  })();
  return ready;
}
