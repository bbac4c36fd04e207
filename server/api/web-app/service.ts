import type { Db } from "#server/db/client.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { brandingOf } from "#server/api/ui-customisation/service.ts";

/** The brand blue of the panel (app/lib/branding.ts DEFAULT_THEME_COLOR). */
const DEFAULT_THEME = "#2d9bea";

/**
 * The installable panel's web app manifest (ADR 0063), in the agency's name and colour: the panel
 * opens standalone at the customer's home; the icons are the panel's own (public/icons).
 */
export async function webAppManifest(db: Db, agency: AgencyRow) {
  const branding = await brandingOf(db, agency);
  const name = branding.name.trim() || "Card Panel";
  return {
    name,
    short_name: [...name].length <= 12 ? name : [...name].slice(0, 12).join("").trim(),
    description: branding.metaDescription ?? "Your digital business card, greetings and ID cards.",
    id: "/panel",
    start_url: "/panel",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: branding.primaryColor ?? DEFAULT_THEME,
    background_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
