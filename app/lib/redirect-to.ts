/**
 * Where to go after signing in again (ADR 0012): the panel page the user was on, passed as
 * `?redirectTo=` through the sign-in steps. Only a path of this site inside the signed-in
 * person's own panel is accepted: never another origin (`//evil.example`, `/\evil`, `https:`),
 * never the sign-in pages themselves. Anything else falls back to `fallback`.
 */
const PANELS = { customer: ["/panel/customer"], staff: ["/panel/admin", "/panel/payment/"] } as const;

export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, who: keyof typeof PANELS, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return fallback;
  // Backslashes and control characters: browsers read "/\evil" as "//evil".
  if (value.includes("\\") || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) || value.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://panel.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://panel.invalid") return fallback;
  const inPanel = PANELS[who].some((p) => url.pathname === p.replace(/\/$/, "") || url.pathname.startsWith(p.endsWith("/") ? p : `${p}/`));
  if (!inPanel) return fallback;
  // React Router's own parameters: `?index` of an index route's form, `_data` of old clients.
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/** Which panel a path belongs to, for the sign-in page to send a signed-out user to. */
export const isStaffPath = (path: string) => path === "/panel/admin" || path.startsWith("/panel/admin/") || path.startsWith("/panel/payment/");

/** `?redirectTo=` for a sign-in URL, or "" when there is nowhere worth returning to. */
export function redirectToQuery(path: string | null | undefined) {
  return path ? `?redirectTo=${encodeURIComponent(path)}` : "";
}
