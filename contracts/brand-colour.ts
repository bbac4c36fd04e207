/**
 * An agency's brand colour and WCAG AA (ADR 0019): buttons carry white text on the brand colour,
 * so the colour must reach 4.5:1 against white. A colour that does not is refused with the
 * nearest passing shade: the same hue and chroma in OKLCH (a perceptual space), lightness
 * lowered just enough. No imports: the API, the panel's theme and its live hint share it.
 */

export const AA_CONTRAST = 4.5;
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function parseHex(hex: string): Rgb {
  const h = hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as Rgb;
}
const toHex = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on `hex` (1 to 21). */
export const contrastWithWhite = (hex: string) => 1.05 / (relativeLuminance(hex) + 0.05);

/** Rounded down to two decimals, as people quote it ("3.03:1"), so 4.499 never reads 4.50. */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/* ---- OKLab (Björn Ottosson), through linear sRGB ---- */

function toOklch(hex: string): { l: number; c: number; h: number } {
  const [r, g, b] = parseHex(hex).map(toLinear);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

function fromOklch({ l: L, c, h }: { l: number; c: number; h: number }): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  const r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  const g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  const b = -0.0041960863 * l - 0.7034186147 * m + 1.707612701 * s;
  return [r, g, b].map((v) => toGamma(Math.min(1, Math.max(0, v)))) as Rgb;
}

/**
 * The colour with its OKLCH lightness multiplied by `factor` (hue and chroma kept; a channel
 * pushed out of sRGB is clipped), as `#rrggbb`.
 */
export function withLightness(hex: string, factor: number): string {
  const lch = toOklch(hex);
  return toHex(fromOklch({ ...lch, l: lch.l * factor }));
}

/**
 * The lightest shade of `hex` (same hue and chroma, lower OKLCH lightness) that white text
 * reads on at AA; the colour itself when it already passes. Checked on the rounded hex.
 */
export function nearestPassingShade(hex: string): string {
  const colour = hex.toLowerCase();
  if (contrastWithWhite(colour) >= AA_CONTRAST) return colour;
  const lch = toOklch(colour);
  let lo = 0; // passes (black does)
  let hi = lch.l; // fails
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (contrastWithWhite(toHex(fromOklch({ ...lch, l: mid }))) >= AA_CONTRAST) lo = mid;
    else hi = mid;
  }
  return toHex(fromOklch({ ...lch, l: lo }));
}

/** Why a brand colour is refused, with the shade to use instead; null when white text reads on it. */
export function brandColourProblem(hex: string): string | null {
  const ratio = contrastWithWhite(hex);
  if (ratio >= AA_CONTRAST) return null;
  const shade = nearestPassingShade(hex);
  return `White text on ${hex.toLowerCase()} has a contrast of ${formatRatio(ratio)}; buttons need at least 4.5:1 (WCAG AA). Try ${shade}, the nearest shade that passes (${formatRatio(contrastWithWhite(shade))}).`;
}
