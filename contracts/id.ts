import { z } from "zod";
import { MAX_ID } from "./constants.ts";

/**
 * A database id (or any positive whole number that names a row): a JSON integer, or a string of
 * digits as query strings, paths and forms send it. Never `true`, `[6]`, `1e3` or `" 6 "`, which
 * `z.coerce.number()` would have turned into ids. Imports only zod: safe in the browser.
 */
export function idSchema(label: string, message?: string) {
  const m = (fallback: string) => message ?? fallback;
  return z
    .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)], { error: m(`${label} must be a number.`) })
    .pipe(
      z
        .number()
        .int(m(`${label} must be a whole number.`))
        .positive(m(`${label} must be positive.`))
        .max(MAX_ID, m(`${label} is too large.`)),
    );
}
