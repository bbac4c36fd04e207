import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Deps } from "#server/api/lib/env.ts";
import type { Actor } from "#server/auth/roles.ts";
import { cards } from "#server/db/schema/business.ts";
import { businessImportRows, businessImports } from "#server/db/schema/onboarding.ts";
import { badRequest, conflict, notFound } from "#server/api/lib/errors.ts";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MESSAGES, IMPORT_ROWS_PAGE_SIZE, type ImportSummary, type importRowsQuery } from "#contracts/onboarding.ts";
import { checkRows, fileSha256, readRows, savePreview } from "./preview.ts";
import { businessImportJob } from "./job.ts";
import { csvLine } from "./csv.ts";
import { importFileKind, readTable } from "./table.ts";

export { businessImportJob, ownerInvitesJob, runBusinessImport, sendOwnerInvites, startOnboardingJobs, type MakeBusiness } from "./job.ts";

const IMPORT_NOT_FOUND = "Import not found.";

type ImportRow = typeof businessImports.$inferSelect;
const toSummary = (i: ImportRow): ImportSummary => ({
  importId: i.importId,
  fileName: i.fileName,
  status: i.status,
  totalRows: i.totalRows,
  validRows: i.validRows,
  errorRows: i.totalRows - i.validRows,
  processedRows: i.processedRows,
  createdCount: i.createdCount,
  existingCount: i.existingCount,
  failure: i.failure,
  createdAt: i.createdAt.toISOString(),
  finishedAt: i.finishedAt?.toISOString() ?? null,
});

/** One import of the caller's agency; any other is 404 (tenancy: the agency is in every where). */
async function importOf(db: Db, agencyId: number, importId: number) {
  const [row] = await db
    .select()
    .from(businessImports)
    .where(and(eq(businessImports.importId, importId), eq(businessImports.agencyId, agencyId)));
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
}

function staffId(actor: Actor) {
  if (actor.kind !== "staff") throw notFound(IMPORT_NOT_FOUND);
  return actor.franchiseeId;
}

/** POST /business-imports: read and check the file; store it as an import to look at before importing. */
export async function uploadImport(db: Db, actor: Actor, agencyId: number, file: File, now: Date) {
  const kind = importFileKind(file);
  if (!kind) throw badRequest(IMPORT_MESSAGES.notCsv, { file: [IMPORT_MESSAGES.notCsv] });
  if (file.size > IMPORT_MAX_BYTES) throw badRequest(IMPORT_MESSAGES.tooMany, { file: [IMPORT_MESSAGES.tooMany] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha = fileSha256(bytes);
  const [had] = await db
    .select()
    .from(businessImports)
    .where(and(eq(businessImports.agencyId, agencyId), eq(businessImports.fileSha256, sha)));
  if (had) return { import: toSummary(had), reused: true };
  const rows = await checkRows(db, agencyId, readRows(await readTable(kind, bytes)));
  const saved = await savePreview(db, { agencyId, franchiseeId: staffId(actor), fileName: file.name, sha, rows, now });
  return { import: toSummary(await importOf(db, agencyId, saved.importId)), reused: saved.reused };
}

export async function listImports(db: Db, agencyId: number) {
  const rows = await db.select().from(businessImports).where(eq(businessImports.agencyId, agencyId)).orderBy(desc(businessImports.createdAt), desc(businessImports.importId)).limit(50);
  return { imports: rows.map(toSummary) };
}

export async function importDetail(db: Db, agencyId: number, importId: number, q: z.output<typeof importRowsQuery>) {
  const imp = await importOf(db, agencyId, importId);
  const r = businessImportRows;
  const where = and(eq(r.importId, importId), eq(r.agencyId, agencyId), q.show === "errors" ? isNotNull(r.error) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ rowNo: r.rowNo, ownerPhone: r.ownerPhone, businessName: r.businessName, category: r.category, address: r.address, error: r.error, outcome: r.outcome, businessId: r.businessId })
      .from(r)
      .where(where)
      .orderBy(asc(r.rowNo))
      .limit(IMPORT_ROWS_PAGE_SIZE)
      .offset((q.page - 1) * IMPORT_ROWS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(r).where(where),
  ]);
  return { import: toSummary(imp), rows, total, page: q.page, pageSize: IMPORT_ROWS_PAGE_SIZE };
}

/**
 * POST /business-imports/{id}/start: queue the import once. A second click, a retry or another
 * tab finds it queued (or running, or done) and starts nothing.
 */
export async function startImport(deps: Pick<Deps, "db" | "queue">, agencyId: number, importId: number) {
  const imp = await importOf(deps.db, agencyId, importId);
  if (imp.validRows === 0) throw conflict(IMPORT_MESSAGES.nothingToImport);
  if (!deps.queue) throw conflict("Imports need the job queue, which is not running.");
  const started = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businessImports)
      .set({ status: "queued", failure: null })
      .where(and(eq(businessImports.importId, importId), sql`${businessImports.status} in ('previewed', 'failed')`))
      .returning();
    if (!row) return null;
    await deps.queue!.send(businessImportJob, { importId }, { tx, singletonKey: `import:${importId}` });
    return row;
  });
  return { import: toSummary(started ?? (await importOf(deps.db, agencyId, importId))), started: !!started };
}

const csvResponse = (body: string, fileName: string) =>
  new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" } });

/** GET /business-imports/template: the header and two example rows. */
export function templateCsv() {
  return csvResponse(
    csvLine(IMPORT_COLUMNS) +
      csvLine(["98123 45678", "Sharma Sweets", "Sweet Shop", "Shop 4, Main Bazar, Jaipur", "Ramesh Sharma"]) +
      csvLine(["98290 12345", "Gupta Electricals", "Electricals", "12 Station Road, Ajmer", ""]),
    "businesses-template.csv",
  );
}

const RESULT_LABEL = { created: "Created", exists: "Already existed", failed: "Failed" } as const;

/** GET /business-imports/{id}/report: every row with what became of it (and its card's link id). */
export async function importReportCsv(db: Db, agencyId: number, importId: number) {
  const imp = await importOf(db, agencyId, importId);
  const r = businessImportRows;
  const rows = await db
    .select({ rowNo: r.rowNo, ownerPhone: r.ownerPhone, businessName: r.businessName, category: r.category, address: r.address, error: r.error, outcome: r.outcome, businessId: r.businessId, cardId: cards.cardId })
    .from(r)
    .leftJoin(cards, and(eq(cards.businessId, r.businessId), sql`${cards.deletedAt} is null`))
    .where(and(eq(r.importId, importId), eq(r.agencyId, agencyId)))
    .orderBy(asc(r.rowNo));
  let out = csvLine(["row", "owner_phone", "business_name", "category", "address", "result", "error", "business_id", "card_id"]);
  for (const x of rows) {
    const result = x.error ? "Skipped" : x.outcome ? RESULT_LABEL[x.outcome] : "Not imported yet";
    out += csvLine([x.rowNo, x.ownerPhone, x.businessName, x.category, x.address, result, x.error, x.businessId, x.cardId]);
  }
  return csvResponse(out, `import-${imp.importId}-report.csv`);
}
