import { CARD_TEMPLATES, type CardTemplate } from "./enums.ts";

/*
 * Each card theme as a design (issue 26, ADR 0070): the header's treatment, the type pairing, how
 * section headings and sections look, and the page behind them. Zod-free: the public card, the
 * editor's preview and the server's thumbnails all read it. Colours are never fixed here except
 * greys: the owner's (or agency's) colour comes in as `--theme`, already darkened to the nearest
 * shade that passes AA (app/lib/contrast.ts), and every page colour is at least as light as the
 * grey that shade is checked against, so the theme colour reads as text on all of them.
 */

/** Font stacks: the phone's own Noto families (Android ships sans, serif and mono), no download, every script. */
export const FONT_STACKS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Telugu", "Noto Sans Tamil", "Noto Sans Gujarati", Arial, sans-serif',
  serif:
    '"Noto Serif", "Noto Serif Devanagari", "Noto Serif Bengali", "Noto Serif Telugu", "Noto Serif Tamil", "Noto Serif Gujarati", Georgia, "Times New Roman", serif',
  mono: '"Noto Sans Mono", ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Telugu", "Noto Sans Tamil", "Noto Sans Gujarati", monospace',
} as const;
export type FontKey = keyof typeof FONT_STACKS;

/** Where the header's colour comes from: the theme colour, a pattern over it, the cover photo, dark, or white. */
export type HeaderFill = "theme" | "stripes" | "dots" | "checks" | "photo" | "dark" | "white";

export type ThemeDesign = {
  /** hero / side: the spec's two original headers; band: a full-width band; split: two columns. */
  header: "hero" | "side" | "band" | "split";
  fill: HeaderFill;
  align: "centre" | "left";
  /** How the call / WhatsApp / … buttons are drawn under the header. */
  actions: "circles" | "rows" | "chips" | "tiles";
  logo: "round" | "square";
  /** An arched bottom edge on the band. */
  arch?: boolean;
  /** A frame in the theme colour around the header. */
  framed?: boolean;
  headFont: FontKey;
  bodyFont: FontKey;
  headings: "centre-bar" | "left-bar" | "caps" | "rule" | "pill" | "italic";
  sections: "card" | "square" | "outline" | "flat";
  /** Page colour: none darker than slate-100 (#f1f5f9), which contrast.ts checks against. */
  page: string;
  /** The header touches the top of the screen (no gap above it). */
  flush: boolean;
};

export const THEME_DESIGNS: Record<CardTemplate, ThemeDesign> = {
  "style-1": { header: "hero", fill: "theme", align: "centre", actions: "circles", logo: "round", headFont: "sans", bodyFont: "sans", headings: "centre-bar", sections: "card", page: "#f1f5f9", flush: true },
  "style-2": { header: "side", fill: "white", align: "left", actions: "rows", logo: "square", headFont: "sans", bodyFont: "sans", headings: "left-bar", sections: "card", page: "#f1f5f9", flush: false },
  storefront: { header: "band", fill: "photo", align: "left", actions: "chips", logo: "square", headFont: "serif", bodyFont: "sans", headings: "italic", sections: "card", page: "#fafaf9", flush: true },
  stripes: { header: "band", fill: "stripes", align: "centre", actions: "tiles", logo: "round", headFont: "mono", bodyFont: "sans", headings: "caps", sections: "square", page: "#f8fafc", flush: true },
  "colour-block": { header: "band", fill: "theme", align: "left", actions: "chips", logo: "square", headFont: "sans", bodyFont: "sans", headings: "rule", sections: "flat", page: "#ffffff", flush: true },
  split: { header: "split", fill: "theme", align: "left", actions: "rows", logo: "round", headFont: "serif", bodyFont: "sans", headings: "rule", sections: "outline", page: "#fffbeb", flush: false },
  dots: { header: "band", fill: "dots", align: "centre", actions: "circles", logo: "round", headFont: "sans", bodyFont: "serif", headings: "pill", sections: "card", page: "#f8fafc", flush: true },
  letterhead: { header: "band", fill: "white", align: "centre", actions: "rows", logo: "round", headFont: "serif", bodyFont: "serif", headings: "italic", sections: "flat", page: "#ffffff", flush: true },
  midnight: { header: "band", fill: "dark", align: "left", actions: "tiles", logo: "square", headFont: "sans", bodyFont: "sans", headings: "caps", sections: "card", page: "#f1f5f9", flush: true },
  frame: { header: "band", fill: "white", align: "centre", actions: "tiles", logo: "square", framed: true, headFont: "mono", bodyFont: "sans", headings: "left-bar", sections: "outline", page: "#f8fafc", flush: false },
  arch: { header: "band", fill: "photo", align: "centre", actions: "circles", logo: "round", arch: true, headFont: "serif", bodyFont: "sans", headings: "centre-bar", sections: "card", page: "#fafaf9", flush: true },
  checks: { header: "split", fill: "checks", align: "left", actions: "chips", logo: "square", headFont: "sans", bodyFont: "serif", headings: "pill", sections: "square", page: "#ffffff", flush: false },
};

export const isCardTheme = (v: unknown): v is CardTemplate => typeof v === "string" && (CARD_TEMPLATES as readonly string[]).includes(v);

export const themeDesign = (theme: string): ThemeDesign => (isCardTheme(theme) ? THEME_DESIGNS[theme] : THEME_DESIGNS["style-1"]);

/** An agency's choice (ADR 0070): which themes its customers see and which new cards start with. Unset: all, style-1. */
export type AgencyCardThemes = { allowed?: string[]; defaultTheme?: string };

export function agencyThemes(setting: AgencyCardThemes | undefined): { allowed: CardTemplate[]; defaultTheme: CardTemplate } {
  const allowed = (setting?.allowed ?? []).filter(isCardTheme);
  const list = allowed.length ? CARD_TEMPLATES.filter((t) => allowed.includes(t)) : [...CARD_TEMPLATES];
  const wanted = setting?.defaultTheme;
  const defaultTheme = isCardTheme(wanted) && list.includes(wanted) ? wanted : list[0];
  return { allowed: list, defaultTheme };
}

/** CSS custom properties a themed card sets on its root (the colour is set by the caller). */
export const themeFontVars = (d: ThemeDesign) => ({ "--card-head": FONT_STACKS[d.headFont], "--card-body": FONT_STACKS[d.bodyFont] });

/** Pattern overlays, darker than the colour under them so white text on it keeps its contrast. */
export const PATTERN_IMAGES: Partial<Record<HeaderFill, { image: string; size?: string; position?: string }>> = {
  stripes: { image: "repeating-linear-gradient(135deg, rgba(0,0,0,.16) 0 10px, transparent 10px 22px)" },
  dots: { image: "radial-gradient(rgba(0,0,0,.22) 2px, transparent 2.6px)", size: "14px 14px" },
  checks: {
    image: "linear-gradient(45deg, rgba(0,0,0,.14) 25%, transparent 25% 75%, rgba(0,0,0,.14) 75%), linear-gradient(45deg, rgba(0,0,0,.14) 25%, transparent 25% 75%, rgba(0,0,0,.14) 75%)",
    size: "20px 20px",
    position: "0 0, 10px 10px",
  },
};
