import { indiaDate } from "#contracts/india-time.ts";
import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, feedback } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { safeText, type CsvReport } from "#server/api/reports/service.ts";
import { buildVCard } from "#server/services/vcard.ts";
import { FEEDBACK_BUSINESS_NOT_FOUND, namedOrActiveBusiness } from "./service.ts";

/** One business the actor may see (named, or a customer's active one); anything else is 404. */
export async function exportBusiness(db: Db, actor: Actor, agencyId: number, businessId: number | undefined) {
  const id = await namedOrActiveBusiness(db, actor, agencyId, businessId);
  if (id === null) throw notFound(FEEDBACK_BUSINESS_NOT_FOUND);
  return id;
}

/** The CSV's columns, header → SQL: visitor-typed text through safeText (a cell never runs as a formula). */
const columns: Record<string, SQL> = {
  Received: sql`to_char((${feedback.createdAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD HH24:MI')`,
  Kind: sql`case when ${feedback.kind} = 'enquiry' then 'Enquiry' else 'Feedback' end`,
  Name: safeText(sql`${feedback.name}`),
  "Phone number": safeText(sql`coalesce(${feedback.phoneNumber}, '')`),
  Email: safeText(sql`coalesce(${feedback.email}, '')`),
  Message: safeText(sql`${feedback.message}`),
};
export const ENQUIRY_CSV_COLUMNS = Object.keys(columns);
const selection = Object.fromEntries(Object.values(columns).map((c, i) => [`c${i + 1}`, c]));

/** Every message on one business, newest first, as a streamed CSV (the reports' helpers, ADR 0017). */
export function enquiriesCsv(db: Db, actor: Actor, agencyId: number, businessId: number): CsvReport {
  const where = and(eq(feedback.agencyId, agencyId), eq(feedback.businessId, businessId), visibleTo(actor, agencyId));
  const query = (w: SQL | undefined) =>
    db
      .select(selection)
      .from(feedback)
      .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
      .where(w)
      .orderBy(desc(feedback.id));
  return {
    header: ENQUIRY_CSV_COLUMNS,
    select: () => query(where).toSQL(),
    keys: async (before, limit) => {
      const rows = await db
        .select({ key: feedback.id })
        .from(feedback)
        .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
        .where(and(where, before === undefined ? undefined : lt(feedback.id, before)))
        .orderBy(desc(feedback.id))
        .limit(limit);
      return rows.map((r) => r.key);
    },
    selectKeys: (keys) => query(and(where, inArray(feedback.id, keys))).toSQL(),
  };
}

/** At most this many contacts in one .vcf (a phone's import chokes long before). */
export const VCARD_LIMIT = 5000;

/**
 * Every visitor who left a number or an address, as one .vcf (vCard 3.0, the card's own
 * builder): one contact per number (or address), the newest message's name, a note saying
 * where they came from.
 */
export async function enquiriesVcf(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const rows = await db
    .select({
      name: feedback.name,
      kind: feedback.kind,
      phone: feedback.phoneNumber,
      email: feedback.email,
      message: feedback.message,
      businessName: businesses.businessName,
      at: feedback.createdAt,
    })
    .from(feedback)
    .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
    .where(and(eq(feedback.agencyId, agencyId), eq(feedback.businessId, businessId), visibleTo(actor, agencyId)))
    .orderBy(desc(feedback.id))
    .limit(VCARD_LIMIT);
  const seen = new Set<string>();
  let out = "";
  for (const r of rows) {
    const key = r.phone?.replace(/\D/g, "").slice(-10) || r.email?.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const day = indiaDate(r.at);
    out += buildVCard({
      name: r.name,
      phones: r.phone ? [{ number: r.phone, type: "CELL" }] : [],
      emails: r.email ? [r.email] : [],
      note: `${r.kind === "enquiry" ? "Enquiry" : "Feedback"} on ${r.businessName}'s card, ${day}: ${r.message}`,
    });
  }
  return out;
}
