import en, { type Catalogue } from "./catalogues/en.ts";
import hi from "./catalogues/hi.ts";
import bn from "./catalogues/bn.ts";
import mr from "./catalogues/mr.ts";
import te from "./catalogues/te.ts";
import ta from "./catalogues/ta.ts";
import gu from "./catalogues/gu.ts";
import { fmt, placeholderPattern } from "./fmt.ts";
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";

/**
 * Every catalogue, for the server only (the panel's loaders and the API): a page's loader picks
 * the namespaces it shows and sends them as loader data, so no catalogue is in a JavaScript bundle
 * (ADR 0066). Adding a language: its catalogue file in catalogues/, one line here, one in
 * languages.ts, and its font (docs/adding-a-feature.md).
 */
export const CATALOGUES: Record<Language, Catalogue> = { en, hi, bn, mr, te, ta, gu };
export type { Catalogue };
export type Namespace = keyof Catalogue;

/** The namespaces a page shows, in one language: `{ shell: {...}, home: {...} }`. */
export function messagesFor<N extends Namespace>(lang: Language, ...namespaces: N[]): Pick<Catalogue, N> {
  const catalogue = CATALOGUES[lang] ?? CATALOGUES[DEFAULT_LANGUAGE];
  return Object.fromEntries(namespaces.map((n) => [n, catalogue[n]])) as Pick<Catalogue, N>;
}

type ErrorKey = keyof Catalogue["errors"];
/** The `errors` keys with placeholders, as patterns: "The OTP is incorrect. {left} tries left." matches "… 3 tries left.". */
const PATTERNS = (Object.keys(en.errors) as ErrorKey[]).filter((k) => k.includes("{")).map((key) => ({ key, pattern: placeholderPattern(key) }));

/**
 * An English message of the API or a shared schema in `lang`; a message no catalogue has stays
 * English (the screens not yet converted, ADR 0066), never empty.
 */
export function translateMessage(lang: Language, message: string): string {
  if (lang === "en") return message;
  const errors = (CATALOGUES[lang] ?? en).errors;
  if (message in errors) return errors[message as ErrorKey];
  for (const p of PATTERNS) {
    const filled = p.pattern.match(message);
    if (filled) return fmt(errors[p.key], filled);
  }
  return message;
}

/** A `{ field: [messages] }` map (a form's or the API's errors) in `lang`. */
export function translateFieldErrors<T extends Record<string, string[] | null | undefined>>(lang: Language, errors: T): T {
  if (lang === "en") return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? v.map((m) => translateMessage(lang, m)) : v])) as T;
}
