import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_DIR, negotiateLanguage, type Language } from "#contracts/i18n/languages.ts";
import { translateFieldErrors, translateMessage } from "#contracts/i18n/messages.ts";
import type { AgencyRow, ApiContext } from "./env.ts";
import { readCookie } from "./cookies.ts";

/** Where a request's language came from, in the order it is looked for (ADR 0066). */
export type LanguageSource = "account" | "choice" | "browser" | "agency";
export type ResolvedLanguage = { code: Language; dir: "ltr" | "rtl"; source: LanguageSource };

/** The agency's default: its setting, else English. */
export const agencyDefaultLanguage = (agency: Pick<AgencyRow, "configuration">): Language =>
  isLanguage(agency.configuration.defaultLanguage) ? agency.configuration.defaultLanguage : DEFAULT_LANGUAGE;

/** A message's language when no request asks (reminders, alerts, reports): the account's choice, else `fallback` (the agency's default). */
export const accountLanguage = (stored: string | null | undefined, fallback: Language): Language => (isLanguage(stored) ? stored : fallback);

/**
 * The person's choice (kept on the customer's account, else this browser's cookie from the
 * sign-in pages' switch), else the browser's Accept-Language, else the agency's default.
 */
export async function requestLanguage(c: ApiContext): Promise<ResolvedLanguage> {
  const resolved = (code: Language, source: LanguageSource): ResolvedLanguage => ({ code, dir: LANGUAGE_DIR[code], source });
  const actor = c.get("actor");
  if (actor?.kind === "customer") {
    const user = await c.get("account").user();
    if (user && isLanguage(user.language)) return resolved(user.language, "account");
  }
  const chosen = readCookie(c, "language");
  if (isLanguage(chosen)) return resolved(chosen, "choice");
  const browser = negotiateLanguage(c.req.header("accept-language"));
  if (browser) return resolved(browser, "browser");
  const agency = c.get("agency");
  return resolved(agency ? agencyDefaultLanguage(agency) : DEFAULT_LANGUAGE, "agency");
}

/** The language an error is answered in; English when the request got no further than its host. */
export async function answerLanguage(c: ApiContext): Promise<Language> {
  try {
    return (await requestLanguage(c)).code;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** An error's JSON body with its message and field errors in `lang`. */
export function translatedError(lang: Language, body: { message: string; fieldErrors?: unknown; [k: string]: unknown }) {
  const out = { ...body, message: translateMessage(lang, body.message) };
  if (body.fieldErrors && typeof body.fieldErrors === "object") out.fieldErrors = translateFieldErrors(lang, body.fieldErrors as Record<string, string[]>);
  return out;
}
