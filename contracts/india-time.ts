/*
 * India's calendar: one time zone, UTC+05:30 all year (no daylight saving), so days and months
 * are plain arithmetic on the instant. The one home for it (billing months, card counters,
 * greetings' dates, reminders, commission months, quiet hours).
 */
export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India calendar day of an instant (plus `plusDays`), as YYYY-MM-DD. */
export const indiaDate = (at: Date, plusDays = 0) => new Date(at.getTime() + IST_OFFSET_MS + plusDays * DAY_MS).toISOString().slice(0, 10);

/** The India calendar month of an instant, as YYYY-MM. */
export const indiaMonth = (at: Date) => indiaDate(at).slice(0, 7);

/** A YYYY-MM-DD day `n` days later (or earlier). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The instant a YYYY-MM-DD day starts in India. */
export const indiaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
