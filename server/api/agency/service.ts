import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { agencies, franchisees, type AgencyConfiguration } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { hostnameOf } from "#server/auth/tenancy.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { sendStaffWelcome } from "#server/api/franchisee/service.ts";
import { conflict, forbidden, notFound } from "#server/api/lib/errors.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import {
  AGENCY_MESSAGES,
  withConfigDefaults,
  type addAgencyAdminBody,
  type Agency,
  type AgencyInput,
  type agencyListQuery,
} from "#contracts/agency.ts";

/*
 * Agency management (SPEC §7 Agency; ADR 0018): the platform's admins list, create and edit
 * agencies and add each one's admin. Agencies are the tenants themselves, so the only rule is
 * who may manage them: an admin of the superadmin agency whose billing is not hidden (SPEC §6).
 */

/** SPEC §6 menu gating "admin, billing not hidden, and superadmin": the route declares the rest. */
export function assertAgencyManager(actor: Actor) {
  if (actor.kind !== "staff" || actor.hideBilling) throw forbidden();
}

export function toAgencyDto(row: AgencyRow): Agency {
  return {
    agencyId: row.id,
    agencyName: row.agencyName,
    host: row.host,
    isSuperadmin: row.roles.includes("superadmin"),
    isActive: row.isActive,
    invitationSiteLink: row.invitationSiteLink,
    configuration: withConfigDefaults(row.configuration),
    admin: { name: row.adminName, phoneNumber: row.adminPhoneNumber, email: row.adminEmail },
    ssl: {
      // A host changed since the check: the state was about another name.
      status: row.sslDomain && row.sslDomain !== row.host ? "none" : row.sslStatus,
      domain: row.sslDomain,
      requestedAt: row.sslRequestedAt,
      checkedAt: row.sslCheckedAt,
      failureReason: row.sslFailureReason,
    },
    createdAt: row.createdAt,
  };
}

/** GET /agency/list: by name, with search over name, domain and admin phone. */
export async function listAgencies(db: Db, query: z.output<typeof agencyListQuery>) {
  const term = query.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where: SQL | undefined = and(
    term ? or(ilike(agencies.agencyName, `%${term}%`), ilike(agencies.host, `%${term}%`), ilike(agencies.adminPhoneNumber, `%${term}%`)) : undefined,
    query.status ? eq(agencies.isActive, query.status === "active") : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(agencies)
      .where(where)
      .orderBy(asc(sql`lower(${agencies.agencyName})`), asc(agencies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(agencies).where(where),
  ]);
  return { total, list: rows.map(toAgencyDto), page: query.page, pageSize: query.pageSize };
}

export async function agencyRow(db: Db, agencyId: number): Promise<AgencyRow> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!row) throw notFound(AGENCY_MESSAGES.notFound);
  return row;
}

const hostTaken = () => conflict(AGENCY_MESSAGES.hostTaken, { fieldErrors: { "agency.host": [AGENCY_MESSAGES.hostTaken] } });
/** Our own host and `localhost` always mean the platform agency (server/auth/tenancy.ts). */
function assertHostFree(host: string, mainHost: string) {
  if (host === hostnameOf(mainHost) || host === "localhost") throw hostTaken();
}
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

/** The stored configuration: the managed keys from the form, anything else (branding) kept; billing left out is kept too. */
const mergedConfiguration = (stored: AgencyConfiguration, { billing, ...input }: AgencyInput["configuration"]): AgencyConfiguration => ({
  ...stored,
  ...input,
  ...(billing ? { billing: { ...billing, offlineInstructions: billing.offlineInstructions ?? undefined } } : {}),
});

/**
 * POST /agency: a new agency on its own domain. Its admin comes with POST /addAgencyAdmin, its
 * HTTPS with POST /createSsl. The same name and domain again within a few seconds (a double
 * submit) returns the first agency instead of a 409.
 */
export async function createAgency(db: Db, mainHost: string, input: AgencyInput, now: Date) {
  assertHostFree(input.host, mainHost);
  // The agency already on this domain: the same create repeated (returned as is), else a clash.
  const existing = async () => {
    const [same] = await db.select().from(agencies).where(eq(agencies.host, input.host)).limit(1);
    if (!same) return null;
    const repeat = same.agencyName === input.agencyName && same.createdAt.getTime() >= now.getTime() - DUPLICATE_WINDOW_MS;
    if (repeat) return { agency: toAgencyDto(same), created: false };
    throw hostTaken();
  };
  const before = await existing();
  if (before) return before;
  try {
    const [row] = await db
      .insert(agencies)
      .values({
        agencyName: input.agencyName,
        host: input.host,
        invitationSiteLink: input.invitationSiteLink,
        isActive: input.isActive,
        configuration: mergedConfiguration({}, input.configuration),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { agency: toAgencyDto(row), created: true };
  } catch (err) {
    // Two creates raced for one domain and the unique index decided: a double submit gets the winner.
    if (isUniqueViolation(err)) return (await existing()) ?? Promise.reject(hostTaken());
    throw err;
  }
}

/**
 * PUT /agency: the agency's name, domain, invitation link, status and configuration. A new
 * domain starts its HTTPS check over (Caddy is no longer told yes for the old one). The
 * platform agency cannot be switched off (nobody could sign in to switch it back on).
 */
export async function updateAgency(db: Db, mainHost: string, input: AgencyInput & { agencyId: number }, now: Date) {
  const current = await agencyRow(db, input.agencyId);
  const isPlatform = current.roles.includes("superadmin");
  if (!isPlatform) assertHostFree(input.host, mainHost);
  if (isPlatform && input.host !== current.host) {
    throw conflict("The platform's own domain is set by MAIN_HOST, not here.", { fieldErrors: { "agency.host": ["The platform's own domain is set by MAIN_HOST."] } });
  }
  if (isPlatform && !input.isActive) throw conflict("The platform agency cannot be switched off.", { fieldErrors: { "agency.isActive": ["The platform agency stays on."] } });
  const hostChanged = input.host !== current.host;
  try {
    const [row] = await db
      .update(agencies)
      .set({
        agencyName: input.agencyName,
        host: input.host,
        invitationSiteLink: input.invitationSiteLink,
        isActive: input.isActive,
        configuration: mergedConfiguration(current.configuration, input.configuration),
        updatedAt: now,
        ...(hostChanged
          ? { sslStatus: "none" as const, sslDomain: null, sslChallengeToken: null, sslChallengeProof: null, sslCheckedAt: null, sslFailureReason: null, sslRequestedAt: null }
          : {}),
      })
      .where(eq(agencies.id, input.agencyId))
      .returning();
    return { agency: toAgencyDto(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw hostTaken();
    throw err;
  }
}

/**
 * POST /addAgencyAdmin: the agency's admin as a staff account with the admin role and no
 * password; they set one by OTP on the agency's franchisee sign-in (the forgot-password path).
 * The same person again is not a second account; a number held by another staff member is 409.
 * A new admin gets the welcome SMS a new franchisee gets (after the commit: no SMS for a rollback).
 */
export async function addAgencyAdmin(deps: Pick<Deps, "db" | "queue" | "now" | "config" | "logger">, data: z.output<typeof addAgencyAdminBody>["adminData"]) {
  const { db } = deps;
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, data.agencyId)).for("update");
    if (!agency) throw notFound(AGENCY_MESSAGES.notFound);
    const [existing] = await tx
      .select()
      .from(franchisees)
      .where(and(eq(franchisees.agencyId, agency.id), eq(franchisees.phoneNumber, data.phoneNumber)))
      .limit(1);
    if (existing && !existing.roles.includes("admin")) {
      throw conflict(AGENCY_MESSAGES.adminTaken, { fieldErrors: { "adminData.phoneNumber": [AGENCY_MESSAGES.adminTaken] } });
    }
    let franchiseeId = existing?.id;
    if (!existing) {
      const [row] = await tx
        .insert(franchisees)
        .values({ agencyId: agency.id, name: data.name, phoneNumber: data.phoneNumber, email: data.email, roles: ["admin"], createdAt: now, updatedAt: now })
        .returning({ id: franchisees.id });
      franchiseeId = row.id;
    } else if (!existing.isActive) {
      await tx.update(franchisees).set({ isActive: true, updatedAt: now }).where(eq(franchisees.id, existing.id));
    }
    // SPEC §3 Agency "admin data": the agency's main contact.
    await tx
      .update(agencies)
      .set({ adminName: data.name, adminPhoneNumber: data.phoneNumber, adminEmail: data.email, updatedAt: now })
      .where(eq(agencies.id, agency.id));
    return { franchiseeId: franchiseeId!, agencyId: agency.id, created: !existing, signInPath: "/panel/franchisee-login", agency };
  });
  const { agency, ...response } = result;
  if (response.created) await sendStaffWelcome(deps, agency, { id: response.franchiseeId, roles: ["admin"], phoneNumber: data.phoneNumber });
  return response;
}

