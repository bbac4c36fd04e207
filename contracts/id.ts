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

/**
 * An id from a URL segment, a query string or a form field: its number, or undefined when the
 * text is not one `idSchema` would accept as digits (empty, signed, fractional, zero, too large).
 * The panel's one parser for ids and page numbers, so every page reads a bad id the same way.
 */
export function parseId(v: string | null | undefined): number | undefined {
  // At most 10 digits: MAX_ID has 10, and a longer string is never an id (nor a precision loss).
  if (!v || !/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 && n <= MAX_ID ? n : undefined;
}
