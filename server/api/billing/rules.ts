import type { AgencyConfiguration } from "#server/db/schema/core.ts";
import { AGENCY_BILLING_DEFAULTS } from "#contracts/agency-constants.ts";

/*
 * Agency billing's rules, in one place (ADR 0023). Pure functions: no database, no clock of their
 * own (`now` comes in). The SQL of bill generation (generate.ts) uses the same month windows and
 * defaults; the pages show what these return.
 *
 *   month bill   one per agency per Asia/Kolkata calendar month; one line per business whose card
 *                was paid or renewed (a paid card payment) in [month start, next month start)
 *   line price   the agency's configuration.billing.perCardPrice, taken when the bill is opened
 *   totals       subtotal = lines not moved out; GST = round(subtotal × gstPercent / 100);
 *                amount = subtotal + GST; outstanding = max(0, amount − amountPaid)
 *   due date     the month's end + graceDays; "overdue" after it while something is outstanding
 *   annual fee   due while no recorded annual payment covers now; a payment covers one year
 *                from the later of now and the last one's end
 *   image fee    a month of the greeting-images product, paid ahead; unpaid past graceDays after
 *                the paid cover ends, the agency's greeting images pause (customers' cards do not)
 */

/**
 * Unset configuration keys (paise, whole percent, days). No price set means nothing is charged.
 * Set on the agency management form (contracts/agency.ts), so the defaults live beside it.
 */
export const BILLING_DEFAULTS = AGENCY_BILLING_DEFAULTS;

export type BillingSettings = { -readonly [K in keyof typeof BILLING_DEFAULTS]: number } & { offlineInstructions: string | null };

const wholeOr = (v: unknown, fallback: number, max: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max ? v : fallback;

/** The agency's billing settings with the defaults filled in; nonsense values fall back to the default. */
export function billingSettings(configuration: AgencyConfiguration): BillingSettings {
  const b = configuration.billing ?? {};
  return {
    perCardPrice: wholeOr(b.perCardPrice, BILLING_DEFAULTS.perCardPrice, 100_000_000),
    annualFee: wholeOr(b.annualFee, BILLING_DEFAULTS.annualFee, 100_000_000),
    imageServiceMonthlyFee: wholeOr(b.imageServiceMonthlyFee, BILLING_DEFAULTS.imageServiceMonthlyFee, 100_000_000),
    gstPercent: wholeOr(b.gstPercent, BILLING_DEFAULTS.gstPercent, 100),
    graceDays: wholeOr(b.graceDays, BILLING_DEFAULTS.graceDays, 365),
    offlineInstructions: typeof b.offlineInstructions === "string" && b.offlineInstructions.trim() ? b.offlineInstructions.trim() : null,
  };
}

/* ---------------- Asia/Kolkata months (UTC+05:30 all year: India has no daylight saving) ---------------- */

export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

export type Period = { year: number; month: number };

/** The instant the month starts in Asia/Kolkata. */
export const monthStart = ({ year, month }: Period) => new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);

export const nextPeriod = ({ year, month }: Period): Period => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
export const previousPeriod = ({ year, month }: Period): Period => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/** The bill's window: [start, end). A card paid at 23:59:59.999 IST on the last day is in this month only. */
export const monthWindow = (p: Period) => ({ start: monthStart(p), end: monthStart(nextPeriod(p)) });

/** The Asia/Kolkata month an instant falls in. */
export function periodOf(at: Date): Period {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

export const samePeriod = (a: Period, b: Period) => a.year === b.year && a.month === b.month;
export const comparePeriods = (a: Period, b: Period) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** A bill is due graceDays after its month ends. */
export const billDueDate = (p: Period, graceDays: number) => new Date(monthWindow(p).end.getTime() + graceDays * DAY_MS);

/* ---------------- A bill's totals ---------------- */

export type BillTotals = { subtotal: number; gstAmount: number; amount: number; outstanding: number; status: "pending" | "paid" };

export function billTotals(lineAmounts: readonly number[], gstPercent: number, amountPaid: number): BillTotals {
  const subtotal = lineAmounts.reduce((s, a) => s + a, 0);
  const gstAmount = Math.round((subtotal * gstPercent) / 100);
  const amount = subtotal + gstAmount;
  const outstanding = Math.max(0, amount - amountPaid);
  // A bill with nothing in it owes nothing, but it is not "paid" until something was paid or it is empty.
  return { subtotal, gstAmount, amount, outstanding, status: outstanding === 0 ? "paid" : "pending" };
}

export const isOverdue = (bill: { outstanding: number; dueDate: Date }, now: Date) => bill.outstanding > 0 && now.getTime() > bill.dueDate.getTime();

/* ---------------- Annual fee ---------------- */

/** One calendar year later (29 Feb → 28 Feb). */
export function addYear(d: Date): Date {
  const r = new Date(d);
  r.setUTCFullYear(r.getUTCFullYear() + 1);
  if (r.getUTCDate() !== d.getUTCDate()) r.setUTCDate(0);
  return r;
}

export type AnnualState = { annualFee: number; paidUntil: Date | null; due: boolean; dueAmount: number };

export function annualState(settings: BillingSettings, paidUntil: Date | null, now: Date): AnnualState {
  const due = settings.annualFee > 0 && (!paidUntil || paidUntil.getTime() <= now.getTime());
  return { annualFee: settings.annualFee, paidUntil, due, dueAmount: due ? settings.annualFee : 0 };
}

/** The year a new annual payment covers: from the later of now and the last cover's end. */
export function nextAnnualCover(paidUntil: Date | null, now: Date) {
  const from = paidUntil && paidUntil.getTime() > now.getTime() ? paidUntil : now;
  return { validFrom: from, validUntil: addYear(from), year: periodOf(from).year };
}

/* ---------------- Greeting-images service ---------------- */

export type ImageServiceState = {
  monthlyFee: number;
  /** The end of the paid cover (null: never paid). */
  paidUntil: Date | null;
  /** When the agency's greeting images pause if still unpaid (null: no fee, or paid ahead). */
  graceEndsAt: Date | null;
  paused: boolean;
  reason: string | null;
};

export const IMAGE_PAUSED_REASON = (graceDays: number) =>
  `Greeting images are paused: the greeting-image service fee is unpaid more than ${graceDays} days after it fell due. Your customers' cards are not affected. Pay it on the Agency image payment page to resume.`;

/**
 * Paid cover runs month by month; the unpaid stretch starts where the cover ends (or, never paid,
 * when the agency joined). Past graceDays into it, greeting images pause.
 */
export function imageServiceState(settings: BillingSettings, paidUntil: Date | null, agencyCreatedAt: Date, now: Date): ImageServiceState {
  const base = { monthlyFee: settings.imageServiceMonthlyFee, paidUntil };
  if (settings.imageServiceMonthlyFee <= 0) return { ...base, graceEndsAt: null, paused: false, reason: null };
  if (paidUntil && paidUntil.getTime() > now.getTime()) return { ...base, graceEndsAt: null, paused: false, reason: null };
  const unpaidSince = paidUntil ?? agencyCreatedAt;
  const graceEndsAt = new Date(unpaidSince.getTime() + settings.graceDays * DAY_MS);
  const paused = now.getTime() >= graceEndsAt.getTime();
  return { ...base, graceEndsAt, paused, reason: paused ? IMAGE_PAUSED_REASON(settings.graceDays) : null };
}

/** The month a new image payment covers: the first month not yet covered, never one already past. */
export function nextImageCover(paidUntil: Date | null, now: Date) {
  const current = monthStart(periodOf(now));
  const from = paidUntil && paidUntil.getTime() > current.getTime() ? paidUntil : current;
  const period = periodOf(from);
  return { validFrom: monthStart(period), validUntil: monthStart(nextPeriod(period)), period };
}

/* ---------------- Messages ---------------- */

export const BILLING_MESSAGES = {
  notFound: "Billing not found.",
  agencyNotFound: "Agency not found.",
  billNotFound: "No bill for this month yet.",
  itemNotFound: "This card is not in the bill.",
  nothingToPay: "Nothing is outstanding on this bill.",
  billPaid: "This bill is paid; a card cannot be moved out of it.",
  linePaid: "This card's line has been paid for; it cannot be moved out. Ask the platform to settle a dispute about it.",
  annualNotDue: (until: string) => `The annual fee is paid until ${until}.`,
  noAnnualFee: "No annual fee is set for this agency.",
  noImageFee: "No greeting-image service fee is set for this agency.",
  superadminRecords: "The platform records payments by hand; online payment is for the agency.",
  agencyPays: "Only the platform records an offline payment.",
} as const;
