import { z } from "zod";
import { idSchema } from "./id.ts";

/**
 * Bulk onboarding (issue 25, ADR 0058): an agency's admin uploads a CSV of businesses, sees
 * each row's verdict, then imports the good rows on the job queue.
 */

/** Columns of the file, in the template's order; headers match case-, space- and underscore-blind. */
export const IMPORT_COLUMNS = ["owner_phone", "business_name", "category", "address", "contact_person"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = ["owner_phone", "business_name", "category"];
export const IMPORT_MAX_ROWS = 10_000;
/** 10,000 rows of a few hundred characters each, with room. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  noFile: "Choose a CSV or Excel file to upload.",
  notCsv: "Upload a .csv or .xlsx file.",
  badWorkbook: "This .xlsx file could not be read. Open it in Excel or Google Sheets and save it again, or save it as CSV.",
  empty: "The file has no rows under its header.",
  tooMany: `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString("en-IN")} businesses: split it into smaller files.`,
  missingColumns: (cols: string[]) => `The header misses ${cols.join(", ")}. Download the template to see the columns.`,
  notReady: "This import has already started.",
  nothingToImport: "No row of this file can be imported: fix the errors and upload it again.",
} as const;

/** An import's status; the panel shows it in the page's language (the `staffImports` catalogue, ADR 0066). */
export type ImportStatusKey = ImportSummary["status"];

export const uploadImportSchema = z.object({
  file: z.instanceof(File, { error: IMPORT_MESSAGES.noFile }),
});

export const importIdParams = z.object({ id: idSchema("id") });

export const importRowsQuery = z.object({
  /** errors: only rows the import will skip for an error. */
  show: z.enum(["all", "errors"]).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const IMPORT_ROWS_PAGE_SIZE = 50;

export const importSummary = z.object({
  importId: z.number(),
  fileName: z.string(),
  status: z.enum(["previewed", "queued", "running", "done", "failed"]),
  totalRows: z.number(),
  validRows: z.number(),
  errorRows: z.number(),
  processedRows: z.number(),
  createdCount: z.number(),
  existingCount: z.number(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importRow = z.object({
  rowNo: z.number(),
  ownerPhone: z.string(),
  businessName: z.string(),
  category: z.string().nullable(),
  address: z.string().nullable(),
  error: z.string().nullable(),
  outcome: z.enum(["created", "exists", "failed"]).nullable(),
  businessId: z.number().nullable(),
});

export const uploadImportResponse = z.object({
  import: importSummary,
  /** The same file was uploaded before: this is that import, nothing new was made. */
  reused: z.boolean(),
});
export const importDetailResponse = z.object({
  import: importSummary,
  rows: z.array(importRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const importListResponse = z.object({ imports: z.array(importSummary) });
export const startImportResponse = z.object({ import: importSummary, started: z.boolean() });

/** 0–100, for the progress bar. */
export const importPercent = (s: Pick<ImportSummary, "processedRows" | "validRows" | "status">) =>
  s.status === "done" ? 100 : s.validRows === 0 ? 0 : Math.min(100, Math.floor((s.processedRows / s.validRows) * 100));
