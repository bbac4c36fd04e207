import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import sharp from "sharp";
import { woffToSfnt } from "#server/services/woff.ts";

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
  // The other scripts of the panel's languages (ADR 0066): greeting art writes festival names in each.
  ["@fontsource/noto-sans-bengali", "noto-sans-bengali-bengali-400-normal.woff"],
  ["@fontsource/noto-sans-bengali", "noto-sans-bengali-bengali-700-normal.woff"],
  ["@fontsource/noto-sans-telugu", "noto-sans-telugu-telugu-400-normal.woff"],
  ["@fontsource/noto-sans-telugu", "noto-sans-telugu-telugu-700-normal.woff"],
  ["@fontsource/noto-sans-tamil", "noto-sans-tamil-tamil-400-normal.woff"],
  ["@fontsource/noto-sans-tamil", "noto-sans-tamil-tamil-700-normal.woff"],
  ["@fontsource/noto-sans-gujarati", "noto-sans-gujarati-gujarati-400-normal.woff"],
  ["@fontsource/noto-sans-gujarati", "noto-sans-gujarati-gujarati-700-normal.woff"],
] as const;

/**
 * Pango font list: Latin from Noto Sans, each Indic script from its Noto Sans family (fontconfig
 * falls through the list per character, so one string of mixed scripts draws whole).
 */
export const FONT_FAMILIES = "Noto Sans,Noto Sans Devanagari,Noto Sans Bengali,Noto Sans Telugu,Noto Sans Tamil,Noto Sans Gujarati";

/** The same list for an SVG's font-family attribute (librsvg hands it to Pango). */
export const SVG_FONT_FAMILIES = "'Noto Sans','Noto Sans Devanagari','Noto Sans Bengali','Noto Sans Telugu','Noto Sans Tamil','Noto Sans Gujarati'";

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
