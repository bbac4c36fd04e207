import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { EXTRA_PANGO_FILES, FONT_FAMILIES, FONT_KEYS, PANGO_FAMILIES, fontFile } from "#server/services/script-fonts.ts";
import { woffToSfnt } from "#server/services/woff.ts";

/*
 * The frame's text is drawn by libvips' text renderer (Pango + HarfBuzz + fontconfig, inside
 * sharp), so conjuncts and vowel signs of every Indic script we carry are shaped properly. Its
 * FreeType cannot read the WOFF files @fontsource ships, so the fonts of script-fonts.ts (the
 * one list, shared with the PDFs) are unpacked to plain TrueType once per process and registered
 * with fontconfig through sharp's `fontfile` (FcConfigAppFontAddFile: later renders find the
 * family by name). No system fonts needed.
 */

/**
 * Pango font lists: Latin from Noto Sans, then one Noto Sans family per Indic script; per type
 * family (a card theme's head or body font) in PANGO_FAMILIES.
 */
export { FONT_FAMILIES, PANGO_FAMILIES };

/** The same list for an SVG's font-family attribute (librsvg hands it to Pango). */
export const SVG_FONT_FAMILIES = FONT_FAMILIES.split(",").map((f) => `'${f.trim()}'`).join(",");

let ready: Promise<void> | null = null;

/** Unpacks and registers the fonts once per process; every text render awaits it. */
export function ensureFonts(): Promise<void> {
  ready ??= (async () => {
    const dir = path.join(os.tmpdir(), `card-panel-fonts-${process.getuid?.() ?? "u"}`);
    fs.mkdirSync(dir, { recursive: true });
    for (const source of [...FONT_KEYS.map(fontFile), ...EXTRA_PANGO_FILES]) {
      const target = path.join(dir, path.basename(source).replace(/\.woff$/, ".ttf"));
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
