import type { RouterContextProvider } from "react-router";
import { fmt } from "#contracts/i18n/fmt.ts";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { languageOf, pageMessages } from "~/lib/i18n.server";

/**
 * An import's refusal or a row's stored error (English, as the API writes it and the result
 * report's CSV keeps it) in the page's language (ADR 0066): the two with words in them (a row's
 * category, the header's missing columns) from `staffImportErrors`, the rest from `errors`.
 */
export function importErrorIn(context: Readonly<RouterContextProvider>, message: string): string {
  const words = pageMessages(context, "staffImportErrors").staffImportErrors;
  const unknown = /^Unknown category "([\s\S]*)"\.$/.exec(message);
  if (unknown) return fmt(words.unknownCategory, { category: unknown[1] });
  const missing = /^The header misses (.+)\. Download the template to see the columns\.$/.exec(message);
  if (missing) return fmt(words.missingColumns, { columns: missing[1] });
  return translateMessage(languageOf(context), message);
}
