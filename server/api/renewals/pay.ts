import { and, asc, eq, isNull } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { users } from "#server/db/schema/core.ts";
import { renewals } from "#server/db/schema/renewals.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { agencyLinkOrigin } from "#server/api/messages/service.ts";
import { dropPlanPaymentLink, openPlanPaymentLink, payableOnline } from "#server/api/payments/service.ts";
import { isPaid } from "#contracts/payment-status.ts";
import { readRenewToken, renewPath, renewToken } from "./token.ts";
import { indiaDate } from "#contracts/india-time.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleBusinessRow } from "#server/api/business/service.ts";

/*
 * The owner's pay page behind a reminder's link (ADR 0067): no sign-in; the signed token names
 * one renewal of this agency. Tapping Pay makes (once) the Razorpay Payment Link for the
 * business's plan at the plan's price, and the browser goes to it.
 */

const LINK_NOT_VALID = "This renewal link is not valid.";
const ALREADY_RENEWED = "This card is already renewed.";
/** A link older than this is not reused (Razorpay's expire_by is 30 days; a fresh one is made). */
const REUSE_LINK_MS = 25 * 86_400_000;

async function renewalRow(deps: Pick<Deps, "db" | "config">, agency: AgencyRow, token: string) {
  const id = readRenewToken(deps.config.sessionSecret, token);
  if (id === null) throw notFound(LINK_NOT_VALID);
  const [row] = await deps.db
    .select({
      id: renewals.id,
      businessId: businesses.businessId,
      businessName: businesses.businessName,
      expiresAt: renewals.expiresAt,
      currentExpiry: businesses.expiryDateForCustomer,
      planId: subscriptionPlans.subscriptionPlanId,
      planName: subscriptionPlans.name,
      price: subscriptionPlans.price,
      recordNo: renewals.recordNo,
      linkUrl: renewals.paymentLinkUrl,
      linkStatus: cardPayments.status,
      linkMadeAt: cardPayments.createdAt,
      phone: users.phoneNumber,
      email: users.email,
      contactPerson: businesses.contactPerson,
    })
    .from(renewals)
    .innerJoin(businesses, eq(businesses.businessId, renewals.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionPlanId, businesses.subscriptionPlanId))
    .leftJoin(cardPayments, eq(cardPayments.recordNo, renewals.recordNo))
    .where(and(eq(renewals.id, id), eq(renewals.agencyId, agency.id), isNull(businesses.deletedAt)));
  if (!row) throw notFound(LINK_NOT_VALID);
  return row;
}

const renewed = (r: { currentExpiry: Date | null; expiresAt: Date }) => !!r.currentExpiry && r.currentExpiry.getTime() > r.expiresAt.getTime();

/** GET /renewals/pay/{token}: what the owner is renewing, and whether it is already done. */
export async function renewalInfo(deps: Deps, agency: AgencyRow, token: string) {
  const r = await renewalRow(deps, agency, token);
  const paid = renewed(r);
  let cardUrl: string | null = null;
  if (paid) {
    const [card] = await deps.db
      .select({ cardId: cards.cardId })
      .from(cards)
      .where(and(eq(cards.businessId, r.businessId), isNull(cards.deletedAt)))
      .orderBy(asc(cards.cardNo))
      .limit(1);
    if (card) cardUrl = `${agencyLinkOrigin(deps.config, agency.host)}/${card.cardId}`;
  }
  const payable = !!deps.paymentGateway && r.planId !== null && payableOnline(r.price);
  return {
    businessName: r.businessName,
    planName: r.planName,
    amount: r.planId === null ? null : r.price,
    expiresAt: paid ? r.currentExpiry : r.expiresAt,
    expired: !paid && r.expiresAt.getTime() < deps.now().getTime(),
    state: paid ? ("paid" as const) : payable ? ("open" as const) : ("unavailable" as const),
    cardUrl,
  };
}

/**
 * POST /renewals/pay/{token}: the Payment Link's address. A link made earlier and still open is
 * reused (a second tap, another device); two taps at once may each make one, and the first saved
 * wins (the other's payment row is closed), so the owner is always sent to one link.
 */
export async function payRenewal(deps: Deps, agency: AgencyRow, token: string): Promise<{ url: string }> {
  const r = await renewalRow(deps, agency, token);
  if (renewed(r)) throw conflict(ALREADY_RENEWED);
  if (r.planId === null) throw notFound("Plan not found.");
  const now = deps.now();
  if (r.linkUrl && r.linkStatus === "created" && r.linkMadeAt && now.getTime() - r.linkMadeAt.getTime() < REUSE_LINK_MS) return { url: r.linkUrl };

  const origin = agencyLinkOrigin(deps.config, agency.host);
  const link = await openPlanPaymentLink(deps, agency, {
    businessId: r.businessId,
    planId: r.planId,
    description: `Renew ${r.businessName}${r.planName ? `: ${r.planName}` : ""}`,
    customer: { ...(r.contactPerson ? { name: r.contactPerson } : {}), ...(r.phone ? { contact: r.phone } : {}), ...(r.email ? { email: r.email } : {}) },
    callbackUrl: `${origin}/api/v1/razorpay/payment-link/callback?return=${encodeURIComponent(renewPath(token))}`,
  });
  // Saved only over the link we read (or none): of two racing taps, the first to save wins.
  const saved = await deps.db
    .update(renewals)
    .set({ recordNo: link.recordNo, paymentLinkId: link.linkId, paymentLinkUrl: link.url })
    .where(and(eq(renewals.id, r.id), r.recordNo === null ? isNull(renewals.recordNo) : eq(renewals.recordNo, r.recordNo)))
    .returning({ id: renewals.id });
  if (saved.length) return { url: link.url };
  await dropPlanPaymentLink(deps, link.recordNo, "A second link for the same renewal (a double tap).", now);
  const [winner] = await deps.db.select({ url: renewals.paymentLinkUrl }).from(renewals).where(eq(renewals.id, r.id));
  return { url: winner?.url ?? link.url };
}


/**
 * POST /renewals/link (staff): the pay link for a paid card's current expiry, to send by hand (a
 * WhatsApp from the staff member's own phone). Makes the renewal row if no reminder did yet; a
 * business the caller may not see is 404, one not on a paid plan 409.
 */
export async function staffRenewalLink(deps: Deps, actor: Actor, agency: AgencyRow, businessId: number) {
  const business = await visibleBusinessRow(deps.db, actor, agency.id, businessId);
  if (!business) throw notFound("Business not found.");
  if (!isPaid(business) || !business.expiryDateForCustomer) throw conflict("Only a paid card can be renewed with a pay link.");
  const expiresAt = business.expiryDateForCustomer;
  const [row] = await deps.db
    .insert(renewals)
    .values({ agencyId: agency.id, businessId, franchiseeId: business.madeByFranchiseeId, expiresOn: indiaDate(expiresAt), expiresAt })
    .onConflictDoUpdate({ target: [renewals.businessId, renewals.expiresOn], set: { expiresAt } })
    .returning({ id: renewals.id });
  return { url: agencyLinkOrigin(deps.config, agency.host) + renewPath(renewToken(deps.config.sessionSecret, row.id)) };
}
