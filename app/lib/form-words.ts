import type { Submission } from "@conform-to/react";
import { translateWith } from "#contracts/i18n/fmt.ts";

/*
 * The browser's own check of a staff form in the page's language (ADR 0066): the loader sends
 * the few `errors` entries the form's schema can say (`errorWordsFor`, nothing in English), and
 * the form's onValidate passes its submission through `speaking`. No catalogue in the bundle.
 */

type Errors = Record<string, string[] | null> | null | undefined;

/** A form reply's messages in `words`; a message not sent stays English. */
export const inWords = (words: Readonly<Record<string, string>>, errors: Errors) =>
  errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? v.map((m) => translateWith(words, m)) : v])) : errors;

/** Conform's submission whose reply speaks `words` (and then `also`, for a message built in the browser). */
export function speaking<S>(submission: S, words: Readonly<Record<string, string>>, also?: (errors: Record<string, string[] | null> | undefined) => Record<string, string[] | null> | undefined): S {
  if (!Object.keys(words).length) return submission;
  const s = submission as unknown as Submission<unknown>;
  return {
    ...s,
    reply: (options?: Parameters<typeof s.reply>[0]) => {
      const result = s.reply(options);
      const error = inWords(words, result.error) ?? undefined;
      return { ...result, error: also ? also(error) : error };
    },
  } as unknown as S;
}
