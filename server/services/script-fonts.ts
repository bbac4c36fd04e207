import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "#server/services/woff.ts";
import { themeDesign } from "#contracts/card-themes.ts";

/**
 * The one list of fonts every drawn text uses (ADR 0074): the PDFs (harfbuzzjs shaping, pdfkit
 * embedding), the greeting JPEGs and the promo videos' text (Pango inside sharp). Three type
 * families as the card themes pair them (ADR 0070): Noto Sans and Noto Serif per script, and
 * Noto Sans Mono, which is Latin only (its Indic runs take Noto Sans of their script, as the
 * phone's own mono stack does). Regular and bold, from the @fontsource packages (WOFF 1, unpacked
 * to plain sfnt: FreeType and harfbuzzjs want that). Their files are subsets by script, so text
 * is split into runs by script and each run takes its own font.
 */
const require = createRequire(import.meta.url);

export const SCRIPTS = ["latin", "deva", "beng", "taml", "telu", "gujr"] as const;
export type Script = (typeof SCRIPTS)[number];
export type Weight = 400 | 700;
/** A card theme's `headFont` / `bodyFont` (contracts/card-themes.ts). */
export type TypeFamily = "sans" | "serif" | "mono";
export const TYPE_FAMILIES: readonly TypeFamily[] = ["sans", "serif", "mono"];
/** A theme's pair: the business name and headings in `head`, the rest in `body`. */
export type ThemeFonts = { head: TypeFamily; body: TypeFamily };
export const SANS_FONTS: ThemeFonts = { head: "sans", body: "sans" };

/** A card theme's pair (an unknown or absent theme is style-1's: sans). */
export function themeFonts(theme: string | null | undefined): ThemeFonts {
  const d = themeDesign(theme ?? "");
  return { head: d.headFont, body: d.bodyFont };
}

type Source = { pkg: string; stem: string; family: string };
/** Each Indic script's name in the @fontsource packages and Pango families (Latin has none). */
const SCRIPT_NAMES: Record<Script, string | null> = { latin: null, deva: "Devanagari", beng: "Bengali", taml: "Tamil", telu: "Telugu", gujr: "Gujarati" };
/** Package, file stem and Pango family of a family's font for a script: `noto-serif-tamil`, `noto-serif-tamil-tamil`, "Noto Serif Tamil". */
function sourceFor(family: "sans" | "serif", script: Script): Source {
  const name = SCRIPT_NAMES[script];
  const pkg = name ? `noto-${family}-${name.toLowerCase()}` : `noto-${family}`;
  return { pkg, stem: `${pkg}-${name ? name.toLowerCase() : "latin"}`, family: `Noto ${family === "sans" ? "Sans" : "Serif"}${name ? ` ${name}` : ""}` };
}
const MONO: Source = { pkg: "noto-sans-mono", stem: "noto-sans-mono-latin", family: "Noto Sans Mono" };

/** A font file: family, script and weight (`sans-deva-700`). Mono has Latin only. */
export type FontKey = `${"sans" | "serif"}-${Script}-${Weight}` | `mono-latin-${Weight}`;

/** The font a run of `script` takes in `family` (mono's Indic runs: Noto Sans of the script). */
export function fontKeyOf(family: TypeFamily, script: Script, weight: Weight): FontKey {
  if (family === "mono") return script === "latin" ? `mono-latin-${weight}` : `sans-${script}-${weight}`;
  return `${family}-${script}-${weight}`;
}

export const FONT_KEYS: FontKey[] = TYPE_FAMILIES.flatMap((f) => SCRIPTS.flatMap((s) => [fontKeyOf(f, s, 400), fontKeyOf(f, s, 700)])).filter(
  (k, i, all) => all.indexOf(k) === i,
);

function sourceOf(key: FontKey): { source: Source; weight: string } {
  const [family, script, weight] = key.split("-") as [TypeFamily, Script, string];
  const source = family === "mono" ? MONO : sourceFor(family, script);
  return { source, weight };
}

/**
 * Pango's font list per family: its Latin font first, then one family per Indic script (Pango
 * picks per character). `FONT_FAMILIES` is the sans list, what text outside a theme uses.
 */
export const PANGO_FAMILIES: Record<TypeFamily, string> = Object.fromEntries(
  TYPE_FAMILIES.map((f) => [f, SCRIPTS.map((s) => sourceOf(fontKeyOf(f, s, 400)).source.family).join(",")]),
) as Record<TypeFamily, string>;
export const FONT_FAMILIES = PANGO_FAMILIES.sans;

/** The WOFF file of a font. */
export const fontFile = (key: FontKey) => {
  const { source, weight } = sourceOf(key);
  return require.resolve(`@fontsource/${source.pkg}/files/${source.stem}-${weight}-normal.woff`);
};

/** Extra files Pango gets besides the scripts': each Latin font's Latin Extended (ā, ś, … in transliterated names). */
export const EXTRA_PANGO_FILES = (["noto-sans", "noto-serif", "noto-sans-mono"] as const).flatMap((pkg) =>
  [400, 700].map((w) => require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-ext-${w}-normal.woff`)),
);

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
