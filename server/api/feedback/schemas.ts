import { z } from "zod";
import { q } from "#server/api/lib/define-route.ts";

/** GET /feedback and its rows. Pure zod (plus the query helpers): the panel imports it too. */

export const FEEDBACK_KINDS = ["feedback", "enquiry"] as const;

export const feedbackListQuery = z.object({
  businessId: q.optionalInt("businessId"),
  kind: z.enum(FEEDBACK_KINDS, { error: "kind must be feedback or enquiry." }).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const feedbackItemDto = z.object({
  id: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  cardNo: z.number().nullable(),
  kind: z.enum(FEEDBACK_KINDS),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string(),
  createdAt: z.date(),
});
export type FeedbackItem = z.infer<typeof feedbackItemDto>;
