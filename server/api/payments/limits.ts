import { and, count, eq, isNull, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { subscriptionPlans } from "#server/db/schema/billing.ts";
import { agencies } from "#server/db/schema/core.ts";
import { conflict, notFound, upgradeRequired } from "#server/api/lib/errors.ts";
import { isExpired, isPaid } from "#contracts/payment-status.ts";
import { CUSTOM_PLAN_DEFAULT_LIMITS, UNLIMITED, type LimitKind, type PlanLimits } from "#contracts/plans.ts";

/*
 * Plan limits, enforced in one place (ADR 0015, "Plans, lifecycle, limits, manual payments").
 *
 * What a business may use, by its state:
 * - paid, not expired: the limits snapshotted from the plan it bought (a kind not included is 0,
 *   -1 is unlimited). A business paid before plans existed (no snapshot) gets the custom plan's
 *   defaults: the digital card only.
 * - on its trial (not paid, expiry ahead; or no expiry at all, which migration 0004 ended):
 *   TRIAL_LIMITS, the digital card, unlimited greeting images, 1 greeting video a day, no PDF
 *   card and no promotional video.
 * - expired: nothing new until someone pays (what exists stays; the public card shows its
 *   expired page).
 *
 * What "used" counts, per kind (LIMIT_WINDOWS):
 * - digitalCard: the business's live cards, counted here.
 * - greetingImages, greetingVideos: downloads/generations of the current day (Asia/Kolkata,
 *   from `limitWindowStart`), counted by the caller from its own log (those tables come with the
 *   greetings issues) and passed as `used`.
 * - pdfCard, promotionalVideo: made over the business's life, counted by the caller (PDF card
 *   and video issues) and passed as `used`. Bought single PDF cards and videos are credits the
 *   payments module grants separately; they are not plan limits.
 */

export const TRIAL_LIMITS: PlanLimits = {
  digitalCardIncluded: true,
  digitalCardLimit: 1,
  greetingImagesIncluded: true,
  greetingImagesLimit: UNLIMITED,
  greetingVideosIncluded: true,
  greetingVideosLimit: 1,
  pdfCardIncluded: false,
  pdfCardLimit: null,
  promotionalVideoIncluded: false,
  promotionalVideoLimit: null,
};

/** The window each kind's `used` is counted over. */
export const LIMIT_WINDOWS: Record<LimitKind, "lifetime" | "day"> = {
  digitalCard: "lifetime",
  greetingImages: "day",
  greetingVideos: "day",
  pdfCard: "lifetime",
  promotionalVideo: "lifetime",
};

/** India has one time zone and no daylight saving: a day runs from 00:00 IST (18:30 UTC the day before). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where the caller starts counting `used` for `kind`: the start of the current day in
 * Asia/Kolkata for the per-day kinds, null (the business's whole life) for the others.
 */
export function limitWindowStart(kind: LimitKind, now: Date): Date | null {
  if (LIMIT_WINDOWS[kind] !== "day") return null;
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS);
}

const NOUNS: Record<LimitKind, [one: string, many: string]> = {
  digitalCard: ["digital card", "digital cards"],
  greetingImages: ["greeting image", "greeting images"],
  greetingVideos: ["greeting video", "greeting videos"],
  pdfCard: ["PDF card", "PDF cards"],
  promotionalVideo: ["promotional video", "promotional videos"],
};

type BusinessPlanFields = { paymentStatus: number; expiryDateForCustomer: Date | null; planLimits: PlanLimits | null };

export type Allowance =
  | { state: "expired"; limit: 0 }
  | { state: "trial" | "paid"; limit: number; included: boolean };

/** How many of `kind` the business may have (-1 unlimited), from its state and plan. Pure. */
export function allowance(business: BusinessPlanFields, kind: LimitKind, now: Date): Allowance {
  if (isExpired(business, now)) return { state: "expired", limit: 0 };
  const paid = isPaid(business);
  const limits = paid ? (business.planLimits ?? CUSTOM_PLAN_DEFAULT_LIMITS) : TRIAL_LIMITS;
  const included = limits[`${kind}Included`];
  return { state: paid ? "paid" : "trial", included, limit: included ? (limits[`${kind}Limit`] ?? 0) : 0 };
}

/** A per-card daily limit set by staff (ADR 0017/0021) replaces the plan's; an expired plan stays expired. */
export function withOverride(a: Allowance, limit: number | null | undefined): Allowance {
  return limit === null || limit === undefined || a.state === "expired" ? a : { ...a, included: true, limit };
}

/** Whether one more fits: `used` so far against the allowance. */
export const fitsWithin = (a: Allowance, used: number, adding = 1) => a.limit === UNLIMITED || used + adding <= a.limit;

const amount = (limit: number, kind: LimitKind) => {
  const [one, many] = NOUNS[kind];
  return limit === UNLIMITED ? `unlimited ${many}` : `${limit} ${limit === 1 ? one : many}`;
};

/** A plan on offer, as far as the limit's refusal needs it. */
export type OfferedPlan = { name: string; price: number; limits: PlanLimits };

/**
 * The plan worth naming when `kind` has run out at `current`: of the plans that give more of it,
 * the one that gives the most (unlimited first), the cheaper on a tie. Null when none gives more:
 * then there is nothing to upgrade to. Pure.
 */
export function betterPlan(plans: OfferedPlan[], kind: LimitKind, current: number): { name: string; limit: number } | null {
  const rank = (limit: number) => (limit === UNLIMITED ? Number.POSITIVE_INFINITY : limit);
  let best: { name: string; limit: number; price: number } | null = null;
  for (const p of plans) {
    if (!p.limits[`${kind}Included`]) continue;
    const limit = p.limits[`${kind}Limit`] ?? 0;
    if (rank(limit) <= rank(current)) continue;
    if (!best || rank(limit) > rank(best.limit) || (rank(limit) === rank(best.limit) && p.price < best.price)) best = { name: p.name, limit, price: p.price };
  }
  return best && { name: best.name, limit: best.limit };
}

/**
 * Why one more does not fit, and whether a plan would change that (ADR 0042): an upgrade offer
 * names the plan and what it gives; when no plan on offer gives more, the message says the limit
 * and offers nothing (`upgrade: false`).
 */
export function refusal(a: Allowance, kind: LimitKind, plans: OfferedPlan[], sellsSinglePdfCard = false): { message: string; upgrade: boolean } {
  const [, many] = NOUNS[kind];
  const perDay = LIMIT_WINDOWS[kind] === "day" ? " a day" : "";
  const today = LIMIT_WINDOWS[kind] === "day" ? " today" : "";
  if (a.state === "expired") return { message: "Your plan has expired. Renew it to continue.", upgrade: true };
  const current = a.included ? a.limit : 0;
  const better = betterPlan(plans, kind, current);
  const offer = better ? ` The ${better.name} plan gives ${amount(better.limit, kind)}${better.limit === UNLIMITED ? "" : perDay}.` : "";
  const who = a.state === "trial" ? "The free trial" : "Your plan";
  if (!a.included || a.limit === 0) {
    return better
      ? { message: `${who} does not include ${many}.${offer}`, upgrade: true }
      : { message: `${who} does not include ${many}, and no plan on offer does.`, upgrade: false };
  }
  const allows = `${who} allows ${amount(a.limit, kind)}${today}.`;
  // A single PDF ID card is on sale beside the plans (SPEC §2: the upgrade dialog's purchase card).
  if (kind === "pdfCard" && sellsSinglePdfCard) return { message: `${allows}${offer} You can also buy one more PDF ID card.`, upgrade: true };
  return better
    ? { message: `${allows}${offer}`, upgrade: true }
    : { message: `${allows} No plan on offer gives more.`, upgrade: false };
}

export type LimitCheck = {
  businessId: number;
  kind: LimitKind;
  now: Date;
  /**
   * How many the business has used in the kind's window (LIMIT_WINDOWS). Counted here for
   * digitalCard when omitted; required for the other kinds (their logs belong to their callers).
   */
  used?: number;
  /** How many the caller is about to add (default 1). */
  adding?: number;
  /** A per-card limit replacing the plan's (withOverride). */
  override?: number | null;
};

/**
 * Throws 403 `{ message, upgrade: true }` (the panel opens #upgrade) when the business may not
 * have one more of `kind` and a plan on offer gives more (named in the message), or 409
 * `{ message, limitReached: true }` when none does (ADR 0042); 404 for a business that does not exist. Call it inside the
 * transaction that adds the thing, after checking the caller may see the business.
 */
export async function assertWithinLimit(db: Db | Tx, check: LimitCheck): Promise<void> {
  const [business] = await db
    .select({ paymentStatus: businesses.paymentStatus, expiryDateForCustomer: businesses.expiryDateForCustomer, planLimits: businesses.planLimits })
    .from(businesses)
    .where(eq(businesses.businessId, check.businessId))
    .limit(1);
  if (!business) throw notFound("Business not found.");
  const a = withOverride(allowance(business, check.kind, check.now), check.override);
  let used = check.used;
  if (used === undefined) {
    if (check.kind !== "digitalCard") throw new Error(`assertWithinLimit(${check.kind}) needs the caller's "used" count.`);
    [{ used }] = await db
      .select({ used: count() })
      .from(cards)
      .where(and(eq(cards.businessId, check.businessId), isNull(cards.deletedAt)));
  }
  if (fitsWithin(a, used, check.adding)) return;
  const offer = await plansOnOffer(db, check.businessId);
  const refused = refusal(a, check.kind, offer.plans, offer.sellsSinglePdfCard);
  // 403 `upgrade` opens the plans; with nothing better to buy it is a plain 409 the form shows.
  throw refused.upgrade ? upgradeRequired(refused.message) : conflict(refused.message, { limitReached: true });
}

/** The business's agency's active plans, and the business's own custom plan, as the upgrade dialog lists them. */
async function plansOnOffer(db: Db | Tx, businessId: number): Promise<{ plans: OfferedPlan[]; sellsSinglePdfCard: boolean }> {
  const [agency] = await db
    .select({ id: agencies.id, configuration: agencies.configuration })
    .from(businesses)
    .innerJoin(agencies, eq(agencies.id, businesses.agencyId))
    .where(eq(businesses.businessId, businessId))
    .limit(1);
  if (!agency) return { plans: [], sellsSinglePdfCard: false };
  const plans = await db
    .select({ name: subscriptionPlans.name, price: subscriptionPlans.price, limits: subscriptionPlans.limits })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.agencyId, agency.id),
        eq(subscriptionPlans.isActive, true),
        or(eq(subscriptionPlans.isCustom, false), eq(subscriptionPlans.businessId, businessId)),
      ),
    );
  const pdf = agency.configuration.pdfCardConfig;
  return { plans, sellsSinglePdfCard: !!pdf?.enablePdfCardProduct && !!pdf.customerPlans?.length };
}
