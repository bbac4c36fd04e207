import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses, feedback } from "#server/db/schema/business.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { customerBusinesses } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import type { feedbackListQuery } from "#contracts/feedback.ts";

/**
 * The business a request is about: the one named (404 unless the actor may see it), else a
 * customer's active business; null when neither (staff without a name, a customer with none).
 */
export async function namedOrActiveBusiness(db: Db, actor: Actor, agencyId: number, businessId: number | undefined): Promise<number | null> {
  if (businessId !== undefined) {
    const [own] = await db
      .select({ id: businesses.businessId })
      .from(businesses)
      .where(and(visibleTo(actor, agencyId), eq(businesses.businessId, businessId)))
      .limit(1);
    if (!own) throw notFound(FEEDBACK_BUSINESS_NOT_FOUND);
    return own.id;
  }
  return actor.kind === "customer" ? (await customerBusinesses(db, actor, agencyId)).activeBusinessId : null;
}

export const FEEDBACK_BUSINESS_NOT_FOUND = "We could not find this business.";

/**
 * Feedback and enquiries on the businesses the actor may see, newest first: one business when
 * named (404 if not theirs), else a customer's active business, else (staff) all of them.
 */
export async function visibleFeedback(db: Db, actor: Actor, agencyId: number, query: z.output<typeof feedbackListQuery>) {
  const visible = visibleTo(actor, agencyId);
  const businessId = await namedOrActiveBusiness(db, actor, agencyId, query.businessId);
  if (businessId === null && actor.kind === "customer") return { total: 0, list: [], page: query.page, pageSize: query.pageSize, businessId: null };
  const conditions: SQL[] = [eq(feedback.agencyId, agencyId), visible];
  if (businessId !== null) conditions.push(eq(feedback.businessId, businessId));
  if (query.kind) conditions.push(eq(feedback.kind, query.kind));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: count() })
    .from(feedback)
    .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
    .where(where);
  const list = await db
    .select({
      id: feedback.id,
      businessId: feedback.businessId,
      businessName: businesses.businessName,
      cardNo: feedback.cardNo,
      kind: feedback.kind,
      name: feedback.name,
      phoneNumber: feedback.phoneNumber,
      email: feedback.email,
      message: feedback.message,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, list, page: query.page, pageSize: query.pageSize, businessId };
}

/** Deletes one message on a business the actor may see; anyone else's is 404. */
export async function deleteVisibleFeedback(db: Db, actor: Actor, agencyId: number, id: number) {
  const [row] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
    .where(and(eq(feedback.id, id), eq(feedback.agencyId, agencyId), visibleTo(actor, agencyId)))
    .limit(1);
  if (!row) throw notFound("We could not find this message.");
  await db.delete(feedback).where(eq(feedback.id, row.id));
  return row.id;
}
