import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/min";

/**
 * Phone numbers, one home for every rule (ADR 0011): contact numbers (a business's, a card's,
 * a visitor's) are stored in E.164 ("+919876543210", "+442079460958"); a bare number is Indian.
 * Every `tel:`, WhatsApp link, vCard TEL and displayed number comes from here.
 *
 * The `min` metadata build: validity by length and leading digits, ~half the size of `max`
 * (the `mobile` build would reject landlines, which businesses use).
 */

export const DEFAULT_COUNTRY = "IN";

/**
 * Pages show the same few stored numbers on every render (a card's, its business's): each
 * answer is remembered, per function, up to a bound (parsing and formatting is the costly part
 * of a card's contact block).
 */
function remembered<T>(fn: (phone: string) => T): (phone: string) => T {
  const seen = new Map<string, T>();
  return (phone) => {
    let value = seen.get(phone);
    if (value === undefined && !seen.has(phone)) {
      value = fn(phone);
      if (seen.size >= 1000) seen.clear();
      seen.set(phone, value);
    }
    return value as T;
  };
}

function parse(input: string): PhoneNumber | undefined {
  // "00 44 …" is how some people type an international prefix.
  const text = input.trim().replace(/^00(?=[1-9])/, "+");
  if (!/\d/.test(text) || text.length > 40) return undefined;
  return parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
}

/** What a person typed → E.164, or null when it is not a valid number. "98765 43210" is +919876543210. */
export function toE164(input: string): string | null {
  const n = parse(input);
  return n?.isValid() ? n.number : null;
}

/**
 * The number to dial, for stored values: E.164 when it parses, else its digits (a stored value
 * is E.164 already; this only guards old or odd data).
 */
export const dialable = remembered((phone: string): string => {
  const n = parse(phone);
  if (n?.isPossible()) return n.number;
  const compact = phone.replace(/[^\d+]/g, "");
  return compact.startsWith("+") ? `+${compact.replace(/\D/g, "")}` : compact.replace(/\D/g, "");
});

const isIndianMobile = (n: PhoneNumber) => n.countryCallingCode === "91" && /^[6-9]\d{9}$/.test(n.nationalNumber);

/**
 * For people: Indian numbers in national format ("98765 43210", "0141 234 5678"; mobiles
 * without the trunk 0, as Indians write them), others in international format ("+44 20 7946 0958").
 */
export const formatPhone = remembered((phone: string): string => {
  const n = parse(phone);
  if (!n?.isPossible()) return phone.trim();
  if (n.countryCallingCode !== "91") return n.formatInternational();
  return isIndianMobile(n) ? n.formatNational().replace(/^0/, "") : n.formatNational();
});

export const telHref = (phone: string) => `tel:${dialable(phone)}`;

/** wa.me wants the full international number without + (https://faq.whatsapp.com/5913398998672934). */
export const whatsappHref = (phone: string, text?: string) =>
  `https://wa.me/${dialable(phone).replace(/^\+/, "")}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

export type PhoneLinks = { label: string; tel: string; whatsapp: string };
/** A number as shown and linked, for lists rendered on the server (their pages ship no metadata). */
export const phoneLinks = (phone: string): PhoneLinks => ({ label: formatPhone(phone), tel: telHref(phone), whatsapp: whatsappHref(phone) });

/** A vCard TEL: E.164, CELL for Indian mobiles (known by their leading digit), WORK otherwise. */
export function vcardTel(phone: string): { number: string; type: "CELL" | "WORK" } {
  const n = parse(phone);
  return { number: dialable(phone), type: n && isIndianMobile(n) ? "CELL" : "WORK" };
}

/** A search term is a phone search only when it looks like one: digits, spaces, `+`, `-`, `.` and parentheses, at least 3 digits. */
export const looksLikePhone = (term: string) => /^[\d\s+\-().]+$/.test(term) && (term.match(/\d/g)?.length ?? 0) >= 3;

/**
 * The digits to look for when someone searches by phone, however they typed it: the national
 * number ("+91 98765-43210", "098765 43210" → "9876543210"; "+44 20 7946 0958" → "2079460958"),
 * which E.164 values and 10-digit sign-in ids both contain. A partial number: its digits, without
 * a trunk 0 or a leading 91 before ten digits.
 */
export function phoneSearchDigits(term: string): string {
  const n = parse(term);
  if (n?.isValid()) return n.nationalNumber;
  return term.replace(/\D/g, "").replace(/^0+/, "").replace(/^91(?=\d{10}$)/, "");
}
