import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { imageSubcategories } from "#server/db/schema/content.ts";
import { users } from "#server/db/schema/core.ts";
import { businessImportRows, businessImports } from "#server/db/schema/onboarding.ts";
import { normalizeIndianMobile } from "#contracts/auth.ts";
import { NAME_MAX } from "#contracts/constants.ts";
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_REQUIRED_COLUMNS, type ImportColumn } from "#contracts/onboarding.ts";
import { badRequest } from "#server/api/lib/errors.ts";

export type CheckedRow = {
  rowNo: number;
  ownerPhone: string;
  businessName: string;
  category: string | null;
  address: string | null;
  contactPerson: string | null;
  error: string | null;
};

const headerKey = (h: string) => h.trim().toLowerCase().replace(/[\s_-]+/g, "_");
const squash = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ");
const nameKey = (phone: string, name: string) => `${phone}\u0000${name.toLowerCase()}`;

/** The file's rows with their columns found by header; a 400 when the file itself is unusable. */
export function readRows(table: string[][]): Omit<CheckedRow, "error">[] {
  const [header, ...body] = table;
  if (!header) throw badRequest(IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  const at = new Map<ImportColumn, number>();
  header.forEach((h, i) => {
    const key = headerKey(h) as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(key) && !at.has(key)) at.set(key, i);
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length) throw badRequest(IMPORT_MESSAGES.missingColumns(missing), { file: [IMPORT_MESSAGES.missingColumns(missing)] });
  if (!body.length) throw badRequest(IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  if (body.length > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MESSAGES.tooMany, { file: [IMPORT_MESSAGES.tooMany] });
  const get = (r: string[], c: ImportColumn) => (at.has(c) ? squash(r[at.get(c)!]) : "");
  return body.map((r, i) => ({
    rowNo: i + 2,
    ownerPhone: get(r, "owner_phone"),
    businessName: get(r, "business_name"),
    category: get(r, "category") || null,
    address: get(r, "address") || null,
    contactPerson: get(r, "contact_person") || null,
  }));
}

/**
 * Each row's verdict, in a fixed order of checks (the first failing one is shown): owner phone
 * (a sign-in id: an Indian mobile, contracts/auth.ts), business name, category (one of the
 * greeting categories the agency sees, written as the category is), address length, the same
 * owner and name earlier in the file, the same owner and name already in the agency.
 */
export async function checkRows(db: Db, agencyId: number, rows: Omit<CheckedRow, "error">[]): Promise<CheckedRow[]> {
  const known = new Map(
    (
      await db
        .selectDistinct({ name: imageSubcategories.name })
        .from(imageSubcategories)
        .where(and(eq(imageSubcategories.isActive, true), or(isNull(imageSubcategories.agencyId), eq(imageSubcategories.agencyId, agencyId))))
    ).map((r) => [r.name.trim().toLowerCase(), r.name]),
  );
  const phones = [...new Set(rows.map((r) => normalizeIndianMobile(r.ownerPhone)).filter((p): p is string => !!p))];
  const existing = new Map<string, number>();
  for (let i = 0; i < phones.length; i += 5000) {
    const found = await db
      .select({ phone: users.phoneNumber, name: businesses.businessName, businessId: businesses.businessId })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .where(and(eq(businesses.agencyId, agencyId), eq(users.agencyId, agencyId), isNull(businesses.deletedAt), inArray(users.phoneNumber, phones.slice(i, i + 5000))));
    for (const f of found) existing.set(nameKey(f.phone!, f.name.trim()), f.businessId);
  }
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const phone = normalizeIndianMobile(r.ownerPhone);
    const category = r.category ? known.get(r.category.toLowerCase()) : undefined;
    let error: string | null = null;
    if (!r.ownerPhone) error = "Owner phone is missing.";
    else if (!phone) error = "Owner phone is not a valid Indian mobile number (10 digits starting 6–9).";
    else if (!r.businessName) error = "Business name is missing.";
    else if (r.businessName.length > NAME_MAX) error = `Business name is longer than ${NAME_MAX} characters.`;
    else if (!r.category) error = "Category is missing.";
    else if (!category) error = `Unknown category "${r.category}".`;
    else if ((r.address?.length ?? 0) > 300) error = "Address is longer than 300 characters.";
    else if ((r.contactPerson?.length ?? 0) > 80) error = "Contact person is longer than 80 characters.";
    else {
      const key = nameKey(phone, r.businessName);
      const earlier = seen.get(key);
      const there = existing.get(key);
      if (earlier) error = `Duplicate of row ${earlier} (same owner phone and business name).`;
      else if (there) error = `Already exists: this owner has a business with this name (#${there}).`;
      else seen.set(key, r.rowNo);
    }
    return { ...r, ownerPhone: phone ?? r.ownerPhone, category: category ?? r.category, error };
  });
}

export const fileSha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Stores the checked file as an import. The same bytes again (same agency) return the import
 * they made: re-uploading creates nothing twice (the unique key holds under a race too).
 */
export async function savePreview(
  db: Db,
  input: { agencyId: number; franchiseeId: number; fileName: string; sha: string; rows: CheckedRow[]; now: Date },
): Promise<{ importId: number; reused: boolean }> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(businessImports)
      .values({
        agencyId: input.agencyId,
        franchiseeId: input.franchiseeId,
        fileName: input.fileName.slice(0, 200),
        fileSha256: input.sha,
        totalRows: input.rows.length,
        validRows: input.rows.filter((r) => !r.error).length,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ importId: businessImports.importId });
    if (!made) {
      const [had] = await tx
        .select({ importId: businessImports.importId })
        .from(businessImports)
        .where(and(eq(businessImports.agencyId, input.agencyId), eq(businessImports.fileSha256, input.sha)));
      return { importId: had.importId, reused: true };
    }
    for (let i = 0; i < input.rows.length; i += 1000) {
      await tx.insert(businessImportRows).values(
        input.rows.slice(i, i + 1000).map((r) => ({
          importId: made.importId,
          agencyId: input.agencyId,
          rowNo: r.rowNo,
          ownerPhone: r.ownerPhone,
          businessName: r.businessName,
          category: r.category,
          address: r.address,
          contactPerson: r.contactPerson,
          error: r.error,
        })),
      );
    }
    return { importId: made.importId, reused: false };
  });
}
