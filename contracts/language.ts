import { z } from "zod";
import { LANGUAGES } from "./i18n/languages.ts";

const LANGUAGE_MESSAGE = "Choose one of the languages offered.";

/** The language switch (sign-in pages, drawer) and the agency's default language form: one field. */
export const languageSchema = z.object({ language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }) });
