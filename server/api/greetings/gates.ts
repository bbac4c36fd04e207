import type { Db } from "#server/db/client.ts";
import { createDbKeyedCache } from "#server/db/db-keyed-cache.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import type { CardImagePostSettings } from "#server/db/schema/business.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { greetingImagesPausedOf } from "#server/api/billing/service.ts";
import { effectiveImagePostSettings } from "#contracts/project-texts.ts";
import { GREETING_TEXTS, type FrameName } from "#contracts/greetings-enums.ts";

/*
 * The two gates on a customer's greeting images (ADR 0021, "Gates"):
 * 1. the agency's greeting-image bill unpaid past its grace (ADR 0023) pauses them for all its
 *    customers; staff still manage content (their banner says why);
 * 2. the business's card: staff's per-card switch and settings (ADR 0017).
 * Both answer 404 with the reason, like "image posts off" (scope.ts): a 403 would sign the
 * customer out (SPEC §8), and the page shows the message in place of the posts.
 */

/** Agencies found open, for a few seconds: signed image URLs (a page of tiles) skip the query. */
const openAgencies = createDbKeyedCache<number, number>(1000);
const OPEN_TTL_MS = 30_000;

/**
 * Refuses a customer of a paused agency. One query (the agency row is the request's own); a
 * signed URL (null actor) reuses an "open" answer up to 30 s old, so the cached tiles stay as
 * cheap as static files and a pause (which comes after days of grace) shows within 30 s.
 */
export async function assertNotPaused(db: Db, agency: AgencyRow, actor: Actor | null, now: Date) {
  // null actor: a signed URL, given only to someone who may see the business (a customer's page).
  if (actor && actor.kind !== "customer") return;
  if (!actor && now.getTime() - (openAgencies.get(db, agency.id) ?? -Infinity) < OPEN_TTL_MS) return;
  const state = await greetingImagesPausedOf(db, agency, now);
  if (!state.paused) {
    openAgencies.set(db, agency.id, now.getTime());
    return;
  }
  throw notFound(GREETING_TEXTS.paused(agency.agencyName, [agency.adminPhoneNumber, agency.adminEmail].filter((v): v is string => !!v)));
}

export type CardGate = {
  /** Frames staff allow for this card (null: no narrowing). */
  frames: FrameName[] | null;
  /** Per-day overrides of the plan (-1 unlimited), null = the plan's. */
  dailyImageLimit: number | null;
  dailyVideoLimit: number | null;
};

/**
 * The business's card as the greetings see it; throws when staff switched it off. A card staff
 * never switched is not "off" (before ADR 0044 new cards were stored with imagePostEnabled false).
 */
export function cardGate(card: { imagePostEnabled: boolean | null; imagePostSettings: CardImagePostSettings | null }): CardGate {
  const stored = card.imagePostSettings ?? null;
  if (card.imagePostEnabled === false && stored?.switchedByStaff) throw notFound(GREETING_TEXTS.cardOff);
  const e = effectiveImagePostSettings(stored);
  return {
    frames: stored?.allowedFrames?.length ? (e.allowedFrames as FrameName[]) : null,
    dailyImageLimit: e.dailyImageLimit,
    dailyVideoLimit: e.dailyVideoLimit,
  };
}
