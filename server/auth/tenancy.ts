import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { agencies } from "#server/db/schema/core.ts";
import type { AgencyRow } from "#server/db/schema/core.ts";

/** Hostnames that always mean the platform agency on this machine. */
const LOCAL_ALIASES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export const hostnameOf = (hostHeader: string | undefined) =>
  (hostHeader ?? "").trim().toLowerCase().replace(/:\d+$/, "");

/**
 * The request's host picks the agency (tenant). Agencies change rarely, so lookups are
 * cached for a few seconds per process; nothing else depends on this cache.
 */
export function createAgencyResolver(db: Db, mainHost: string, ttlMs = 5000) {
  const cache = new Map<string, { at: number; agency: AgencyRow | null }>();
  const main = hostnameOf(mainHost);
  async function resolveAgency(hostHeader: string | undefined): Promise<AgencyRow | null> {
    let host = hostnameOf(hostHeader);
    if (LOCAL_ALIASES.has(host)) host = main;
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < ttlMs) return hit.agency;
    const [agency] = await db.select().from(agencies).where(eq(agencies.host, host)).limit(1);
    const value = agency && agency.isActive ? agency : null;
    if (cache.size > 1000) cache.clear();
    cache.set(host, { at: Date.now(), agency: value });
    return value;
  }
  // An agency edited in this process (name, host, configuration) shows at once (ADR 0018).
  return Object.assign(resolveAgency, { clear: () => cache.clear() });
}

export const isSuperadminAgency = (agency: AgencyRow) => agency.roles.includes("superadmin");
