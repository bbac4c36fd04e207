import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { createdAt, id, tstz } from "./columns.ts";
import { agencies, franchisees, users } from "./core.ts";

/**
 * Bulk onboarding (issue 25, ADR 0058): one uploaded file per row. The file's SHA-256 is unique
 * per agency, so the same file uploaded again opens the import it already made.
 */
export const IMPORT_STATUSES = ["previewed", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const businessImports = pgTable(
  "business_imports",
  {
    importId: id(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    /** Who uploaded it: the businesses are "made by" this staff member. */
    franchiseeId: integer()
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default("previewed"),
    totalRows: integer().notNull(),
    /** Rows without an error in the preview: what the import will try. */
    validRows: integer().notNull(),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    /** Rows found already there when the import reached them (made meanwhile). */
    existingCount: integer().notNull().default(0),
    failure: text(),
    createdAt: createdAt(),
    startedAt: tstz(),
    finishedAt: tstz(),
  },
  (t) => [unique("business_imports_agency_file_uq").on(t.agencyId, t.fileSha256), index("business_imports_agency_idx").on(t.agencyId, t.createdAt)],
);

export const IMPORT_ROW_OUTCOMES = ["created", "exists", "failed"] as const;

export const businessImportRows = pgTable(
  "business_import_rows",
  {
    importId: integer()
      .notNull()
      .references(() => businessImports.importId, { onDelete: "cascade" }),
    /** The line in the file (the header is line 1). */
    rowNo: integer().notNull(),
    agencyId: integer()
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    /** As typed; ownerPhone is normalised (10 digits) when valid. */
    ownerPhone: text().notNull(),
    businessName: text().notNull(),
    category: text(),
    address: text(),
    contactPerson: text(),
    /** The preview's verdict; rows with one are never imported. */
    error: text(),
    outcome: text({ enum: IMPORT_ROW_OUTCOMES }),
    businessId: integer().references(() => businesses.businessId, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The owner's set-a-password SMS was handed to the transport (at most once per row). */
    invitedAt: tstz(),
  },
  (t) => [unique("business_import_rows_pk").on(t.importId, t.rowNo), index("business_import_rows_agency_idx").on(t.agencyId),
    // "Was this owner invited by any import?" (sendOwnerInvites).
    index("business_import_rows_user_idx").on(t.userId)],
);
