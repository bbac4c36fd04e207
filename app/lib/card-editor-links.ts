import { href } from "react-router";

/**
 * The card editor's sections and their URLs, apart from the editor's schemas: pages that only
 * link to the editor (My Projects) load no zod and no phone metadata for it.
 */

/** `key` names the section's words in the `cardEditor.sections` catalogue (`key` and `keyHint`, ADR 0066). */
export const EDITOR_SECTIONS = [
  { path: "basic-details", key: "basicDetails" },
  { path: "payment-options", key: "paymentOptions" },
  { path: "videos", key: "videos" },
  { path: "gallery", key: "gallery" },
  { path: "about", key: "about" },
  { path: "products", key: "products" },
  { path: "links", key: "links" },
  { path: "settings", key: "settings" },
  { path: "template", key: "template" },
  { path: "second-language", key: "secondLanguage" },
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
