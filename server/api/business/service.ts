import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { businessLogo } from "#contracts/logo.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { findBusiness, summaryColumns } from "./full-record.ts";

/*
 * The business domain's public surface: the lookups other domains share (a business the caller
 * may see, locked or not; the active one; the full record as the API shows it), and the list
 * filters the dashboard, reports and notices reuse (list.ts).
 */
export { businessListWhere, expiryCondition } from "./list.ts";
export { findBusiness, selectFullBusinesses, toBusinessDto } from "./full-record.ts";

/**
 * The one rule for "which business is active": the customer's choice (the top-bar selector's
 * preference) while it is still one of theirs, else their oldest. `rows` are the customer's
 * visible businesses, oldest first; null when they have none.
 */
export function activeBusiness<T extends { businessId: number }>(rows: readonly T[], preferred: number | null | undefined): T | null {
  return rows.find((b) => b.businessId === preferred) ?? rows[0] ?? null;
}

/** POST /user/preference: the customer's choice of active business, one they may see (404 otherwise). */
export async function chooseActiveBusiness(db: Db, actor: Extract<Actor, { kind: "customer" }>, agencyId: number, businessId: number) {
  if (!(await visibleBusinessRow(db, actor, agencyId, businessId))) throw notFound("That business was not found.");
  const [user] = await db.update(users).set({ preference: { activeBusinessId: businessId } }).where(eq(users.id, actor.userId)).returning();
  return user;
}

/**
 * GET /business/getBusinessesByUser: the customer's businesses, oldest first, and the active
 * one. One query: the preference rides along on every row.
 */
export async function customerBusinesses(db: Db, actor: Extract<Actor, { kind: "customer" }>, agencyId: number) {
  const rows = await db
    .select({ ...summaryColumns, preference: users.preference })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(visibleTo(actor, agencyId))
    .orderBy(asc(businesses.createdAt), asc(businesses.businessId));
  const active = activeBusiness(rows, rows[0]?.preference?.activeBusinessId);
  return { businesses: rows, total: rows.length, activeBusinessId: active?.businessId ?? null };
}

export const BUSINESS_NOT_FOUND = "Business not found.";

/**
 * This business's logo (ADR 0037): the one logo the card, the greetings, the PDF ID card and the
 * promotional videos draw: the card's uploaded logo (Basic details), else the business's Logo
 * link field (`businessLogo` in contracts/logo.ts), or null. The caller has checked access.
 */
export async function businessLogoUrl(db: Db | Tx, businessId: number): Promise<string | null> {
  const [row] = await db
    .select({ logoUrl: businesses.logoUrl, basicDetails: cards.basicDetails })
    .from(businesses)
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(eq(businesses.businessId, businessId))
    .limit(1);
  return row ? businessLogo(row.basicDetails?.logoUrl, row.logoUrl) : null;
}

/** The business's own row if the caller may see it, else undefined (for checks and copies; no joins). */
export async function visibleBusinessRow(db: Db | Tx, actor: Actor, agencyId: number, businessId: number) {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId)))
    .limit(1);
  return row;
}

/**
 * The business locked FOR UPDATE inside `tx`, if the caller may see it: the visibility check and
 * the lock in one read (a payment's double click waits here for the first to commit).
 */
export async function lockVisibleBusinessRow(tx: Tx, actor: Actor, agencyId: number, businessId: number) {
  const [row] = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId)))
    .for("update");
  return row;
}

/** The business if the caller may see it; anyone else's (or another agency's) is 404, never 403. */
export async function findVisibleBusiness(db: Db | Tx, actor: Actor, agencyId: number, businessId: number, now: Date) {
  const business = await findBusiness(db, and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId))!, now);
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  return business;
}
