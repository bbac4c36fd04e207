import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { uiCustomisations, type UiCustomisationStyles } from "#server/db/schema/content.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { brandingChanged } from "#server/domain/branding-events.ts";
import { BRANDING_META_ID, type EffectiveBranding } from "#contracts/ui-customisation.ts";

/**
 * The branding a host shows (ADR 0019): the agency's "branding" customisation row over the older
 * `configuration.branding` keys, over the defaults. Every page asks (GET /session), so the row is
 * kept per agency for a while, per database (tests run several in one process), and forgotten
 * at once when this process writes it; another instance shows a change within TTL_MS.
 */
const TTL_MS = 30_000;
type Entry = { at: number; styles: UiCustomisationStyles | null };
const caches = new WeakMap<Db, Map<number, Entry | Promise<UiCustomisationStyles | null>>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

async function loadStyles(db: Db, agencyId: number) {
  const [row] = await db
    .select({ styles: uiCustomisations.styles })
    .from(uiCustomisations)
    .where(and(eq(uiCustomisations.agencyId, agencyId), eq(uiCustomisations.metaId, BRANDING_META_ID), eq(uiCustomisations.placement, "COMMON")))
    .limit(1);
  return row?.styles ?? null;
}

async function brandingStyles(db: Db, agencyId: number): Promise<UiCustomisationStyles | null> {
  const cache = cacheOf(db);
  const hit = cache.get(agencyId);
  if (hit instanceof Promise) return hit;
  if (hit && Date.now() - hit.at < TTL_MS) return hit.styles;
  // Concurrent misses share one query.
  const loading = loadStyles(db, agencyId).then(
    (styles) => {
      if (cache.get(agencyId) === loading) cache.set(agencyId, { at: Date.now(), styles });
      return styles;
    },
    (err) => {
      if (cache.get(agencyId) === loading) cache.delete(agencyId);
      throw err;
    },
  );
  if (cache.size > 1000) cache.clear();
  cache.set(agencyId, loading);
  return loading;
}

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

/** What this agency's pages show; nothing customised gives the default look (all null, the agency's name). */
export async function brandingOf(db: Db, agency: AgencyRow): Promise<EffectiveBranding> {
  const styles = (await brandingStyles(db, agency.id)) ?? {};
  const legacy = agency.configuration.branding ?? {};
  return {
    name: str(styles.name) ?? agency.agencyName,
    logoUrl: str(styles.logoUrl) ?? str(legacy.logoUrl),
    faviconUrl: str(styles.faviconUrl),
    primaryColor: str(styles.primaryColor) ?? str(legacy.primaryColor),
    metaTitle: str(styles.metaTitle),
    metaDescription: str(styles.metaDescription),
  };
}

/** After a write: this process reads the row afresh, and cached card pages go. */
export function forgetBranding(db: Db, agencyId: number) {
  cacheOf(db).delete(agencyId);
  brandingChanged({ agencyId });
}
