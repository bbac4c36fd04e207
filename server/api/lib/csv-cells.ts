/*
 * Cells of the CSV files staff download (agency bills ADR 0023, commission statements ADR 0069):
 * UTF-8 with a BOM so Excel reads ₹; a cell starting with = + - @ tab or CR is prefixed with '
 * against CSV injection, except a plain number (a negative amount stays a number).
 */

export function csvCell(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: BOM, CRLF lines. */
export const csvFile = (rows: readonly (readonly (string | number | null | undefined)[])[]) => "\uFEFF" + rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** Paise as rupees with two decimals and no sign or grouping, for a spreadsheet to add up. */
export const rupeesPlain = (paise: number) => (paise / 100).toFixed(2);

/** A date as India writes it in a file ("05 Nov 2026"), India time. */
export const fileDay = (d: Date | null) => (d ? d.toLocaleDateString("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }) : "");
