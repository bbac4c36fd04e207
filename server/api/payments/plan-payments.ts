import { and, desc, eq, gt, gte } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { franchisees } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { conflict, invalid, notFound } from "#server/api/lib/errors.ts";
import { BUSINESS_NOT_FOUND, lockVisibleBusinessRow, visibleBusinessRow } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import { cardWasPaid, grantPlan, planChanged, planForBusiness, reverseGrant } from "./grant.ts";
import { assertPlanLimits } from "#server/api/plans/service.ts";
import { CUSTOM_PLAN } from "#contracts/plans.ts";
import type { cardPaymentManualBody, PaymentRecord } from "#contracts/payments.ts";
import { PAYMENT_AMOUNT_MESSAGE } from "#contracts/payment-texts.ts";

type Staff = Extract<Actor, { kind: "staff" }>;

/** The columns of a card payment as the lists and receipts show it (paymentRecordDto). */
const recordColumns = {
  recordNo: cardPayments.recordNo,
  businessId: cardPayments.businessId,
  businessName: businesses.businessName,
  planId: cardPayments.subscriptionPlanId,
  planName: cardPayments.planName,
  amount: cardPayments.amount,
  currency: cardPayments.currency,
  status: cardPayments.status,
  throughGateway: cardPayments.throughGateway,
  gateway: cardPayments.gateway,
  isManualUpdate: cardPayments.isManualUpdate,
  paymentMethod: cardPayments.paymentMethod,
  paymentReference: cardPayments.paymentReference,
  razorpayOrderId: cardPayments.razorpayOrderId,
  razorpayPaymentId: cardPayments.razorpayPaymentId,
  failureReason: cardPayments.failureReason,
  paidAt: cardPayments.paidAt,
  validFrom: cardPayments.validFrom,
  validUntil: cardPayments.validUntil,
  createdAt: cardPayments.createdAt,
};

const asRecord = (row: Omit<PaymentRecord, "product">): PaymentRecord => ({ product: "card", ...row });

/**
 * POST /card-payment: staff record a payment collected outside the gateway (cash, UPI) after the
 * Confirm dialog, and the plan is granted, in one transaction. `planId: CUSTOM_PLAN` makes the
 * admin's custom plan for this business first. `paymentAmount` defaults to the plan's price.
 *
 * A double click (the same staff member, business, plan and amount within DUPLICATE_WINDOW_MS)
 * returns the first payment instead of granting twice: the business row is locked first, so
 * two racing requests see each other.
 */
export async function recordManualPayment(db: Db, actor: Staff, agencyId: number, body: z.output<typeof cardPaymentManualBody>, now: Date) {
  const custom = body.planId === CUSTOM_PLAN;
  if (custom && !body.customPlan) {
    throw invalid("Provide the custom plan's name, validity and price.", { customPlan: ["Provide the custom plan's name, validity and price."] });
  }
  if (!custom && body.customPlan) throw invalid("A custom plan goes with planId CUSTOM_PLAN.", { customPlan: ["A custom plan goes with planId CUSTOM_PLAN."] });
  if (body.customPlan) assertPlanLimits(body.customPlan.limits, "customPlan.limits");

  const recorded = await db.transaction(async (tx) => {
    if (!(await lockVisibleBusinessRow(tx, actor, agencyId, body.businessId))) throw notFound(BUSINESS_NOT_FOUND);

    const plan = custom ? null : await planForBusiness(tx, agencyId, body.businessId, body.planId as number);
    if (plan && !plan.isActive) throw conflict("This plan is no longer offered. Choose another plan.");
    const planName = plan?.name ?? body.customPlan!.name;
    const amount = body.paymentAmount ?? plan?.price ?? body.customPlan!.price;
    // A ₹0 plan taken by hand (no amount given) would be a plan for nothing too (issue 22 L1).
    if (amount <= 0) throw invalid(PAYMENT_AMOUNT_MESSAGE, { paymentAmount: [PAYMENT_AMOUNT_MESSAGE] });

    const [recent] = await tx
      .select({ recordNo: cardPayments.recordNo, planId: cardPayments.subscriptionPlanId, validUntil: cardPayments.validUntil })
      .from(cardPayments)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.subscriptionPlanId, cardPayments.subscriptionPlanId))
      .where(
        and(
          eq(cardPayments.businessId, body.businessId),
          eq(cardPayments.isManualUpdate, true),
          eq(cardPayments.status, "paid"),
          eq(cardPayments.recordedByFranchiseeId, actor.franchiseeId),
          eq(cardPayments.amount, amount),
          eq(cardPayments.planName, planName),
          eq(subscriptionPlans.isCustom, custom),
          plan ? eq(cardPayments.subscriptionPlanId, plan.subscriptionPlanId) : undefined,
          gte(cardPayments.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(cardPayments.createdAt))
      .limit(1);
    if (recent) {
      const [b] = await tx.select({ expiry: businesses.expiryDateForCustomer }).from(businesses).where(eq(businesses.businessId, body.businessId));
      return { planId: recent.planId!, recordNo: recent.recordNo, expiryDateForCustomer: b.expiry!, duplicate: true };
    }

    let planId = plan?.subscriptionPlanId;
    if (body.customPlan) {
      const c = body.customPlan;
      const [row] = await tx
        .insert(subscriptionPlans)
        .values({
          agencyId,
          businessId: body.businessId,
          isCustom: true,
          name: c.name,
          price: c.price,
          validityYears: c.validity,
          limits: c.limits,
          frameVisibility: c.frameVisibility,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ subscriptionPlanId: subscriptionPlans.subscriptionPlanId });
      planId = row.subscriptionPlanId;
    }

    const granted = await grantPlan(tx, {
      businessId: body.businessId,
      agencyId,
      planId: planId!,
      now,
      payment: {
        create: {
          amount,
          throughGateway: false,
          isManualUpdate: true,
          recordedByFranchiseeId: actor.franchiseeId,
          paymentMethod: body.paymentMethod ?? null,
          paymentReference: body.paymentReference ?? null,
        },
      },
    });
    return { planId: granted.planId, recordNo: granted.recordNo, expiryDateForCustomer: granted.expiryDateForCustomer, duplicate: false };
  });
  if (!recorded.duplicate) {
    await planChanged(db, agencyId, body.businessId);
    await cardWasPaid(db, agencyId, now);
  }
  return recorded;
}

/** GET /card-payment?businessId: the business's card payments, newest first (a business the caller may see; else 404). */
export async function listCardPayments(db: Db, actor: Actor, agencyId: number, businessId: number) {
  if (!(await visibleBusinessRow(db, actor, agencyId, businessId))) throw notFound(BUSINESS_NOT_FOUND);
  const rows = await db
    .select({ ...recordColumns, recordedBy: franchisees.name })
    .from(cardPayments)
    .innerJoin(businesses, eq(businesses.businessId, cardPayments.businessId))
    .leftJoin(franchisees, eq(franchisees.id, cardPayments.recordedByFranchiseeId))
    .where(and(eq(cardPayments.agencyId, agencyId), eq(cardPayments.businessId, businessId), visibleTo(actor, agencyId)))
    .orderBy(desc(cardPayments.createdAt), desc(cardPayments.recordNo));
  // Staff names are for staff: the customer's own list does not name them.
  return { list: rows.map(({ recordedBy, ...row }) => ({ ...asRecord(row), recordedBy: actor.kind === "staff" ? recordedBy : null })) };
}

/**
 * GET /card-payment/receipts?businessId: the business's paid plan purchases, the latest paid
 * first. Each one has a receipt; an abandoned order, a failure or a reversed payment has none.
 */
export async function listReceipts(db: Db, actor: Actor, agencyId: number, businessId: number) {
  if (!(await visibleBusinessRow(db, actor, agencyId, businessId))) throw notFound(BUSINESS_NOT_FOUND);
  const rows = await db
    .select(recordColumns)
    .from(cardPayments)
    .innerJoin(businesses, eq(businesses.businessId, cardPayments.businessId))
    .where(and(eq(cardPayments.agencyId, agencyId), eq(cardPayments.businessId, businessId), eq(cardPayments.status, "paid"), visibleTo(actor, agencyId)))
    .orderBy(desc(cardPayments.paidAt), desc(cardPayments.recordNo));
  return { list: rows.map(asRecord) };
}

/** The agency's details for its customers' receipts: its invoiceIssuer (ADR 0037's key, on any agency), blank left out; the name falls back to the agency's. */
export function receiptSeller(agency: { agencyName: string; configuration: { invoiceIssuer?: { legalName?: string; address?: string; gstin?: string } } }) {
  const set = agency.configuration.invoiceIssuer ?? {};
  const clean = (v: string | undefined) => v?.trim() || null;
  return { name: clean(set.legalName) ?? agency.agencyName, address: clean(set.address), gstin: clean(set.gstin) };
}

/** GET /card-payment/last-active?businessId: the paid payment that runs latest past now, or null. */
export async function lastActiveCardPayment(db: Db, actor: Actor, agencyId: number, businessId: number, now: Date) {
  if (!(await visibleBusinessRow(db, actor, agencyId, businessId))) throw notFound(BUSINESS_NOT_FOUND);
  const [row] = await db
    .select(recordColumns)
    .from(cardPayments)
    .innerJoin(businesses, eq(businesses.businessId, cardPayments.businessId))
    .where(and(eq(cardPayments.agencyId, agencyId), eq(cardPayments.businessId, businessId), eq(cardPayments.status, "paid"), gt(cardPayments.validUntil, now)))
    .orderBy(desc(cardPayments.validUntil), desc(cardPayments.recordNo))
    .limit(1);
  return { payment: row ? asRecord(row) : null };
}

/** DELETE /card-payment?recordNo (admin): reverses exactly what the payment granted (reverseGrant). */
export async function reverseCardPayment(db: Db, agencyId: number, recordNo: number, now: Date) {
  const reversed = await db.transaction((tx) => reverseGrant(tx, recordNo, { agencyId, now }));
  if (!reversed.alreadyReversed) await planChanged(db, agencyId, reversed.businessId);
  return reversed;
}
