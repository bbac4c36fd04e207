import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "#server/db/tx.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import { commissionLines, franchiseeCommissions } from "#server/db/schema/commissions.ts";
import type { PlanGrantedEvent, PlanPaymentEvent, PlanPaymentFollower } from "#server/api/payments/service.ts";
import { indiaMonth } from "#contracts/india-time.ts";

/*
 * The commission ledger's writes (ADR 0069), run by payments inside the grant's or reversal's
 * transaction (registered in server/api/ledgers.ts), after the business and payment rows are
 * locked there; a grant hands over the business's name and franchisee and the amount it read. The partial unique indexes on the payment make a replay write nothing.
 */

/** Percent in basis points of the amount paid (rounded to the paisa), or a fixed amount per payment. */
export const commissionOf = (basis: "percent" | "fixed", rate: number, paymentAmount: number) =>
  basis === "percent" ? Math.round((paymentAmount * rate) / 10_000) : rate;

/** A paid plan of a business a franchisee made, when the agency set that franchisee a rate: one line. */
async function granted(tx: Tx, e: PlanGrantedEvent) {
  const franchiseeId = e.madeByFranchiseeId;
  if (!franchiseeId) return;
  const [rate] = await tx
    .select()
    .from(franchiseeCommissions)
    .where(and(eq(franchiseeCommissions.franchiseeId, franchiseeId), eq(franchiseeCommissions.agencyId, e.agencyId)));
  if (!rate) return;
  // The business's first paid plan is the sale; any later one (another still paid) a renewal.
  const [earlier] = await tx
    .select({ recordNo: cardPayments.recordNo })
    .from(cardPayments)
    .where(and(eq(cardPayments.businessId, e.businessId), eq(cardPayments.status, "paid"), ne(cardPayments.recordNo, e.recordNo)))
    .limit(1);
  await tx
    .insert(commissionLines)
    .values({
      agencyId: e.agencyId,
      franchiseeId,
      recordNo: e.recordNo,
      businessId: e.businessId,
      businessName: e.businessName,
      planName: e.planName,
      kind: earlier ? "renewal" : "sale",
      paymentAmount: e.amount,
      basis: rate.basis,
      rate: rate.rate,
      amount: commissionOf(rate.basis, rate.rate, e.amount),
      month: indiaMonth(e.now),
      createdAt: e.now,
    })
    .onConflictDoNothing();
}

/** A reversed payment takes back exactly what it earned, in the month of the reversal. */
async function reversed(tx: Tx, e: PlanPaymentEvent) {
  const [earned] = await tx
    .select()
    .from(commissionLines)
    .where(and(eq(commissionLines.recordNo, e.recordNo), eq(commissionLines.agencyId, e.agencyId), ne(commissionLines.kind, "reversal")));
  if (!earned) return;
  await tx
    .insert(commissionLines)
    .values({
      agencyId: e.agencyId,
      franchiseeId: earned.franchiseeId,
      recordNo: e.recordNo,
      businessId: earned.businessId,
      businessName: earned.businessName,
      planName: earned.planName,
      kind: "reversal",
      paymentAmount: -earned.paymentAmount,
      basis: earned.basis,
      rate: earned.rate,
      amount: -earned.amount,
      month: indiaMonth(e.now),
      createdAt: e.now,
    })
    .onConflictDoNothing();
}

export const commissionFollower: PlanPaymentFollower = { granted, reversed };
