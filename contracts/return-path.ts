/**
 * The one rule for every address we send a browser back to (sign-in's `?redirectTo=`, a payment's
 * `return`, a Referer): a path of this site inside one of `prefixes`, or null. Never another
 * origin (`//evil.example`, `/\evil`, `https:`), no control characters, no `..` escaping the
 * prefix (the path is normalised first), at most 2,000 characters. React Router's own
 * parameters (`?index`, `_data`) are dropped.
 */
export function safeReturnPath(value: unknown, prefixes: readonly string[]): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return null;
  // Backslashes and control characters: browsers read "/\evil" as "//evil".
  if (value.startsWith("//") || value.includes("\\") || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://return.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://return.invalid") return null;
  const inside = prefixes.some((p) => url.pathname === p.replace(/\/$/, "") || url.pathname.startsWith(p.endsWith("/") ? p : `${p}/`));
  if (!inside) return null;
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/** An absolute URL (a Referer) of this origin as a path, for safeReturnPath; null for another origin. */
export function sameOriginPath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
