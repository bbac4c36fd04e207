import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { agencies } from "#server/db/schema/core.ts";
import { uiCustomisations, type UiCustomisationStyles } from "#server/db/schema/content.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { notFound } from "#server/api/lib/errors.ts";
import type { uiCustomisationBody } from "#contracts/ui-customisation.ts";
import { brandingOf, forgetBranding } from "./branding.ts";

/** The session and the public card read an agency's branding (ADR 0030: the domain's public surface). */
export { brandingOf } from "./branding.ts";

/**
 * UI customisation (SPEC §7; ADR 0019). SPEC §6 gives the page to the superadmin agency's admins,
 * who brand any agency: `agencyId` names it (default their own). Routes declare that access.
 */

type Body = z.output<typeof uiCustomisationBody>;
type Row = typeof uiCustomisations.$inferSelect;

const AGENCY_NOT_FOUND = "Agency not found.";
const NOT_FOUND = "We could not find this customisation.";

const toDto = (r: Row) => ({
  uiCustomisationId: r.uiCustomisationId,
  agencyId: r.agencyId,
  metaId: r.metaId,
  placement: r.placement,
  styles: Object.fromEntries(Object.entries(r.styles).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>,
  updatedAt: r.updatedAt,
});

async function targetAgency(db: Db, own: AgencyRow, agencyId: number | undefined): Promise<AgencyRow> {
  if (agencyId === undefined || agencyId === own.id) return own;
  const [other] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!other) throw notFound(AGENCY_NOT_FOUND);
  return other;
}

/** GET /ui-customisation: the agency's customisations, what its host shows, and the agencies to pick from. */
export async function listCustomisations(db: Db, own: AgencyRow, agencyId: number | undefined) {
  const agency = await targetAgency(db, own, agencyId);
  const [rows, all, branding] = await Promise.all([
    db.select().from(uiCustomisations).where(eq(uiCustomisations.agencyId, agency.id)).orderBy(asc(uiCustomisations.uiCustomisationId)),
    db.select({ agencyId: agencies.id, agencyName: agencies.agencyName, host: agencies.host }).from(agencies).orderBy(asc(agencies.id)),
    brandingOf(db, agency),
  ]);
  return { agencyId: agency.id, agencies: all, list: rows.map(toDto), branding };
}

/**
 * POST /ui-customisation: the agency's branding, replaced whole (an emptied field goes back to
 * the default). One row per agency, metaId and placement: a repeat writes the same row.
 */
export async function saveCustomisation(db: Db, own: AgencyRow, body: Body, now: Date) {
  const agency = await targetAgency(db, own, body.agencyId);
  const styles = Object.fromEntries(Object.entries(body.styles).filter(([, v]) => v !== undefined)) as UiCustomisationStyles;
  const [row] = await db
    .insert(uiCustomisations)
    .values({ agencyId: agency.id, metaId: body.metaId, placement: body.placement, styles })
    .onConflictDoUpdate({
      target: [uiCustomisations.agencyId, uiCustomisations.metaId, uiCustomisations.placement],
      set: { styles, updatedAt: now },
    })
    .returning();
  forgetBranding(db, agency.id);
  return { customisation: toDto(row), branding: await brandingOf(db, agency) };
}

/** DELETE /ui-customisation/{id}: the agency's pages go back to the default look. */
export async function deleteCustomisation(db: Db, id: number) {
  const [row] = await db.delete(uiCustomisations).where(eq(uiCustomisations.uiCustomisationId, id)).returning();
  if (!row) throw notFound(NOT_FOUND);
  if (row.agencyId !== null) forgetBranding(db, row.agencyId);
  return { uiCustomisationId: id, deleted: true as const };
}

