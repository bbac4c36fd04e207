/**
 * The spec's enumerations (SPEC §3) that both the database schema and the forms use, in a
 * module with no imports so browser bundles can take them without pulling Drizzle in.
 */

export const TITLES = ["Mr.", "Ms.", "Dr.", "Mrs.", "none"] as const;
export type Title = (typeof TITLES)[number];

export const BUSINESS_NATURES = [
  "Manufacturer",
  "Retailer",
  "Wholesaler",
  "Distributor",
  "Exporter/importer",
  "Service provider",
  "Restaurant",
  "Hotel",
  "Consultancy Services",
  "Architect and Interior Designer",
] as const;
export type BusinessNature = (typeof BUSINESS_NATURES)[number];

export const CONTACT_FIELD_TYPES = ["tel", "email", "url", "text"] as const;
export type ContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

export const CARD_SECTIONS = ["about", "links", "products", "gallery", "videos", "paymentOptions", "feedback", "enquiry"] as const;
export type CardSection = (typeof CARD_SECTIONS)[number];

export const CARD_TEMPLATES = ["style-1", "style-2"] as const;
export type CardTemplate = (typeof CARD_TEMPLATES)[number];

export const CARD_STATUSES = ["active", "inactive"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
