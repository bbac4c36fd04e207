import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { unauthorized } from "#server/api/lib/errors.ts";
import { deleteVisibleFeedback, visibleFeedback } from "./service.ts";
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
    return visibleFeedback(deps.db, actor, agency.id, query);
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
    return { deleted: true as const, id: await deleteVisibleFeedback(deps.db, actor, agency.id, query.id) };
  },
});

export const feedbackRoutes = [listFeedback, deleteFeedback] as const;
