/**
 * The one rule every request's input passes before its schema (register.ts): no string that
 * PostgreSQL cannot store (a NUL byte, or a lone UTF-16 surrogate, which is not valid UTF-8),
 * object keys included, and no JSON nested deeper than MAX_JSON_DEPTH. Without it such input
 * reached the database and came back as a 500.
 */
export const MAX_JSON_DEPTH = 32;

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = "This contains a character that cannot be saved (a NUL byte or a broken emoji). Please retype it.";
export const TOO_DEEP_MESSAGE = `This is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

export const isStorable = (s: string) => !UNSTORABLE.test(s);

/** The first offending place in a parsed value (`a.b.0`), walked without recursion; null when it is fine. */
export function findBadInput(value: unknown): { path: string; message: string } | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorable(v)) return { path: path.join("."), message: UNSTORABLE_MESSAGE };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) return { path: path.join("."), message: TOO_DEEP_MESSAGE };
    if (typeof Blob !== "undefined" && v instanceof Blob) {
      const name = (v as { name?: unknown }).name;
      if (typeof name === "string" && !isStorable(name)) return { path: path.join("."), message: UNSTORABLE_MESSAGE };
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      if (!isStorable(k)) return { path: path.join("."), message: UNSTORABLE_MESSAGE };
      stack.push([child, [...path, k]]);
    }
  }
  return null;
}
