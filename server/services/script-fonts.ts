import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "#server/services/woff.ts";

/**
 * The one list of fonts every drawn text uses (ADR 0074): the PDFs (harfbuzzjs shaping, pdfkit
 * embedding), the greeting JPEGs and the promo videos' text (Pango inside sharp). One Noto Sans
 * family per script, regular and bold, from the @fontsource packages (WOFF 1, unpacked to plain
 * sfnt: FreeType and harfbuzzjs want that). Their files are subsets by script, so text is split
 * into runs by script and each run takes its own family.
 */
const require = createRequire(import.meta.url);

export const SCRIPTS = ["latin", "deva", "beng", "taml", "telu", "gujr"] as const;
export type Script = (typeof SCRIPTS)[number];
export type Weight = 400 | 700;
export type FontKey = `${Script}-${Weight}`;
export const FONT_KEYS: FontKey[] = SCRIPTS.flatMap((s) => [`${s}-400`, `${s}-700`] as const);

/** Package, file stem and Pango family name of each script's font. */
const SOURCES: Record<Script, { pkg: string; stem: string; family: string }> = {
  latin: { pkg: "noto-sans", stem: "noto-sans-latin", family: "Noto Sans" },
  deva: { pkg: "noto-sans-devanagari", stem: "noto-sans-devanagari-devanagari", family: "Noto Sans Devanagari" },
  beng: { pkg: "noto-sans-bengali", stem: "noto-sans-bengali-bengali", family: "Noto Sans Bengali" },
  taml: { pkg: "noto-sans-tamil", stem: "noto-sans-tamil-tamil", family: "Noto Sans Tamil" },
  telu: { pkg: "noto-sans-telugu", stem: "noto-sans-telugu-telugu", family: "Noto Sans Telugu" },
  gujr: { pkg: "noto-sans-gujarati", stem: "noto-sans-gujarati-gujarati", family: "Noto Sans Gujarati" },
};

/** Pango's font list: Latin first, then one family per Indic script (Pango picks per character). */
export const FONT_FAMILIES = SCRIPTS.map((s) => SOURCES[s].family).join(",");

/** The WOFF file of a font. */
export const fontFile = (key: FontKey) => {
  const [script, weight] = key.split("-") as [Script, string];
  const { pkg, stem } = SOURCES[script];
  return require.resolve(`@fontsource/${pkg}/files/${stem}-${weight}-normal.woff`);
};

/** Extra files Pango gets besides the six scripts: Latin Extended (ā, ś, … in transliterated names). */
export const EXTRA_PANGO_FILES = [400, 700].map((w) => require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-ext-${w}-normal.woff`));

let bytes: Partial<Record<FontKey, Buffer>> = {};
/** The font as plain TrueType bytes, read once per process. */
export function fontBytes(key: FontKey): Buffer {
  return (bytes[key] ??= woffToSfnt(readFileSync(fontFile(key))));
}

/**
 * The script of one character, by Unicode block; null for what any run may carry (spaces,
 * joiners, danda). The ₹ sign is Devanagari's: the Latin subset has no glyph for it.
 */
function scriptOf(ch: string): Script | null {
  const c = ch.codePointAt(0) ?? 0;
  if (/[\s\u200C\u200D]/.test(ch) || c === 0x0964 || c === 0x0965) return null;
  if ((c >= 0x0900 && c <= 0x097f) || (c >= 0xa8e0 && c <= 0xa8ff) || (c >= 0x1cd0 && c <= 0x1cff) || c === 0x20b9) return "deva";
  if (c >= 0x0980 && c <= 0x09ff) return "beng";
  if (c >= 0x0a80 && c <= 0x0aff) return "gujr";
  if ((c >= 0x0b80 && c <= 0x0bff) || (c >= 0x11fc0 && c <= 0x11fff)) return "taml";
  if (c >= 0x0c00 && c <= 0x0c7f) return "telu";
  return "latin";
}

/** `text` cut into runs of one script each; neutral characters stay in the run they sit in. */
export function scriptRuns(text: string): { text: string; script: Script }[] {
  const runs: { text: string; script: Script }[] = [];
  let current = "";
  let script: Script | null = null;
  for (const ch of text) {
    const s = scriptOf(ch);
    if (s === null || script === null || s === script) {
      script ??= s;
      current += ch;
      continue;
    }
    runs.push({ text: current, script });
    current = ch;
    script = s;
  }
  if (current) runs.push({ text: current, script: script ?? "latin" });
  return runs;
}
