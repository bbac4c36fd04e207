import { and, asc, desc, eq, gt, gte, isNull, ne } from "drizzle-orm";
import type { Tx } from "#server/db/tx.ts";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { cardChanged } from "#server/domain/card-events.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { purchasePeriod } from "#server/domain/subscription.ts";
import { notices, notifyAdmins } from "#server/api/notifications/service.ts";
import type { ManualPaymentMethod } from "#contracts/payment-texts.ts";
import { followCardPaid, followPlanGrant, followPlanReversal } from "./ledgers.ts";
import type { Logger } from "#server/services/logger.ts";

/*
 * THE one place that grants a plan to a business and takes it back (ADR 0015, "Plans,
 * lifecycle, limits, manual payments"). Every caller (the admin's manual payment, the gateway's
 * make-payment, the Razorpay webhook, the admin's reversal) goes through these two functions,
 * inside its own transaction.
 *
 * Locking: both functions first lock the business row (`SELECT … FOR UPDATE`), then the payment
 * row, always in that order, so two grants (or a grant and a reversal) on one business never
 * interleave and never deadlock. A payment row that is already `paid` is never granted again:
 * the second of two racing make-payments, a replayed callback or a webhook after the browser
 * finds it paid and gets `alreadyGranted: true`. The unique razorpay order/payment id columns
 * guard the rest (one gateway payment can belong to one row only).
 */

export const PLAN_NOT_FOUND = "Plan not found.";
const BUSINESS_NOT_FOUND = "Business not found.";
const PAYMENT_NOT_FOUND = "Payment not found.";

type PlanRow = typeof subscriptionPlans.$inferSelect;
type PaymentRow = typeof cardPayments.$inferSelect;

/** A payment row that does not exist yet: the admin's manual payment (or a gateway payment recorded at once). */
export type NewPayment = {
  /** Paise. */
  amount: number;
  currency?: string;
  throughGateway: boolean;
  isManualUpdate: boolean;
  /** The staff member who recorded it (manual payments); null for a customer's own payment. */
  recordedByFranchiseeId: number | null;
  /** How a manual payment was made and its reference (ADR 0044). */
  paymentMethod?: ManualPaymentMethod | null;
  paymentReference?: string | null;
  razorpayOrderId?: string | null;
  razorpayPaymentId?: string | null;
};

export type GrantArgs = {
  /** The business the plan is for; it must be live and of `agencyId`. */
  businessId: number;
  /** The caller's agency: a business or plan of any other agency is 404. */
  agencyId: number;
  /**
   * The plan bought. It must be of the same agency, and a custom plan must be this business's.
   * Whether it is still offered (isActive) is the caller's check at order time: a customer who
   * paid for a plan retired meanwhile still gets it.
   */
  planId: number;
  now: Date;
  /**
   * Either the id of a card_payments row stored earlier for this business and plan (a gateway
   * order, status `created`; `razorpayPaymentId` is stamped on it), or the values of a new row
   * (a manual payment) that is inserted already paid.
   */
  payment: { recordNo: number; razorpayPaymentId?: string | null } | { create: NewPayment };
};

export type GrantResult = {
  recordNo: number;
  planId: number;
  validFrom: Date;
  validUntil: Date;
  /** The business's expiry after the grant. */
  expiryDateForCustomer: Date;
  /** The payment row was already paid: nothing changed (a replay, a double click, a webhook after the browser). */
  alreadyGranted: boolean;
};

/** Locks the live business of this agency for the rest of the transaction; 404 when there is none. */
export async function lockBusiness(tx: Tx, agencyId: number, businessId: number) {
  const [business] = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt)))
    .for("update");
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  return business;
}

async function lockPayment(tx: Tx, agencyId: number, recordNo: number): Promise<PaymentRow> {
  const [payment] = await tx
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.recordNo, recordNo), eq(cardPayments.agencyId, agencyId)))
    .for("update");
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return payment;
}

/** The plan if this business may have it (same agency; a custom plan only its own business's). */
export async function planForBusiness(tx: Tx, agencyId: number, businessId: number, planId: number): Promise<PlanRow> {
  const [plan] = await tx
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.subscriptionPlanId, planId), eq(subscriptionPlans.agencyId, agencyId)))
    .limit(1);
  if (!plan || (plan.isCustom && plan.businessId !== businessId)) throw notFound(PLAN_NOT_FOUND);
  return plan;
}

/**
 * Grants `planId` to the business: `paymentStatus` 1, `isSubscriptionActive`, the plan and a
 * snapshot of its limits and frame visibility on the business, and the expiry extended by the
 * plan's validity from the later of now and the current expiry (`purchasePeriod`: renewing early
 * never loses days). The payment row ends `paid` with `paidAt`, `validFrom`, `validUntil`.
 *
 * Call it inside a transaction (`db.transaction(async (tx) => grantPlan(tx, …))`) and use only
 * `tx` there. Idempotent per payment row: a row already paid returns `alreadyGranted: true` and
 * changes nothing. Throws 404 (ApiError) for a business, plan or payment row that is not this
 * agency's, 409 when the stored row is for another business or plan, or was failed or refunded.
 */
export async function grantPlan(tx: Tx, args: GrantArgs): Promise<GrantResult> {
  const { agencyId, businessId, planId, now } = args;
  const business = await lockBusiness(tx, agencyId, businessId);
  const plan = await planForBusiness(tx, agencyId, businessId, planId);

  let recordNo: number;
  let paid: { amount: number; manual: boolean };
  if ("recordNo" in args.payment) {
    const payment = await lockPayment(tx, agencyId, args.payment.recordNo);
    if (payment.businessId !== businessId || payment.subscriptionPlanId !== planId) {
      throw conflict("This payment is for another business or plan.");
    }
    if (payment.status === "paid") {
      return {
        recordNo: payment.recordNo,
        planId,
        validFrom: payment.validFrom!,
        validUntil: payment.validUntil!,
        expiryDateForCustomer: business.expiryDateForCustomer!,
        alreadyGranted: true,
      };
    }
    if (payment.status !== "created") throw conflict(`This payment is ${payment.status}; it cannot grant a plan.`);
    recordNo = payment.recordNo;
    paid = { amount: payment.amount, manual: payment.isManualUpdate };
  } else {
    const p = args.payment.create;
    const [row] = await tx
      .insert(cardPayments)
      .values({
        agencyId,
        businessId,
        subscriptionPlanId: planId,
        planName: plan.name,
        amount: p.amount,
        currency: p.currency ?? "INR",
        throughGateway: p.throughGateway,
        isManualUpdate: p.isManualUpdate,
        recordedByFranchiseeId: p.recordedByFranchiseeId,
        paymentMethod: p.paymentMethod ?? null,
        paymentReference: p.paymentReference ?? null,
        razorpayOrderId: p.razorpayOrderId ?? null,
        razorpayPaymentId: p.razorpayPaymentId ?? null,
        status: "created",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ recordNo: cardPayments.recordNo });
    recordNo = row.recordNo;
    paid = { amount: p.amount, manual: p.isManualUpdate };
  }

  const { validFrom, validUntil } = purchasePeriod(business.expiryDateForCustomer, now, plan.validityYears);
  const paymentId = "recordNo" in args.payment ? args.payment.razorpayPaymentId : undefined;
  await tx
    .update(cardPayments)
    .set({
      status: "paid",
      paidAt: now,
      validFrom,
      validUntil,
      planName: plan.name,
      ...(paymentId ? { razorpayPaymentId: paymentId } : {}),
      updatedAt: now,
    })
    .where(eq(cardPayments.recordNo, recordNo));
  await tx
    .update(businesses)
    .set({
      paymentStatus: 1,
      isSubscriptionActive: true,
      subscriptionPlanId: plan.subscriptionPlanId,
      planLimits: plan.limits,
      frameVisibility: plan.frameVisibility,
      expiryDateForCustomer: validUntil,
      updatedAt: now,
    })
    .where(eq(businesses.businessId, businessId));
  await followPlanGrant(tx, {
    agencyId,
    recordNo,
    businessId,
    now,
    businessName: business.businessName,
    madeByFranchiseeId: business.madeByFranchiseeId,
    amount: paid.amount,
    planName: plan.name,
  });
  await notifyAdmins(tx, agencyId, notices.payment({ recordNo, businessId, businessName: business.businessName, planName: plan.name, ...paid }), now);
  return { recordNo, planId, validFrom, validUntil, expiryDateForCustomer: validUntil, alreadyGranted: false };
}

export type ReverseResult = {
  recordNo: number;
  businessId: number | null;
  /** The business's expiry after the reversal (null when the business is gone). */
  expiryDateForCustomer: Date | null;
  /** Whether the business is still paid (another paid, unexpired payment remains). */
  stillPaid: boolean;
  /** The row was already refunded: nothing changed (a repeated DELETE). */
  alreadyReversed: boolean;
};

/**
 * Undoes exactly what one paid card payment granted (DELETE /card-payment?recordNo, admin):
 *
 * - the payment row becomes `refunded` (its `validFrom`/`validUntil` stay, as history);
 * - payments stacked after it (each starting exactly where the previous one ended: bought while
 *   it still ran) move earlier by the same span, so they keep their full length and the chain
 *   has no gap; the expiry shrinks by the span when that chain is what set it. A payment bought
 *   after a gap (once it had run out) started from its own "now" and owes nothing to this one:
 *   it and the expiry it set stay. Payments before it are untouched;
 * - if another paid payment still runs past `now`, the business stays paid on the plan of the
 *   one ending last (its limits taken from that plan row, unless it is the plan already on the
 *   business, whose snapshot stays); otherwise it goes back to unpaid with its plan cleared, and
 *   the shrunk expiry decides whether it is in its trial or expired.
 *
 * Only our records change: money paid through Razorpay is refunded in Razorpay's dashboard.
 * Call inside a transaction. A row that is not `paid` (created, failed) is 409; an already
 * refunded one returns `alreadyReversed: true`; another agency's is 404.
 */
export async function reverseGrant(tx: Tx, recordNo: number, { agencyId, now }: { agencyId: number; now: Date }): Promise<ReverseResult> {
  const [peek] = await tx
    .select({ businessId: cardPayments.businessId })
    .from(cardPayments)
    .where(and(eq(cardPayments.recordNo, recordNo), eq(cardPayments.agencyId, agencyId)))
    .limit(1);
  if (!peek) throw notFound(PAYMENT_NOT_FOUND);
  // Business first, then the payment: the same order as grantPlan.
  const business = peek.businessId === null ? null : await lockBusinessAnyState(tx, agencyId, peek.businessId);
  const payment = await lockPayment(tx, agencyId, recordNo);
  const result = (alreadyReversed: boolean, stillPaid: boolean, expiry: Date | null): ReverseResult => ({
    recordNo,
    businessId: payment.businessId,
    expiryDateForCustomer: expiry,
    stillPaid,
    alreadyReversed,
  });
  if (payment.status === "refunded") return result(true, business?.paymentStatus === 1, business?.expiryDateForCustomer ?? null);
  if (payment.status !== "paid") throw conflict("Only a paid payment can be reversed.");

  await tx.update(cardPayments).set({ status: "refunded", updatedAt: now }).where(eq(cardPayments.recordNo, recordNo));
  await followPlanReversal(tx, { agencyId, recordNo, businessId: payment.businessId, now });
  if (!business || !payment.validFrom || !payment.validUntil) return result(false, false, business?.expiryDateForCustomer ?? null);

  const spanMs = payment.validUntil.getTime() - payment.validFrom.getTime();
  // Payments stacked on this one (each starting where the previous ended) move earlier by its span.
  const later = await tx
    .select({ recordNo: cardPayments.recordNo, validFrom: cardPayments.validFrom, validUntil: cardPayments.validUntil })
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.businessId, business.businessId),
        eq(cardPayments.status, "paid"),
        ne(cardPayments.recordNo, recordNo),
        gte(cardPayments.validFrom, payment.validUntil),
      ),
    )
    .orderBy(asc(cardPayments.validFrom), asc(cardPayments.recordNo));
  let chainEnd = payment.validUntil.getTime();
  for (const q of later) {
    if (!q.validFrom || !q.validUntil || q.validFrom.getTime() !== chainEnd) break;
    chainEnd = q.validUntil.getTime();
    await tx
      .update(cardPayments)
      .set({ validFrom: new Date(q.validFrom.getTime() - spanMs), validUntil: new Date(q.validUntil.getTime() - spanMs), updatedAt: now })
      .where(eq(cardPayments.recordNo, q.recordNo));
  }
  // The expiry shrinks when this payment's chain is what set it; a later payment bought after a
  // gap (from its own "now") owes nothing to this one, and the expiry it set stays.
  const current = business.expiryDateForCustomer;
  const expiry = current && current.getTime() === chainEnd ? new Date(chainEnd - spanMs) : current;

  const [latest] = await tx
    .select({ planId: cardPayments.subscriptionPlanId })
    .from(cardPayments)
    .where(and(eq(cardPayments.businessId, business.businessId), eq(cardPayments.status, "paid"), gt(cardPayments.validUntil, now)))
    .orderBy(desc(cardPayments.validUntil), desc(cardPayments.recordNo))
    .limit(1);

  if (!latest) {
    await tx
      .update(businesses)
      .set({
        paymentStatus: 0,
        isSubscriptionActive: false,
        subscriptionPlanId: null,
        planLimits: null,
        frameVisibility: null,
        expiryDateForCustomer: expiry,
        updatedAt: now,
      })
      .where(eq(businesses.businessId, business.businessId));
    return result(false, false, expiry);
  }

  let planFields = {};
  if (latest.planId !== null && latest.planId !== business.subscriptionPlanId) {
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.subscriptionPlanId, latest.planId)).limit(1);
    if (plan) planFields = { subscriptionPlanId: plan.subscriptionPlanId, planLimits: plan.limits, frameVisibility: plan.frameVisibility };
  }
  await tx
    .update(businesses)
    .set({ paymentStatus: 1, isSubscriptionActive: true, ...planFields, expiryDateForCustomer: expiry, updatedAt: now })
    .where(eq(businesses.businessId, business.businessId));
  return result(false, true, expiry);
}

/** Like lockBusiness, but a soft-deleted business is still locked and corrected (its payments are history). */
async function lockBusinessAnyState(tx: Tx, agencyId: number, businessId: number) {
  const [business] = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), eq(businesses.agencyId, agencyId)))
    .for("update");
  return business ?? null;
}

/**
 * After a grant has committed: billing adds the card to its agency's running month bill at once
 * (ADR 0044). A failure there leaves the payment as it is; the nightly run adds the line later.
 */
export async function cardWasPaid(db: Db, agencyId: number, at: Date, logger?: Pick<Logger, "warn">) {
  for (const error of await followCardPaid(db, agencyId, at)) {
    logger?.warn("The running month bill was not brought up to date after a payment", { agencyId, error: String(error) });
  }
}

/**
 * After a grant or a reversal has committed: the business's public cards show (or hide) at
 * once instead of after the page micro-cache's lifetime (ADR 0008). Outside the transaction, so
 * no reader can re-cache the old state between the drop and the commit.
 */
export async function planChanged(db: Db, agencyId: number, businessId: number | null) {
  if (businessId === null) return;
  const rows = await db
    .select({ cardId: cards.cardId })
    .from(cards)
    .where(and(eq(cards.businessId, businessId), eq(cards.agencyId, agencyId)));
  for (const { cardId } of rows) cardChanged({ agencyId, cardId });
}
