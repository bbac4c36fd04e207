import { z } from "zod";
import { LIMITS, REQUIRED_MESSAGE } from "./constants.ts";
import { CARD_SECTIONS } from "./enums.ts";
import { idSchema } from "./id.ts";
import { LANGUAGES } from "./i18n/languages.ts";

/**
 * A card in two languages (issue 24, ADR 0075): the owner's own words again in a second
 * language. Products and links are matched by their primary text (`key`: a product's name, a
 * link's URL), not by position, so reordering or deleting one keeps the others' translations.
 * Every text may stay empty: the card then shows the primary text for that field.
 */
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).optional();

export const secondLanguageProductSchema = z.object({
  key: z.string().max(120),
  name: optionalText(120),
  description: optionalText(500),
});
export const secondLanguageLinkSchema = z.object({ key: z.string().max(2000), label: optionalText(40) });

export const secondLanguageTextsSchema = z.object({
  companyName: optionalText(120),
  name: optionalText(80),
  designation: optionalText(80),
  tagline: optionalText(160),
  aboutDescription: optionalText(2000),
  sectionTitles: z.partialRecord(z.enum(CARD_SECTIONS), optionalText(40)).optional(),
  products: z.array(secondLanguageProductSchema).max(LIMITS.products).default([]),
  links: z.array(secondLanguageLinkSchema).max(LIMITS.links).default([]),
});

/** The panel's form. No second language chosen = the card has one language (the texts are dropped). */
export const secondLanguageFormSchema = secondLanguageTextsSchema.extend({
  primaryLanguage: z.enum(LANGUAGES).default("en"),
  secondLanguage: z.enum(LANGUAGES).optional(),
});
export const updateCardSecondLanguageSchema = secondLanguageFormSchema.extend({ cardNo: idSchema("cardNo", REQUIRED_MESSAGE) });

/** As stored in cards.second_language (jsonb). */
export const cardSecondLanguageSchema = z.object({
  primaryLanguage: z.enum(LANGUAGES),
  secondLanguage: z.enum(LANGUAGES),
  texts: secondLanguageTextsSchema,
});
export type CardSecondLanguage = z.output<typeof cardSecondLanguageSchema>;
export type SecondLanguageTexts = z.output<typeof secondLanguageTextsSchema>;
