/**
 * The rule for a card's public id, the `/{cardId}` in its shared link (ADR 0008, ADR 0010). SPEC §5
 * says the server checks availability "by cardId and cardNo" without the rule; ours:
 * - 3 to 40 characters: lowercase letters a–z, digits and single hyphens, not at either end
 *   (people type these from printed cards, so no look-alike symbols or case); input is trimmed
 *   and lower-cased first, so "Sharma-Sweets " is read as "sharma-sweets";
 * - not a word the app's own URLs use (panel, api, uploads, privacy…: RESERVED_CARD_IDS);
 * - unique within the agency (each agency has its own host), deleted cards included, so an old
 *   shared link never opens somebody else's card. The caller's own card (cardNo) does not count
 *   against it. Checked by GET /checkCardIdAvailability and again on save
 *   (server/api/cards/card-id.ts); the unique index cards_agency_card_id_uq settles races (409).
 */
import { z } from "zod";

export const CARD_ID_MIN = 3;
export const CARD_ID_MAX = 40;

/** First path segments the app serves itself, plus words that would confuse visitors. */
export const RESERVED_CARD_IDS = new Set([
  "panel", "api", "assets", "privacy", "terms", "login", "logout", "admin", "customer", "static",
  "public", "favicon-ico", "robots-txt", "sitemap", "www", "help", "support", "about", "contact",
  "card", "cards", "new", "edit", "null", "undefined", "index", "uploads",
  // The category static pages live at /category/{slug} (ADR 0020).
  "category", "link-icons",
  // The one-tap unsubscribe page of reminders and reports (ADR 0053).
  "unsubscribe",
]);

/**
 * Well-known brands (issue 22 M4, ADR 0041): an id with one of these as a part ("tata-motors",
 * "my-jio-store") would pass for the brand's own card. Kept short on purpose.
 */
export const BRAND_WORDS = new Set([
  "tata", "reliance", "jio", "airtel", "vodafone", "bsnl", "infosys", "wipro", "hcl", "mahindra",
  "maruti", "suzuki", "hyundai", "toyota", "honda", "bajaj", "hero", "tvs", "adani", "birla",
  "godrej", "hdfc", "icici", "sbi", "axis", "kotak", "paytm", "phonepe", "gpay", "bhim", "upi",
  "lic", "irctc", "amul", "flipkart", "amazon", "myntra", "zomato", "swiggy", "ola", "uber",
  "google", "youtube", "facebook", "instagram", "whatsapp", "meta", "microsoft", "apple",
  "samsung", "netflix", "twitter", "linkedin", "razorpay", "gov", "govt", "police", "rbi",
]);

/** True when any hyphen-separated part of `cardId` is one of `words`. */
export const usesWord = (cardId: string, words: ReadonlySet<string>) => cardId.split("-").some((part) => words.has(part));

/** A word the platform's admin protects (ADR 0045): one part of an id, so the id rule's letters and digits. */
export const protectedWordSchema = z.object({
  word: z
    .string({ error: "Enter a word." })
    .trim()
    .toLowerCase()
    .min(2, "Use 2 to 30 letters or digits.")
    .max(30, "Use 2 to 30 letters or digits.")
    .regex(/^[a-z0-9]+$/, "Use only letters a–z and digits (one word, no spaces or hyphens)."),
});

export const CARD_ID_MESSAGES = {
  length: `Use ${CARD_ID_MIN} to ${CARD_ID_MAX} characters.`,
  characters: "Use only lowercase letters, numbers and single hyphens (not at the start or end).",
  reserved: "This link is reserved. Please choose another.",
  brand: "This link uses a protected name (a brand or a reserved word). Please choose another.",
  taken: "This link is already taken. Please choose another.",
} as const;

const PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The shape of an id (what the public route accepts: ids given before the brand rule still open). */
const cardIdFormatSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(CARD_ID_MIN, CARD_ID_MESSAGES.length)
  .max(CARD_ID_MAX, CARD_ID_MESSAGES.length)
  .regex(PATTERN, CARD_ID_MESSAGES.characters)
  .refine((v) => !RESERVED_CARD_IDS.has(v), CARD_ID_MESSAGES.reserved);

/** Lower-cases and trims what a person typed, so "Sharma-Sweets " is read as "sharma-sweets". */
export const cardIdSchema = cardIdFormatSchema.refine((v) => !usesWord(v, BRAND_WORDS), CARD_ID_MESSAGES.brand);

/** True when `segment` could be a card's public id (the public route's cheap first check). */
export const looksLikeCardId = (segment: string) => cardIdFormatSchema.safeParse(segment).success && segment === segment.toLowerCase();

/** A starting id from a business name: "Sharma Sweets & Co." → "sharma-sweets-co". */
export function slugFromName(name: string) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, CARD_ID_MAX - 5)
    .replace(/-+$/g, "");
  // A brand's name is left out ("Tata Tea Stall" → "card-tea-stall").
  if (usesWord(slug, BRAND_WORDS)) return `card-${slug.split("-").filter((p) => !BRAND_WORDS.has(p)).join("-") || "new"}`.slice(0, CARD_ID_MAX - 5).replace(/-+$/g, "");
  if (slug.length < CARD_ID_MIN || RESERVED_CARD_IDS.has(slug)) return `card-${slug || "new"}`.slice(0, CARD_ID_MAX - 5).replace(/-+$/g, "");
  return slug;
}
