import { sql, type SQL } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";

/**
 * A person's search term as an ILIKE "contains" pattern. NFC first: "क्षे" typed on one keyboard
 * and stored from another can differ only in how the vowel sign is encoded (issue 24: search
 * works in every script). `%`, `_` and `\` typed by a person are literal characters.
 */
export const containsPattern = (search: string) => `%${search.normalize("NFC").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A card's company name in both of its languages (ADR 0075), for search: the one the owner typed,
 * then the second language's, so "शर्मा स्वीट्स" and "Sharma Sweets" both find a card whose owner
 * gave both. One text, so one ILIKE per card.
 */
export const cardCompanyNames: SQL<string> = sql`normalize(concat_ws(' ', ${cards.basicDetails}->>'companyName', ${cards.secondLanguage}->'texts'->>'companyName'), NFC)`;
