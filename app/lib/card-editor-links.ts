import { href } from "react-router";

/**
 * The card editor's sections and their URLs, apart from the editor's schemas: pages that only
 * link to the editor (My Projects) load no zod and no phone metadata for it.
 */

export const EDITOR_SECTIONS = [
  { path: "basic-details", label: "Basic details", hint: "Name, phones, email, address, logo and your card link" },
  { path: "payment-options", label: "Payment options", hint: "UPI id, payment QR and bank accounts" },
  { path: "videos", label: "YouTube videos", hint: "Videos shown as thumbnails on your card" },
  { path: "gallery", label: "Gallery", hint: "Photos of your shop, work or products" },
  { path: "about", label: "About us", hint: "Your story, year established and specialities" },
  { path: "products", label: "Products", hint: "Products or services with prices in ₹" },
  { path: "links", label: "Links", hint: "Instagram, Facebook, website and other links" },
  { path: "settings", label: "Settings", hint: "Section titles, visibility, order and colour" },
  { path: "template", label: "Template", hint: "The card's style" },
  { path: "second-language", label: "Second language", hint: "Your card's texts in a second language" },
] as const;
export type EditorSectionPath = (typeof EDITOR_SECTIONS)[number]["path"];

export const EDITOR_BASE = href("/panel/customer/digital-card");
/** The same editor for staff who may see the business (ADR 0049): the same route modules. */
export const STAFF_EDITOR_BASE = href("/panel/admin/digital-card");

/** Which editor a page is in: the staff one under /panel/admin, else the customer's. */
export const editorBaseFor = (pathname: string) => (pathname.startsWith(STAFF_EDITOR_BASE) ? STAFF_EDITOR_BASE : EDITOR_BASE);

/** A link inside the editor that keeps the business it works on. */
export const editorHref = (path: EditorSectionPath | "", businessId: number, base: string = EDITOR_BASE) =>
  `${base}${path ? `/${path}` : ""}?businessId=${businessId}`;
