import type { RouterContextProvider } from "react-router";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { languageOf } from "~/lib/i18n.server";

/**
 * The greeting forms' own checks (contracts/greetings.ts: the category, subcategory, tag and
 * upload schemas) in the page's language, sent as loader data so the browser's check as you type
 * speaks it too (ADR 0066; the `errors` entries, keyed by the English).
 */
const GREETING_FORM_ERRORS = [
  "Name is required.",
  "Name can be at most 80 characters.",
  "Tag is required.",
  "Tag can be at most 80 characters.",
  "The description can be at most 300 characters.",
  "Choose a subcategory.",
  "Choose square or story.",
  "Choose where it shows.",
  "Use a date like 2026-10-20.",
  "That is not a real date.",
  "Choose at least one file.",
  "At most 30 files at a time.",
] as const;

export function greetingErrorWords(context: Readonly<RouterContextProvider>): Record<string, string> {
  const lang = languageOf(context);
  if (lang === "en") return {};
  const errors = CATALOGUES[lang].errors as Record<string, string>;
  return Object.fromEntries(GREETING_FORM_ERRORS.map((k) => [k, errors[k] ?? k]));
}
