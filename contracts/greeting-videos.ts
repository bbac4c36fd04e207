import { z } from "zod";
import { idSchema } from "./id.ts";
import { GREETING_VIDEO_STATUSES } from "./greeting-videos-texts.ts";

/* Branded greeting videos (ADR 0022); the zod-free statuses and texts are in greeting-videos-texts.ts. */

export const greetingVideoBody = z.object({ businessId: idSchema("businessId") });
export const greetingVideoQuery = z.object({ businessId: idSchema("businessId") });

export const greetingVideoDto = z.object({
  imageId: z.number(),
  businessId: z.number(),
  /** none: not asked for yet (with this business's current frame and details). */
  status: z.enum(GREETING_VIDEO_STATUSES),
  /** 0–100; 100 when ready. */
  percent: z.number(),
  /** The MP4 (H.264 + AAC), when ready. */
  url: z.string().nullable(),
  bytes: z.number().nullable(),
  /** Why it failed, in words for the customer. */
  error: z.string().nullable(),
  updatedAt: z.date().nullable(),
});
export type GreetingVideoDto = z.output<typeof greetingVideoDto>;
