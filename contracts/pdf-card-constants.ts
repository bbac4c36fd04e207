/**
 * PDF ID cards: the zod-free constants and texts a page may take without shipping zod
 * (the schemas are in contracts/pdf-cards.ts). ADR 0024.
 */

export const PDF_CARD_TEMPLATES = [
  { code: "aurora-portrait", name: "Aurora", orientation: "portrait", description: "A deep blue header wave, a round photo and a QR code at the foot." },
  { code: "saffron-portrait", name: "Saffron", orientation: "portrait", description: "A warm saffron side band, a square photo and bold name lettering." },
  { code: "slate-landscape", name: "Slate", orientation: "landscape", description: "A dark slate panel with the photo on the left and details on the right." },
  { code: "mint-landscape", name: "Mint", orientation: "landscape", description: "A light card with a mint ribbon, the logo top left and a QR code on the right." },
] as const;

export type PdfCardTemplateCode = (typeof PDF_CARD_TEMPLATES)[number]["code"];
export const PDF_CARD_TEMPLATE_CODES = PDF_CARD_TEMPLATES.map((t) => t.code) as [PdfCardTemplateCode, ...PdfCardTemplateCode[]];

export const PDF_CARD_STATUS_VALUES = ["active", "inactive"] as const;
export type PdfCardStatus = (typeof PDF_CARD_STATUS_VALUES)[number];

/** How many people one PDF card may hold (one CR80 page each; the A4 sheets hold 10 a page). */
export const PDF_CARD_MAX_PEOPLE = 50;
export const PDF_CARD_MAX_MAILS = 5;
export const PDF_CARD_MAX_PHONES = 2;

export const PDF_CARD_MESSAGES = {
  notFound: "PDF card not found.",
  singleExportUsed: "This PDF card's single export is used. Buy another PDF card to export again.",
  exported: "PDF card exported: its download has no SAMPLE watermark.",
  created: "PDF card created.",
  saved: "PDF card saved.",
  deleted: "PDF card deleted.",
  statusChanged: "PDF card status changed.",
  notPaid: "Buy the single PDF card or a plan with PDF cards to export it without the SAMPLE watermark.",
} as const;
