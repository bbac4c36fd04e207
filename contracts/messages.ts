import { z } from "zod";

/** POST /messages/unsubscribe/{token}: the token from a message's one-tap link (ADR 0053). */
export const unsubscribeParams = z.object({ token: z.string().min(1).max(600) });

export const unsubscribeResult = z.object({
  channel: z.enum(["sms", "email", "whatsapp"]),
  /** The recipient, partly hidden: enough to recognise, not to harvest. */
  recipient: z.string(),
  unsubscribed: z.boolean(),
});

/** A message every attempt failed for (the dead-letter list staff see). */
export const deadMessageDto = z.object({
  messageId: z.number(),
  eventKey: z.string(),
  channel: z.enum(["sms", "email", "whatsapp"]),
  purpose: z.enum(["otp", "alert", "reminder", "report", "marketing"]),
  recipient: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
});
export type DeadMessage = z.infer<typeof deadMessageDto>;
