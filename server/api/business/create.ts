import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, BUSINESS_MADE_BY_SELF } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "#server/api/lib/errors.ts";
import { createCardForBusiness } from "#server/api/cards/service.ts";
import type { createBusinessSchema } from "#contracts/business.ts";
import { newBusinessExpiry } from "#server/api/payments/service.ts";
import type { Tx } from "#server/db/tx.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import { findBusiness } from "./full-record.ts";
import { notices, notifyAdmins } from "#server/api/notifications/service.ts";

type Input = z.output<typeof createBusinessSchema>;

/** Who made the business (SPEC §3 businessMadeBy): 'self' for the customer, else the staff member's role. */
export function madeBy(actor: Actor) {
  if (actor.kind === "staff") return { businessMadeBy: actor.roles[0] ?? "franchisee", madeByFranchiseeId: actor.franchiseeId };
  return { businessMadeBy: BUSINESS_MADE_BY_SELF, madeByFranchiseeId: null };
}

/** The customer the business is for: the caller, or (staff) a customer of this agency named by userId. */
async function ownerOf(tx: Tx, actor: Actor, agencyId: number, userId: number | undefined) {
  if (actor.kind === "customer") {
    if (userId !== undefined && userId !== actor.userId) throw notFound("Customer not found.");
    return actor.userId;
  }
  if (userId === undefined) throw badRequest("Choose the customer this business is for.", { userId: ["This field is required."] });
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, agencyId)))
    .limit(1);
  if (!u) throw notFound("Customer not found.");
  return u.id;
}

/**
 * What one customer may add themselves (issue 22 M4, ADR 0041): each new business notifies the
 * agency's staff and holds a card id, so a script must not make hundreds. Staff adding for a
 * customer are not limited.
 */
export type BusinessLimits = { perHour: number; total: number };
/** The defaults; an operator may change them (CUSTOMER_BUSINESSES_PER_HOUR, CUSTOMER_BUSINESSES_TOTAL). */
export const BUSINESS_LIMITS: BusinessLimits = { perHour: 20, total: 100 };
export const businessLimitMessages = (limits: BusinessLimits) => ({
  perHour: `You have added ${limits.perHour} businesses in the last hour. Please try again later.`,
  total: `You already have ${limits.total} businesses, the most one account can have. Delete one you no longer need, or ask your agency for help.`,
});
export const BUSINESS_LIMIT_MESSAGES = businessLimitMessages(BUSINESS_LIMITS);

async function enforceBusinessLimits(tx: Tx, agencyId: number, userId: number, now: Date, limits: BusinessLimits) {
  const hourAgo = new Date(now.getTime() - 3600_000);
  const [counts] = await tx
    .select({
      live: sql<number>`count(*) filter (where ${businesses.deletedAt} is null)`.mapWith(Number),
      lastHour: sql<number>`count(*) filter (where ${businesses.createdAt} >= ${hourAgo} and ${businesses.businessMadeBy} = ${BUSINESS_MADE_BY_SELF})`.mapWith(Number),
      firstInHour: sql<Date | null>`min(${businesses.createdAt}) filter (where ${businesses.createdAt} >= ${hourAgo} and ${businesses.businessMadeBy} = ${BUSINESS_MADE_BY_SELF})`,
    })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.agencyId, agencyId)));
  const messages = businessLimitMessages(limits);
  if (counts.live >= limits.total) throw conflict(messages.total);
  if (counts.lastHour >= limits.perHour) {
    const first = counts.firstInHour ? new Date(counts.firstInHour).getTime() : now.getTime();
    throw tooManyRequests(messages.perHour, Math.max(1, Math.ceil((first + 3600_000 - now.getTime()) / 1000)));
  }
}

/**
 * POST /business. One transaction: the business, and its card when asked. Creates for one
 * customer are serialised by an advisory lock, so a double submit (two identical requests
 * racing) finds the first business instead of making a second one (ADR 0009).
 */
export async function createBusiness(db: Db, actor: Actor, agencyId: number, input: Input, now: Date, limits: BusinessLimits = BUSINESS_LIMITS) {
  const { userId: requestedUserId, createDigitalCard, ...fields } = input;
  return db.transaction(async (tx) => {
    const userId = await ownerOf(tx, actor, agencyId, requestedUserId);
    await tx.execute(sql`select pg_advisory_xact_lock(${0x62757369}::int, ${userId}::int)`);

    const [recent] = await tx
      .select({ businessId: businesses.businessId })
      .from(businesses)
      .where(
        and(
          eq(businesses.userId, userId),
          eq(businesses.agencyId, agencyId),
          isNull(businesses.deletedAt),
          sql`lower(${businesses.businessName}) = lower(${fields.businessName})`,
          gte(businesses.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(businesses.createdAt))
      .limit(1);
    if (recent) {
      const business = (await findBusiness(tx, eq(businesses.businessId, recent.businessId), now))!;
      return { business, card: business.card && { cardNo: business.card.cardNo, cardId: business.card.cardId }, duplicate: true };
    }

    if (actor.kind === "customer") await enforceBusinessLimits(tx, agencyId, userId, now, limits);
    const { businessId, card } = await insertBusiness(tx, actor, agencyId, userId, fields, { createDigitalCard: !!createDigitalCard, notify: true }, now);
    const row = { businessId };
    const business = (await findBusiness(tx, eq(businesses.businessId, row.businessId), now))!;
    return { business, card: card && { cardNo: card.cardNo, cardId: card.cardId }, duplicate: false };
  });
}

/**
 * The one way a business row is made (POST /business and the bulk import, ADR 0058): the caller's
 * fields, who made it, the agency's trial expiry (ADR 0015), its card when asked. `notify`: one
 * notice per business for staff; an import tells them once for the whole file instead.
 */
export async function insertBusiness(
  tx: Tx,
  actor: Actor,
  agencyId: number,
  userId: number,
  fields: Omit<Input, "userId" | "createDigitalCard">,
  opts: { createDigitalCard: boolean; notify: boolean },
  now: Date,
) {
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  const made = madeBy(actor);
  const [row] = await tx
    .insert(businesses)
    .values({
      ...values,
      businessName: fields.businessName,
      agencyId,
      userId,
      ...made,
      // Unpaid, on the agency's trial (ADR 0015).
      expiryDateForCustomer: await newBusinessExpiry(tx, agencyId, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ businessId: businesses.businessId });
  if (opts.notify) await notifyAdmins(tx, agencyId, notices.newBusiness({ businessId: row.businessId, businessName: fields.businessName }, made.businessMadeBy), now);
  const card = opts.createDigitalCard ? await createCardForBusiness(tx, { agencyId, businessId: row.businessId, now }) : null;
  return { businessId: row.businessId, card };
}
