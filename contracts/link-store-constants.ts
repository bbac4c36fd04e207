import { toE164 } from "./phone.ts";

/**
 * The link store's zod-free pieces (ADR 0020): the built-in icons, the input kinds a link type
 * may ask for, and the one rule that turns what a customer types (a handle, a number or a whole
 * link) into the link their card shows. The API applies the rule on save; the card editor's
 * live preview applies the same function, so both show the same link.
 */

/** Icons shipped with the app (public/link-icons/<key>.svg): an admin picks one or uploads their own. */
export const BUILTIN_LINK_ICONS = [
  { key: "whatsapp", label: "WhatsApp" },
  { key: "instagram", label: "Instagram" },
  { key: "facebook", label: "Facebook" },
  { key: "youtube", label: "YouTube" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "x", label: "X" },
  { key: "telegram", label: "Telegram" },
  { key: "website", label: "Website" },
  { key: "map", label: "Map" },
  { key: "reviews", label: "Reviews" },
  { key: "shop", label: "Shop / listing" },
  { key: "link", label: "Link" },
] as const;
export type BuiltinLinkIcon = (typeof BUILTIN_LINK_ICONS)[number]["key"];

export const LINK_ICON_DIR = "/link-icons/";
export const builtinIconUrl = (key: BuiltinLinkIcon) => `${LINK_ICON_DIR}${key}.svg`;
const BUILTIN_ICON_URLS: ReadonlySet<string> = new Set(BUILTIN_LINK_ICONS.map((i) => builtinIconUrl(i.key)));
export const isBuiltinIconUrl = (url: string) => BUILTIN_ICON_URLS.has(url);
/** The icon a link without a type (or whose type was deleted) shows. */
export const GENERIC_LINK_ICON = builtinIconUrl("link");

/**
 * What the customer types for a link type: `url` = a handle after the type's prefix, or a whole
 * link; `tel` = a phone number (WhatsApp, Telegram by number), put after the prefix in digits.
 */
export const LINK_FIELD_TYPES = ["url", "tel"] as const;
export type LinkFieldType = (typeof LINK_FIELD_TYPES)[number];

export const LINK_STORE_MESSAGES = {
  unknownType: "Choose a link type from the list.",
  telNeedsPrefix: "A phone number link needs a link prefix, for example https://wa.me/.",
  categoryTaken: "A link category with this name already exists.",
  categoryNotEmpty: (n: number) => `This category still has ${n} link type${n === 1 ? "" : "s"}. Delete or move them first.`,
  categoryNotFound: "Link category not found.",
  typeNotFound: "Link type not found.",
  typeTaken: "A link type with this name already exists in this category.",
  icon: "Choose an icon from the list or upload an image.",
  prefix: "The prefix must be an https link, for example https://instagram.com/.",
} as const;

export type LinkTypeRule = { fieldType: LinkFieldType; urlPrefix: string | null };

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "").toLowerCase();
  } catch {
    return null;
  }
};

/**
 * What the customer typed → the link (not yet checked as a link: the caller's link schema does
 * that), or null when it cannot become one (a phone link without a valid number).
 * - `tel`: any usual spelling of a number → prefix + its E.164 digits ("98765 43210" →
 *   https://wa.me/919876543210).
 * - `url` with a prefix: a whole link (with a scheme, or starting with the prefix's own domain)
 *   is kept; anything else is a handle: "@myshop" → prefix + "myshop".
 * - `url` without a prefix: the value is the link.
 */
export function composeLinkUrl(type: LinkTypeRule, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (type.fieldType === "tel") {
    const e164 = toE164(v);
    return e164 && type.urlPrefix ? `${type.urlPrefix}${e164.slice(1)}` : null;
  }
  if (!type.urlPrefix || /^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return v;
  const host = hostOf(type.urlPrefix);
  const typedHost = v.toLowerCase().replace(/^www\./, "");
  if (host && (typedHost === host || typedHost.startsWith(`${host}/`))) return `https://${v}`;
  const handle = v.replace(/^@+/, "").replace(/^\/+/, "");
  return `${type.urlPrefix}${encodeURI(handle)}`;
}

/** The part a customer typed, back from a stored link: the handle after the prefix, or the whole link. */
export function linkInputFromUrl(type: LinkTypeRule | undefined, url: string): string {
  if (!type?.urlPrefix || !url.startsWith(type.urlPrefix)) return url;
  const rest = url.slice(type.urlPrefix.length);
  if (type.fieldType === "tel") return `+${rest}`;
  try {
    return decodeURI(rest);
  } catch {
    return rest;
  }
}
