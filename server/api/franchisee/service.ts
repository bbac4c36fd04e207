import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { franchisees, sessions } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { SessionCache } from "#server/auth/session.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { invalid, notFound } from "#server/api/lib/errors.ts";
import { isUniqueViolation } from "#server/api/cards/service.ts";
import { queueMessage } from "#server/api/messages/service.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import { looksLikePhone, phoneSearchDigits } from "#contracts/phone.ts";
import { ALL_FRANCHISEES_CAP, FRANCHISEE_TEXTS, STAFF_ROLE_WORD_KEYS } from "#contracts/franchisee-constants.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { agencyDefaultLanguage } from "#server/api/lib/request-language.ts";
import type {
  FranchiseeListItem,
  franchiseeEditBody,
  franchiseeListQuery,
  franchiseeSignupBody,
} from "#contracts/franchisees.ts";

/**
 * The Franchisee List (SPEC §7; ADR 0019): admins list, add and edit the staff of their own
 * agency. Every query is scoped by the agency; another agency's staff member is 404.
 */

type ListQuery = z.output<typeof franchiseeListQuery>;
type SignupBody = z.output<typeof franchiseeSignupBody>;
type EditBody = z.output<typeof franchiseeEditBody>;
type FranchiseeRow = typeof franchisees.$inferSelect;

export function toListItem(f: FranchiseeRow): FranchiseeListItem {
  return {
    franchiseeId: f.id,
    name: f.name,
    phoneNumber: f.phoneNumber,
    email: f.email,
    roles: f.roles,
    permissions: f.permissions,
    configuration: { hideBilling: !!f.configuration.hideBilling },
    isActive: f.isActive,
    hasPassword: !!f.passwordHash,
    lastLoginAt: f.lastLoginAt,
    createdAt: f.createdAt,
  };
}

/** `%`, `_` and `\` typed by a person are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(search: string): SQL | undefined {
  const term = `%${likeEscape(search)}%`;
  const parts: SQL[] = [ilike(franchisees.name, term), ilike(franchisees.email, term)];
  // Staff phones are stored as their 10 digits (the sign-in id).
  const digits = looksLikePhone(search) ? phoneSearchDigits(search) : "";
  parts.push(ilike(franchisees.phoneNumber, digits ? `%${digits.slice(-10)}%` : term));
  return or(...parts);
}

/** GET /franchisee/list: the agency's staff by name, with filters and search; `all` unpaged (pickers). */
export async function listFranchisees(db: Db, agencyId: number, q: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(franchisees.agencyId, agencyId)];
  if (q.role) conditions.push(sql`${q.role} = any(${franchisees.roles})`);
  if (q.status) conditions.push(eq(franchisees.isActive, q.status === "active"));
  if (q.search) conditions.push(searchCondition(q.search));
  const pageSize = q.all ? ALL_FRANCHISEES_CAP : q.pageSize;
  const page = q.all ? 1 : q.page;
  const rows = await db
    .select({ f: franchisees, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(franchisees)
    .where(and(...conditions))
    .orderBy(asc(franchisees.name), asc(franchisees.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page > 1) total = await db.$count(franchisees, and(...conditions));
  return { list: rows.map((r) => toListItem(r.f)), total, page, pageSize };
}

const phoneTaken = () => invalid(FRANCHISEE_TEXTS.phoneTaken, { phoneNumber: [FRANCHISEE_TEXTS.phoneTaken] });

/**
 * POST /franchisee/signup. The new staff member has no password: at the staff sign-in their
 * number gets an OTP (the forgot-password path, `POST /franchisee/verifyPhoneNumber`), then they
 * choose one. A repeat of the same signup within seconds (double submit, retried request)
 * returns the first one.
 */
export async function signUpFranchisee(deps: Deps, actor: Actor, agency: AgencyRow, body: SignupBody) {
  const { db, now } = deps;
  const values = {
    agencyId: agency.id,
    name: body.name,
    phoneNumber: body.phoneNumber,
    email: body.email ?? null,
    roles: body.roles,
    permissions: body.permissions ?? [],
    configuration: { hideBilling: !!body.configuration?.hideBilling },
    parentFranchiseeId: actor.kind === "staff" ? actor.franchiseeId : null,
  };
  let row: FranchiseeRow | undefined;
  try {
    [row] = await db.insert(franchisees).values(values).returning();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [existing] = await db
      .select()
      .from(franchisees)
      .where(and(eq(franchisees.agencyId, agency.id), eq(franchisees.phoneNumber, body.phoneNumber)));
    const repeat =
      existing &&
      existing.name === body.name &&
      existing.parentFranchiseeId === values.parentFranchiseeId &&
      now().getTime() - existing.createdAt.getTime() < DUPLICATE_WINDOW_MS;
    if (!repeat) throw phoneTaken();
    return { franchisee: toListItem(existing), created: false, sessionsEnded: 0, welcomeSent: false };
  }
  const welcomeSent = await sendStaffWelcome(deps, agency, row!);
  return { franchisee: toListItem(row!), created: true, sessionsEnded: 0, welcomeSent };
}

/**
 * Tells the new staff member how to get in, through the outbox (ADR 0053: once per staff account,
 * retried, at once: they are being set up now). Not queued is logged, the account stays. Also the
 * SMS a new agency's admin gets (POST /addAgencyAdmin): the same way in, the same words.
 */
export async function sendStaffWelcome(
  deps: Pick<Deps, "db" | "queue" | "now" | "config" | "logger">,
  agency: Pick<AgencyRow, "id" | "agencyName" | "host" | "configuration">,
  f: Pick<FranchiseeRow, "id" | "roles" | "phoneNumber">,
) {
  // The new staff member has chosen no language yet: the agency's default (issue 24).
  const language = agencyDefaultLanguage(agency);
  const t = CATALOGUES[language];
  const roles = f.roles.map((r) => t.staffFranchisees[STAFF_ROLE_WORD_KEYS[r]]).join(", ");
  const text = fmt(t.outbound.staffWelcome, { agency: agency.agencyName, roles, host: agency.host });
  try {
    await queueMessage(deps, { agencyId: agency.id, eventKey: `staff-welcome:${f.id}`, channel: "sms", purpose: "alert", to: f.phoneNumber, text, language });
    return true;
  } catch (err) {
    deps.logger.error("Staff welcome SMS not queued", { error: String(err) });
    return false;
  }
}

/**
 * POST /franchisee/edit. Nobody removes their own admin role or deactivates themselves (so an
 * agency always keeps the admin who is editing). Deactivating ends every session of that staff
 * member at once: the rows go, and this process's session cache forgets them.
 */
export async function editFranchisee(db: Db, sessionCache: SessionCache, actor: Actor, agencyId: number, body: EditBody) {
  const self = actor.kind === "staff" && actor.franchiseeId === body.franchiseeId;
  if (self && !body.roles.includes("admin")) throw invalid(FRANCHISEE_TEXTS.selfNotAdmin, { roles: [FRANCHISEE_TEXTS.selfNotAdmin] });
  if (self && body.active === false) throw invalid(FRANCHISEE_TEXTS.selfInactive, { active: [FRANCHISEE_TEXTS.selfInactive] });

  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(franchisees)
      .where(and(eq(franchisees.id, body.franchiseeId), eq(franchisees.agencyId, agencyId)))
      .for("update");
    if (!current) throw notFound(FRANCHISEE_TEXTS.notFound);
    const changes: Partial<typeof franchisees.$inferInsert> = {
      name: body.name,
      phoneNumber: body.phoneNumber,
      roles: body.roles,
    };
    if (body.email !== undefined) changes.email = body.email;
    if (body.permissions !== undefined) changes.permissions = body.permissions;
    if (body.configuration !== undefined) changes.configuration = { ...current.configuration, hideBilling: !!body.configuration.hideBilling };
    if (body.active !== undefined) changes.isActive = body.active;
    let row: FranchiseeRow;
    try {
      [row] = await tx.update(franchisees).set(changes).where(eq(franchisees.id, current.id)).returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw phoneTaken();
      throw err;
    }
    let sessionsEnded = 0;
    if (!row.isActive) {
      const ended = await tx.delete(sessions).where(eq(sessions.franchiseeId, row.id)).returning({ id: sessions.id });
      sessionsEnded = ended.length;
    }
    return { row, sessionsEnded };
  });
  if (!result.row.isActive) sessionCache.evictAccount({ franchiseeId: result.row.id });
  return { franchisee: toListItem(result.row), created: false, sessionsEnded: result.sessionsEnded, welcomeSent: false };
}

/* ---------------- Staff sign-in: the accounts behind it (the cookies stay with the routes) ---------------- */

/** An active staff member of this agency with this phone number. */
export const findActiveFranchisee = (db: Db, agencyId: number, phoneNumber: string) =>
  db.query.franchisees.findFirst({
    where: and(eq(franchisees.agencyId, agencyId), eq(franchisees.phoneNumber, phoneNumber), eq(franchisees.isActive, true)),
  });

/** A new password ends every other session of the account (a stolen one included). */
export async function setFranchiseePassword(db: Db, franchiseeId: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    await tx.update(franchisees).set({ passwordHash }).where(eq(franchisees.id, franchiseeId));
    await tx.delete(sessions).where(eq(sessions.franchiseeId, franchiseeId));
  });
}

export async function markFranchiseeLoggedIn(db: Db, franchiseeId: number, now: Date) {
  await db.update(franchisees).set({ lastLoginAt: now }).where(eq(franchisees.id, franchiseeId));
}
