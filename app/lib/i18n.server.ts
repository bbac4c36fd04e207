import type { RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Language } from "#contracts/i18n/languages.ts";
import { messagesFor, translateFieldErrors, type Catalogue, type Namespace } from "#contracts/i18n/messages.ts";
import { getSession } from "./request-context.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The panel's side of ADR 0066. The API decides the request's language (GET /session); a page's
 * loader sends the namespaces it shows as loader data (`t: pageMessages(context, "home")`), so
 * messages never enter a JavaScript bundle and each page carries only its own.
 */
export const languageOf = (context: Context): Language => getSession(context).language.code;

export const pageMessages = <N extends Namespace>(context: Context, ...namespaces: N[]) => messagesFor(languageOf(context), ...namespaces);

/** Some `errors` entries in the request's language, for a form's check in the browser (`speaking`, ~/lib/form-words); none in English. */
export function errorWordsFor(context: Context, keys: readonly (keyof Catalogue["errors"])[]): Record<string, string> {
  const lang = languageOf(context);
  if (lang === "en") return {};
  const errors = messagesFor(lang, "errors").errors;
  return Object.fromEntries(keys.map((k) => [k, errors[k]]));
}

/** A form's reply with the shared schemas' English messages in the request's language (the API's come translated already). */
export function translateReply<T extends SubmissionResult<string[]>>(context: Context, result: T): T {
  if (!result.error) return result;
  return { ...result, error: translateFieldErrors(languageOf(context), result.error) };
}
