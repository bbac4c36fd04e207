import { safeReturnPath } from "#contracts/return-path.ts";

/**
 * Where to go after signing in again (ADR 0012): the panel page the user was on, passed as
 * `?redirectTo=` through the sign-in steps. Only a path of this site inside the signed-in
 * person's own panel is accepted (the one rule for return addresses, contracts/return-path.ts):
 * never another origin, never the sign-in pages themselves. Anything else falls back to `fallback`.
 */
const PANELS = { customer: ["/panel/customer"], staff: ["/panel/admin", "/panel/payment/"] } as const;

export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, who: keyof typeof PANELS, fallback: string): string {
  return safeReturnPath(value, PANELS[who]) ?? fallback;
}

/** Which panel a path belongs to, for the sign-in page to send a signed-out user to. */
export const isStaffPath = (path: string) => path === "/panel/admin" || path.startsWith("/panel/admin/") || path.startsWith("/panel/payment/");

/** `?redirectTo=` for a sign-in URL, or "" when there is nowhere worth returning to. */
export function redirectToQuery(path: string | null | undefined) {
  return path ? `?redirectTo=${encodeURIComponent(path)}` : "";
}
