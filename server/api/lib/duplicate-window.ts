/**
 * A repeat of the same create (same caller, same thing) within this window returns the first one
 * instead of making a second: businesses, payments, bills, franchisees, agencies, pages (ADR 0009).
 */
export const DUPLICATE_WINDOW_MS = 10_000;
