import { and, asc, desc, eq, gte, isNull, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Config } from "#server/config.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { agencies, type AgencyConfiguration } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import { invalid, notFound } from "#server/api/lib/errors.ts";
import { BUSINESS_NOT_FOUND, customerBusinesses, visibleBusinessRow } from "#server/api/business/service.ts";
import { type Tx } from "#server/db/tx.ts";
import { purchaseMode } from "#server/api/payments/service.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import {
  planLimitIssues,
  type GET_PLANS_QUERY,
  type SubscriptionPlan,
  type subscriptionPlanBody,
} from "#contracts/plans.ts";
import type { SubscriptionPlansResponse } from "#contracts/payments.ts";

type PlanRow = typeof subscriptionPlans.$inferSelect;

export const PLAN_NOT_FOUND = "Plan not found.";
const AGENCY_NOT_FOUND = "Agency not found.";

/** A plan row as every client sees it (ids as numbers, validity in years, price in paise). */
export function toPlanDto(row: PlanRow): SubscriptionPlan {
  return {
    subscriptionPlanId: row.subscriptionPlanId,
    agencyId: row.agencyId,
    name: row.name,
    price: row.price,
    validity: row.validityYears,
    limits: row.limits,
    frameVisibility: row.frameVisibility,
    isCustom: row.isCustom,
    businessId: row.businessId,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}

/** The agency's product flags (SPEC §5: which custom-plan options show). */
export function agencyProducts(configuration: AgencyConfiguration) {
  return {
    imagePosts: !!configuration.imagePost?.enableImagePost,
    videoPosts: !!configuration.imagePost?.isVideoPostsIncluded,
    pdfCard: !!configuration.pdfCardConfig?.enablePdfCardProduct,
    video: !!configuration.video?.enableVideo,
  };
}

/** SPEC §9: the first of the agency's PDF card customer plans, when PDF cards are on. */
export function singlePdfCardPlan(configuration: AgencyConfiguration) {
  const first = configuration.pdfCardConfig?.customerPlans?.[0];
  if (!configuration.pdfCardConfig?.enablePdfCardProduct || !first) return null;
  return { id: first.id, price: first.price };
}

/**
 * The agency whose plans the caller works on: their own, or (superadmin staff only) the one they
 * name. Anybody else naming another agency gets 404, like any row they may not see.
 */
async function targetAgency(db: Db | Tx, actor: Actor, agency: AgencyRow, agencyId: number | undefined): Promise<AgencyRow> {
  if (agencyId === undefined || agencyId === agency.id) return agency;
  if (actor.kind !== "staff" || !isSuperadminAgency(agency)) throw notFound(AGENCY_NOT_FOUND);
  const [other] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!other) throw notFound(AGENCY_NOT_FOUND);
  return other;
}

/**
 * GET /business/subscription-plan: the agency's active plans by sortOrder (staff may ask for the
 * retired ones too), plus the business's own custom plans when `businessId` is given (a business
 * the caller may see, of their own agency; else 404), the single PDF card plan, how this caller
 * may buy (ADR 0015) and the agency's product flags.
 */
export async function listPlans(
  db: Db,
  config: Config,
  actor: Actor,
  agency: AgencyRow,
  query: z.output<typeof GET_PLANS_QUERY>,
): Promise<SubscriptionPlansResponse> {
  const target = await targetAgency(db, actor, agency, query.agencyId);
  let business: { businessId: number; businessMadeBy: string } | null = null;
  if (query.businessId !== undefined) {
    // A business is always the caller's own agency's: a superadmin looking at another agency's
    // plans names no business of it.
    const row = target.id === agency.id ? await visibleBusinessRow(db, actor, agency.id, query.businessId) : undefined;
    if (!row) throw notFound(BUSINESS_NOT_FOUND);
    business = row;
  } else if (actor.kind === "customer") {
    const mine = await customerBusinesses(db, actor, agency.id);
    business = mine.businesses.find((b) => b.businessId === mine.activeBusinessId) ?? null;
  }

  const includeRetired = actor.kind === "staff" && query.includeRetired === true;
  const offered: SQL = and(eq(subscriptionPlans.isCustom, false), includeRetired ? undefined : eq(subscriptionPlans.isActive, true))!;
  const own: SQL | undefined =
    query.businessId !== undefined && business
      ? and(eq(subscriptionPlans.isCustom, true), eq(subscriptionPlans.businessId, business.businessId), eq(subscriptionPlans.isActive, true))
      : undefined;
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.agencyId, target.id), own ? or(offered, own) : offered))
    .orderBy(asc(subscriptionPlans.isCustom), desc(subscriptionPlans.isActive), asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.subscriptionPlanId));

  const mode = purchaseMode(actor, target.configuration, business?.businessMadeBy ?? null);
  return {
    list: rows.map(toPlanDto),
    singlePdfCardPlan: singlePdfCardPlan(target.configuration),
    purchase: {
      mode,
      gateway: mode === "online" ? config.paymentGateway : null,
      // 'Connect with admin' names whom to connect with (issue 22): the agency and its admin's phone and email.
      contact: mode === "contact-admin" ? { name: target.agencyName, phoneNumber: target.adminPhoneNumber, email: target.adminEmail } : null,
    },
    products: agencyProducts(target.configuration),
  };
}

const fieldsOf = (input: z.output<typeof subscriptionPlanBody>) => ({
  name: input.name,
  price: input.price,
  validityYears: input.validity,
  limits: input.limits,
  frameVisibility: input.frameVisibility,
  sortOrder: input.sortOrder,
});

/** 422 with the field next to each limit that contradicts its toggle (contracts planLimitIssues). */
export function assertPlanLimits(limits: z.output<typeof subscriptionPlanBody>["limits"], prefix = "limits") {
  const issues = planLimitIssues(limits);
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const i of issues) (fieldErrors[`${prefix}.${i.path}`] ??= []).push(i.message);
  throw invalid(issues[0].message, fieldErrors);
}

/**
 * POST /business/subscription-plan (admin): create a plan, or update one with
 * `subscriptionPlanId` (an offered plan of the target agency; custom plans belong to their
 * business's payment and are not edited here). Editing never changes what businesses bought:
 * they keep their snapshot. A repeat of the same create (same agency and name) within a few
 * seconds returns the first plan instead of making a second (a double click).
 */
export async function savePlan(db: Db, actor: Actor, agency: AgencyRow, input: z.output<typeof subscriptionPlanBody>, now: Date) {
  assertPlanLimits(input.limits);
  return db.transaction(async (tx) => {
    const target = await targetAgency(tx, actor, agency, input.agencyId);
    if (input.subscriptionPlanId !== undefined) {
      const [row] = await tx
        .update(subscriptionPlans)
        .set({ ...fieldsOf(input), updatedAt: now })
        .where(
          and(
            eq(subscriptionPlans.subscriptionPlanId, input.subscriptionPlanId),
            eq(subscriptionPlans.agencyId, target.id),
            eq(subscriptionPlans.isCustom, false),
          ),
        )
        .returning();
      if (!row) throw notFound(PLAN_NOT_FOUND);
      return { plan: toPlanDto(row), created: false };
    }
    // Serialise creates per agency so two identical clicks see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x706c616e}::int, ${target.id}::int)`);
    const [recent] = await tx
      .select()
      .from(subscriptionPlans)
      .where(
        and(
          eq(subscriptionPlans.agencyId, target.id),
          eq(subscriptionPlans.isCustom, false),
          eq(subscriptionPlans.name, input.name),
          eq(subscriptionPlans.price, input.price),
          eq(subscriptionPlans.validityYears, input.validity),
          gte(subscriptionPlans.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return { plan: toPlanDto(recent), created: false };
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({ ...fieldsOf(input), agencyId: target.id, createdAt: now, updatedAt: now })
      .returning();
    return { plan: toPlanDto(row), created: true };
  });
}

/**
 * DELETE /business/subscription-plan/{id} (admin): a plan any payment or business refers to is
 * retired (isActive false: no longer offered, receipts and businesses keep it); one nobody
 * bought is deleted. Superadmin staff may remove any agency's plan; others only their own.
 */
export async function removePlan(db: Db, actor: Actor, agency: AgencyRow, subscriptionPlanId: number, now: Date) {
  return db.transaction(async (tx) => {
    const mine = isSuperadminAgency(agency) ? undefined : eq(subscriptionPlans.agencyId, agency.id);
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.subscriptionPlanId, subscriptionPlanId), mine))
      .for("update");
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    const [payment] = await tx
      .select({ recordNo: cardPayments.recordNo })
      .from(cardPayments)
      .where(eq(cardPayments.subscriptionPlanId, subscriptionPlanId))
      .limit(1);
    const [holder] = await tx
      .select({ businessId: businesses.businessId })
      .from(businesses)
      .where(and(eq(businesses.subscriptionPlanId, subscriptionPlanId), isNull(businesses.deletedAt)))
      .limit(1);
    if (payment || holder) {
      await tx.update(subscriptionPlans).set({ isActive: false, updatedAt: now }).where(eq(subscriptionPlans.subscriptionPlanId, subscriptionPlanId));
      return { subscriptionPlanId, outcome: "retired" as const };
    }
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, subscriptionPlanId));
    return { subscriptionPlanId, outcome: "deleted" as const };
  });
}
