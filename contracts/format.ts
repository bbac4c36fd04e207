/**
 * How a card's details become links and text (mail, maps, UPI, ₹ prices, colours), in one place
 * for the page, the preview and the tests; phone numbers are in phone.ts. No imports: any bundle.
 */

export const mailtoHref = (email: string) => `mailto:${email.trim()}`;

/** The owner's map link, else a Google Maps search for the address. */
export function mapHref(mapLink: string | undefined, address: string | undefined) {
  if (mapLink) return mapLink;
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}

/**
 * UPI deep link (NPCI linking spec): opens any UPI app with the payee filled in. The "@" of
 * the UPI id stays as is: some UPI apps don't decode %40.
 */
export const upiHref = (upiId: string, payeeName?: string) =>
  `upi://pay?pa=${encodeURIComponent(upiId).replace(/%40/g, "@")}${payeeName ? `&pn=${encodeURIComponent(payeeName)}` : ""}&cu=INR`;

/** Share the card on WhatsApp: the chooser opens with the text and the link. */
export const whatsappShareHref = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;

export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const youtubeWatch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const INDIA = "Asia/Kolkata";
/**
 * Dates in the reader's language (month names in its script) with Latin digits, as most people in
 * India write them on phones; numbers and money with Indian grouping (₹1,00,000) in every
 * language: en-IN's, because some languages' own data groups in thousands with Latin digits
 * (mr-IN gives "100,000"). Languages are the codes of contracts/i18n/languages.ts (a string here,
 * so this file keeps no imports).
 */
export const dateLocale = (lang: string) => `${lang === "en" ? "en" : lang}-IN-u-nu-latn`;
const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: string, kind: "day" | "moment") {
  const key = `${lang}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day" ? { day: "numeric", month: "short", year: "numeric", timeZone: INDIA } : { dateStyle: "medium", timeStyle: "short", timeZone: INDIA };
    f = new Intl.DateTimeFormat(dateLocale(lang), options);
    cache.set(key, f);
  }
  return f;
}

/** "26 Nov 2026" ("26 नव॰ 2026" in Hindi): the day as people in India see it (servers and browsers may run on another zone). */
export const formatDate = (d: Date | string, lang = "en") => dateFormat(lang, "day").format(new Date(d));

/** formatDate, or "—" where there is no date (an unpaid bill, a trial without expiry). */
export const dateOrDash = (d: Date | string | null | undefined, lang = "en") => (d ? formatDate(d, lang) : "—");

/** "26 Nov 2026, 4:05 pm": a moment, India time. */
export const formatDateTime = (d: Date | string, lang = "en") => dateFormat(lang, "moment").format(new Date(d));

const number = new Intl.NumberFormat("en-IN");
/** 100000 → "1,00,000" in every language (Latin digits, Indian grouping). */
export const formatNumber = (n: number) => number.format(n);

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * Integer paise → "₹1,850" or "₹549.50" in every language; null → `onRequest` ("Price on request",
 * or the catalogue's `card.priceOnRequest` in the reader's language).
 */
export function formatPrice(paise: number | null | undefined, onRequest = "Price on request") {
  if (paise === null || paise === undefined) return onRequest;
  const value = paise / 100;
  return Number.isInteger(value) ? rupees.format(value) : rupees.format(value).replace(/\.(\d)$/, ".$10");
}

const DEFAULT_THEME = "#2d9bea";
/** A card's theme colour if it is a plain #rrggbb, else the product's blue. */
export const safeColor = (c: string | undefined | null) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c : DEFAULT_THEME);

/** Relative luminance (WCAG): true when dark text reads better than white on this colour. */
export function isLight(hex: string) {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45;
}

/** "Sharma Sweets'" and "Iyer Consulting's": the possessive of a name (no "Sweets's"). */
export function possessive(name: string) {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
