import { z } from "zod";
import { FEEDBACK_KINDS } from "./enums.ts";
import { q } from "./query.ts";

/** GET /feedback and its rows. */

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
