import { z } from "zod";

/** The offline share kit (ADR 0062) and "Save to Google Wallet" (ADR 0064). */
export const shareKitResponse = z.object({
  cardId: z.string(),
  publicUrl: z.string(),
  /** Visitors can open the card (its codes are served); a paused card still prints. */
  live: z.boolean(),
  hasUpi: z.boolean(),
  /** https://pay.google.com/gp/v/save/<JWT>, or null when Wallet is not configured. */
  walletUrl: z.string().nullable(),
});
export type ShareKit = z.infer<typeof shareKitResponse>;
