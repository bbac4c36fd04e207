import { z } from "zod";
import { q } from "./query.ts";

/*
 * Renewals that collect themselves (issue 25, ADR 0067): reminders before and after a paid card's
 * expiry, each with a pay link the owner opens without signing in, and the pipeline staff see.
 */

/** The days an agency may pick, relative to the card's expiry day: negative before, positive after. */
export const RENEWAL_DAY_CHOICES = [-30, -15, -7, -3, -1, 0, 1, 3, 7] as const;
export const RENEWAL_STAGES = ["due", "reminded", "paid", "lost"] as const;
export type RenewalStage = (typeof RENEWAL_STAGES)[number];

const day = z.coerce.number().int().refine((d) => (RENEWAL_DAY_CHOICES as readonly number[]).includes(d), "Choose days from the list.");

/** PUT /renewals/settings, and the page's form (checkboxes: absent means off). */
export const renewalSettingsBody = z.object({
  enabled: z.boolean().default(false),
  days: z
    .array(day)
    .max(RENEWAL_DAY_CHOICES.length)
    .default([])
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
});
export type RenewalSettings = { enabled: boolean; days: number[] };
export const renewalSettingsDto = z.object({ enabled: z.boolean(), days: z.array(z.number()) });

export const pipelineQuery = z.object({
  stage: z.enum(RENEWAL_STAGES, { error: "Choose due, reminded, paid or lost." }).default("due"),
  page: q.page(),
});

export const pipelineRowDto = z.object({
  businessId: z.number(),
  businessName: z.string(),
  franchiseeName: z.string().nullable(),
  expiresAt: z.date(),
  reminders: z.number(),
  lastRemindedAt: z.date().nullable(),
});

const rateDto = z.object({ paid: z.number(), lost: z.number(), open: z.number(), rate: z.number().nullable() });

export const pipelineDto = z.object({
  counts: z.object({ due: z.number(), reminded: z.number(), paid: z.number(), lost: z.number() }),
  stage: z.enum(RENEWAL_STAGES),
  rows: z.array(pipelineRowDto),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** By the India-time month the card expired in, newest first: rate = paid / (paid + lost). */
  months: z.array(rateDto.extend({ month: z.string() })),
  franchisees: z.array(rateDto.extend({ franchiseeId: z.number().nullable(), name: z.string().nullable() })),
  settings: renewalSettingsDto,
  /** Whether this caller may change the settings (agency admins). */
  canEdit: z.boolean(),
});

/** /renew/{token}: the owner's pay page, no sign-in. */
export const renewTokenParams = z.object({ token: z.string().min(1).max(200) });

export const renewInfoDto = z.object({
  businessName: z.string(),
  planName: z.string().nullable(),
  /** Paise; null when the business has no plan to renew online. */
  amount: z.number().nullable(),
  expiresAt: z.date().nullable(),
  /** The card's plan ended before now (server clock). */
  expired: z.boolean(),
  /** paid: the card was renewed since this reminder (by any payment). */
  state: z.enum(["open", "paid", "unavailable"]),
  /** The public card's address once paid. */
  cardUrl: z.string().nullable(),
});

export const renewPayDto = z.object({ url: z.string() });

/** POST /renewals/link (staff): a business's pay link to send by hand. */
export const renewLinkBody = z.object({ businessId: q.int("businessId") });
