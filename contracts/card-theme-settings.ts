import { z } from "zod";
import { CARD_TEMPLATES } from "./enums.ts";
import { idSchema } from "./id.ts";

/* The API's shapes for card themes (issue 26, ADR 0070); the designs are in card-themes.ts. */

export const THEME_SETTING_MESSAGES = {
  atLeastOne: "Offer at least one theme.",
  defaultOffered: "Choose a default theme among the ones you offer.",
} as const;

const theme = z.enum(CARD_TEMPLATES);

/** An agency's choice: the themes its customers see and new cards' default (one of them). */
export const agencyCardThemesSchema = z
  .object({
    allowed: z.array(theme).min(1, { error: THEME_SETTING_MESSAGES.atLeastOne }),
    defaultTheme: theme,
  })
  .refine((v) => v.allowed.includes(v.defaultTheme), { error: THEME_SETTING_MESSAGES.defaultOffered, path: ["defaultTheme"] });

export const cardThemesResponse = z.object({
  /** For a customer only the agency's offered themes; for staff all, each with `allowed`. */
  themes: z.array(z.object({ id: theme, allowed: z.boolean() })),
  defaultTheme: theme,
});

export const agencyCardThemesResponse = z.object({ allowed: z.array(theme), defaultTheme: theme });

export const themeThumbnailParams = z.object({ theme });
export const themeThumbnailQuery = z.object({
  cardNo: idSchema("cardNo"),
  /** The card's version (its updatedAt): a changed card gets a new address, so the long cache is safe. */
  v: z.string().max(40).optional(),
});
