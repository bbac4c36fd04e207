import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { seesAllCards, type Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { withPayment, type BusinessDto } from "./dto.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The one rule for "may this caller see (and so change) this business": a customer their own
 * live businesses of this agency; staff every one of the agency when admin or
 * franchisee-with-all-card-access, otherwise only those they made (SPEC §6).
 */
export function visibleTo(actor: Actor, agencyId: number): SQL {
  const live = and(eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt))!;
  if (actor.kind === "customer") return and(live, eq(businesses.userId, actor.userId))!;
  if (actor.kind === "staff") return seesAllCards(actor) ? live : and(live, eq(businesses.madeByFranchiseeId, actor.franchiseeId))!;
  return sql`false`;
}

/** What the top bar and the business selector show (businessSummaryDto). */
const summaryColumns = {
  businessId: businesses.businessId,
  businessName: businesses.businessName,
  category: businesses.category,
  paymentStatus: businesses.paymentStatus,
  expiryDateForCustomer: businesses.expiryDateForCustomer,
  isSubscriptionActive: businesses.isSubscriptionActive,
  businessMadeBy: businesses.businessMadeBy,
};

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

/** The full business with its owner and live card: one query. */
export const fullBusinessColumns = {
  ...summaryColumns,
  userId: businesses.userId,
  title: businesses.title,
  contactPerson: businesses.contactPerson,
  businessNature: businesses.businessNature,
  phoneNumber: businesses.phoneNumber,
  alternatePhoneNumber: businesses.alternatePhoneNumber,
  whatsappNumber: businesses.whatsappNumber,
  email: businesses.email,
  address: businesses.address,
  mapLink: businesses.mapLink,
  logoUrl: businesses.logoUrl,
  madeByFranchiseeId: businesses.madeByFranchiseeId,
  createdAt: businesses.createdAt,
  updatedAt: businesses.updatedAt,
  ownerPhoneNumber: users.phoneNumber,
  ownerEmail: users.email,
  ownerIsForeignUser: users.isForeignUser,
  cardNo: cards.cardNo,
  cardId: cards.cardId,
  cardStatus: cards.status,
};

export function selectFullBusinesses(db: Db | Tx) {
  return db
    .select(fullBusinessColumns)
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)));
}

type FullRow = Awaited<ReturnType<typeof selectFullBusinesses>>[number];

/** A row of selectFullBusinesses as the API's business (extra columns are dropped by the response schema). */
export function toBusinessDto(row: FullRow, now: Date): BusinessDto {
  const { ownerPhoneNumber, ownerEmail, ownerIsForeignUser, cardNo, cardId, cardStatus, ...business } = row;
  return {
    ...withPayment(business, now),
    user: { userId: row.userId, phoneNumber: ownerPhoneNumber, email: ownerEmail, isForeignUser: ownerIsForeignUser },
    card: cardNo !== null && cardId !== null && cardStatus !== null ? { cardNo, cardId, status: cardStatus } : null,
  };
}

export const BUSINESS_NOT_FOUND = "Business not found.";

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

/** One business (full record) matching `where`, or null. */
export async function findBusiness(db: Db | Tx, where: SQL, now: Date) {
  const [row] = await selectFullBusinesses(db).where(where).limit(1);
  return row ? toBusinessDto(row, now) : null;
}

/** The business if the caller may see it; anyone else's (or another agency's) is 404, never 403. */
export async function findVisibleBusiness(db: Db | Tx, actor: Actor, agencyId: number, businessId: number, now: Date) {
  const business = await findBusiness(db, and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId))!, now);
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  return business;
}
