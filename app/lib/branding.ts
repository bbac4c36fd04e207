import { HEX_COLOUR, withLightness } from "#contracts/brand-colour.ts";

/**
 * An agency's branding on its pages (ADR 0019). The brand colour replaces the panel's brand
 * variables (app.css `@theme`): tints and rings (`brand`), buttons and links (`brand-dark`:
 * the API accepts only colours white text reads on at AA), and their hover (`brand-darker`, a
 * darker shade of the same hue). Nothing customised: nothing is emitted, the default look stays.
 */
export function brandThemeCss(primaryColor: string | undefined | null): string | null {
  if (!primaryColor || !HEX_COLOUR.test(primaryColor)) return null;
  const c = primaryColor.toLowerCase();
  return `:root{--color-brand:${c};--color-brand-dark:${c};--color-brand-darker:${withLightness(c, 0.8)}}`;
}

/** The SPEC's brand blue (theme-color) where an agency chose none. */
export const DEFAULT_THEME_COLOR = "#2d9bea";

type Branded = { agencyName: string; branding: { name?: string } };
/** The name people see for the agency: its brand name, else its name. */
export const brandName = (agency: Branded) => agency.branding.name ?? agency.agencyName;
