import { readSheet, type SheetData } from "read-excel-file/node";
import { badRequest } from "#server/api/lib/errors.ts";
import { IMPORT_MESSAGES } from "#contracts/onboarding.ts";
import { parseCsv } from "./csv.ts";

/**
 * The two kinds of file an agency's spreadsheet comes as: CSV, or the workbook itself (.xlsx,
 * what Excel and Google Sheets save by default), so nobody has to learn "Save as CSV UTF-8"
 * first. Old binary .xls is not read: Excel has saved .xlsx since 2007.
 */
export type ImportFileKind = "csv" | "xlsx";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function importFileKind(file: File): ImportFileKind | null {
  if (/\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE) return "xlsx";
  if (/\.csv$/i.test(file.name) || /csv|text\/plain/.test(file.type)) return "csv";
  return null;
}

/**
 * The file as rows of text. A workbook's first sheet is read: numbers as Excel shows them
 * without grouping (a phone typed as a number, 9876543210, stays those digits), dates as
 * YYYY-MM-DD, empty cells as "". A file that says .xlsx but is not a workbook is refused.
 */
export async function readTable(kind: ImportFileKind, bytes: Uint8Array): Promise<string[][]> {
  if (kind === "csv") return parseCsv(new TextDecoder().decode(bytes));
  let data: SheetData;
  try {
    data = await readSheet(Buffer.from(bytes));
  } catch {
    throw badRequest(IMPORT_MESSAGES.badWorkbook, { file: [IMPORT_MESSAGES.badWorkbook] });
  }
  return data
    .map((row) => row.map(cellText))
    .filter((row) => row.some((cell) => cell.trim() !== ""));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === "number") return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell);
}
