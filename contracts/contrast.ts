/**
 * A colour someone chose (a card's theme, an agency's brand) made readable (ADR 0012): the same
 * hue, darkened just enough for WCAG AA body text, 4.5:1, against the public card's light grey
 * (#f1f5f9, so white is covered too) and for white text on it. Dark enough colours come back as
 * they are.
 */
const LIGHT_BACKGROUND = 0.9085; // relative luminance of #f1f5f9 (Tailwind slate-100)
const AA = 4.5;

const channel = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r / 255) + 0.7152 * channel(g / 255) + 0.0722 * channel(b / 255);
const readable = (rgb: number[]) => (LIGHT_BACKGROUND + 0.05) / (luminance(rgb) + 0.05) >= AA;

export function readableColor(hex: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const rgb = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  if (readable(rgb)) return hex.toLowerCase();
  // The largest scale factor (closest to the chosen colour) that reads: a few halvings suffice.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    if (readable(rgb.map((c) => c * mid))) lo = mid;
    else hi = mid;
  }
  return `#${rgb.map((c) => Math.floor(c * lo).toString(16).padStart(2, "0")).join("")}`;
}
