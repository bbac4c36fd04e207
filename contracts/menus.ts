/**
 * What the API's menus may name (GET /session `actor.menu`). The API decides which items a
 * person sees; the panel decides where each one leads (app/lib/menu-links.ts), so no panel URL
 * is ever built on the server. Only an outside site comes with its `href` (it opens in a new tab).
 */

/** The customer drawer's groups and the customer home's tiles. The first three are the SPEC's project types. */
export const CUSTOMER_MENU_KEYS = [
  "digital_card",
  "pdf_id_card",
  "promotional_video",
  "create-card",
  "greetings",
  "pdf-card-templates",
  "video-templates",
] as const;
export type CustomerMenuKey = (typeof CUSTOMER_MENU_KEYS)[number];

/** The admin drawer, and the admin home's tiles. */
export const STAFF_MENU_KEYS = [
  "home",
  "businesses",
  "projects",
  "franchisees",
  "agency-management",
  "billing",
  "plans-pricing",
  "report",
  "daily-images",
  "image-posts",
  "video-templates",
  "ui-customisation",
  "static-pages",
  "link-store",
] as const;
export type StaffMenuKey = (typeof STAFF_MENU_KEYS)[number];

/** The agency's invitation site: the one item that is not a panel page. */
export type OutsideLink = { key: "invitation"; label: string; href: string };

export type MenuItem<K extends string> = { key: K; label: string } | OutsideLink;
