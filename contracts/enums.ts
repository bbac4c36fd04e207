/**
 * The spec's enumerations (SPEC §3) and the option lists the API and the panel share, in a
 * module with no imports: the Drizzle schema and browser bundles take them without zod.
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

/**
 * The public card's themes (issue 26, ADR 0070): the spec's style-1 and style-2 and ten more.
 * Their designs are in contracts/card-themes.ts; the stored `cards.template` is one of these.
 */
export const CARD_TEMPLATES = [
  "style-1",
  "style-2",
  "storefront",
  "stripes",
  "colour-block",
  "split",
  "dots",
  "letterhead",
  "midnight",
  "frame",
  "arch",
  "checks",
] as const;
export type CardTemplate = (typeof CARD_TEMPLATES)[number];

export const CARD_STATUSES = ["active", "inactive"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Headings a section may take (SPEC §3: "section title options", exact lists not shown; ADR 0008). */
export const SECTION_TITLE_OPTIONS: Record<CardSection, readonly string[]> = {
  about: ["About Us", "About Me", "Who We Are", "Our Story"],
  links: ["Links", "Find Us Online", "Follow Us", "Social Media"],
  products: ["Products", "Our Products", "Services", "Our Services", "Menu", "Price List"],
  gallery: ["Gallery", "Photos", "Our Work", "Portfolio"],
  videos: ["Videos", "Watch Us", "Our Videos"],
  paymentOptions: ["Payment Options", "Pay Us", "Bank Details"],
  feedback: ["Feedback", "Reviews", "Testimonials"],
  enquiry: ["Enquiry", "Contact Us", "Get in Touch", "Send a Message"],
};

/**
 * What an upload is for (POST /document/uploadDoc hierarchy1), and so how it is resized.
 */
export const DOCUMENT_PURPOSES = [
  "business-logo",
  "card-profile",
  "card-cover",
  "card-gallery",
  "card-product",
  "payment-qr",
  "document",
  // Platform content (ADR 0020): hierarchy2 is the uploader's agency, not a business.
  "static-page",
  "link-icon",
  // An agency's logo and favicon (UI customisation, ADR 0019): hierarchy2 is the uploader's agency.
  "branding",
] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];

export const FEEDBACK_KINDS = ["feedback", "enquiry"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** What a visitor sends from the public card's form. */
export const ENQUIRY_KINDS = ["enquiry", "feedback"] as const;

/** What the public card page shows: the card, or why not. */
export const PUBLIC_CARD_STATES = ["live", "inactive", "expired", "deleted"] as const;
export type PublicCardState = (typeof PUBLIC_CARD_STATES)[number];

/** What a tap on the card was: counted for the owner's dashboard. */
export const TAP_KINDS = ["call", "whatsapp", "email", "map", "upi", "link"] as const;
export type TapKind = (typeof TAP_KINDS)[number];
