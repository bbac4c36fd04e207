/** India has one time zone, UTC+05:30, and no daylight saving. */
const IST_OFFSET_MS = 330 * 60_000;

/** The Asia/Kolkata month of a moment: YYYY-MM (a statement's month). */
export function istMonth(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}
