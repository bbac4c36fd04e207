import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { businesses, feedback } from "#server/db/schema/business.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { notFound, unauthorized } from "#server/api/lib/errors.ts";
import { customerBusinesses, visibleTo } from "#server/api/business/queries.ts";
import { feedbackItemDto, feedbackListQuery } from "#contracts/feedback.ts";

const tag = "Feedback";

export const listFeedback = defineRoute({
  method: "get",
  path: "/feedback",
  tag,
  summary:
    "Feedback and enquiries left on public cards, newest first. Customers: one of their businesses (default the active one); staff: their agency's (franchisees: businesses they made).",
  access: access.customerOrStaff(),
  query: feedbackListQuery,
  response: z.object({
    total: z.number(),
    list: z.array(feedbackItemDto),
    page: z.number(),
    pageSize: z.number(),
    /** The business listed (customers), or the filter given (staff); null = none / all. */
    businessId: z.number().nullable(),
  }),
  async handler({ deps, agency, actor, query }) {
    if (actor.kind === "anonymous") throw unauthorized();
    const visible = visibleTo(actor, agency.id);
    let businessId = query.businessId ?? null;
    if (businessId !== null) {
      const [own] = await deps.db
        .select({ id: businesses.businessId })
        .from(businesses)
        .where(and(visible, eq(businesses.businessId, businessId)))
        .limit(1);
      if (!own) throw notFound("We could not find this business.");
    } else if (actor.kind === "customer") {
      // Not named: the customer's active business.
      businessId = (await customerBusinesses(deps.db, actor, agency.id)).activeBusinessId;
      if (businessId === null) return { total: 0, list: [], page: query.page, pageSize: query.pageSize, businessId: null };
    }
    const conditions: SQL[] = [eq(feedback.agencyId, agency.id), visible];
    if (businessId !== null) conditions.push(eq(feedback.businessId, businessId));
    if (query.kind) conditions.push(eq(feedback.kind, query.kind));
    const where = and(...conditions);
    const [{ total }] = await deps.db
      .select({ total: count() })
      .from(feedback)
      .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
      .where(where);
    const list = await deps.db
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
  },
});

export const deleteFeedback = defineRoute({
  method: "delete",
  path: "/feedback",
  tag,
  summary: "Delete one feedback or enquiry (?id). Only on a business the caller may see; anyone else's is 404.",
  access: access.customerOrStaff(),
  query: z.object({ id: q.int("id") }),
  response: z.object({ deleted: z.literal(true), id: z.number() }),
  async handler({ deps, agency, actor, query }) {
    const [row] = await deps.db
      .select({ id: feedback.id })
      .from(feedback)
      .innerJoin(businesses, eq(businesses.businessId, feedback.businessId))
      .where(and(eq(feedback.id, query.id), eq(feedback.agencyId, agency.id), visibleTo(actor, agency.id)))
      .limit(1);
    if (!row) throw notFound("We could not find this message.");
    await deps.db.delete(feedback).where(eq(feedback.id, row.id));
    return { deleted: true as const, id: row.id };
  },
});

export const feedbackRoutes = [listFeedback, deleteFeedback] as const;
