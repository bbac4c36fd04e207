import { HEX_COLOUR, nearestPassingShade, withLightness } from "#contracts/brand-colour.ts";
import type { PdfCardTemplateCode } from "#contracts/pdf-card-constants.ts";
import type { Op } from "./draw.ts";

/*
 * A PDF ID card in the business's own colour (issue 26): each template's brand colours have a
 * role, and the card's theme colour is turned into one shade per role, so the printed card looks
 * like the digital one. Text colours stay readable: strong and accent shades are the nearest
 * shade white text reads on at AA (so they read on white paper too); deep is darker still.
 * The neutrals (white, greys, the slate panel) are the template's own.
 */

type Role = "deep" | "strong" | "accent" | "tint" | "pale";

/** Each template's brand colours by role (lower-case hex, as templates.ts draws them). */
const ROLES: Record<PdfCardTemplateCode, Record<string, Role>> = {
  "aurora-portrait": { "#1e3a8a": "strong", "#2563eb": "accent", "#60a5fa": "tint", "#dbeafe": "pale" },
  "saffron-portrait": { "#7c2d12": "strong", "#b45309": "accent", "#f59e0b": "tint", "#fed7aa": "pale" },
  "slate-landscape": { "#0d9488": "accent", "#14b8a6": "tint" },
  "mint-landscape": { "#064e3b": "deep", "#065f46": "deep", "#059669": "strong", "#10b981": "tint", "#a7f3d0": "pale", "#ecfdf5": "pale" },
};

/** `hex` mixed with white: `amount` 0 is the colour, 1 is white. */
function towardWhite(hex: string, amount: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${c.map((v) => Math.round(v + (255 - v) * amount).toString(16).padStart(2, "0")).join("")}`;
}

export function themeShades(theme: string): Record<Role, string> {
  const strong = nearestPassingShade(theme);
  return { deep: withLightness(strong, 0.75), strong, accent: strong, tint: theme.toLowerCase(), pale: towardWhite(theme.toLowerCase(), 0.8) };
}

/** The template's drawing in `theme`'s shades; the drawing itself when there is no (valid) theme colour. */
export function inThemeColours(code: PdfCardTemplateCode, ops: Op[], theme: string | null | undefined): Op[] {
  if (!theme || !HEX_COLOUR.test(theme)) return ops;
  const roles = ROLES[code];
  const shades = themeShades(theme);
  const swap = (c: string) => {
    const role = roles[c.toLowerCase()];
    return role ? shades[role] : c;
  };
  return ops.map((op) => {
    switch (op.k) {
      case "rect":
      case "circle":
      case "path":
        return { ...op, fill: swap(op.fill) };
      case "text":
        return { ...op, color: swap(op.color) };
      case "qr":
        return { ...op, dark: swap(op.dark) };
      default:
        return op;
    }
  });
}
