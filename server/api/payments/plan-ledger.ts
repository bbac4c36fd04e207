import { and, eq } from "drizzle-orm";
import { cardPayments } from "#server/db/schema/billing.ts";
import { conflict } from "#server/api/lib/errors.ts";
import { grantPlan } from "./grant.ts";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { openOrderIdsIn, type Ledger, type LedgerRow } from "./ledgers.ts";

const LINK_REFERENCE = /^card-(\d{1,10})$/;

const rowColumns = {
  recordNo: cardPayments.recordNo,
  agencyId: cardPayments.agencyId,
  businessId: cardPayments.businessId,
  amount: cardPayments.amount,
  currency: cardPayments.currency,
  status: cardPayments.status,
  razorpayOrderId: cardPayments.razorpayOrderId,
  razorpayPaymentId: cardPayments.razorpayPaymentId,
  planId: cardPayments.subscriptionPlanId,
};

/** The plan payment a Payment Link's reference_id names (`card-{recordNo}`, ADR 0067). */
export async function cardRowByLinkReference(db: Db | Tx, referenceId: string): Promise<LedgerRow | undefined> {
  const m = LINK_REFERENCE.exec(referenceId);
  if (!m) return undefined;
  const [row] = await db.select(rowColumns).from(cardPayments).where(eq(cardPayments.recordNo, Number(m[1]))).limit(1);
  return row && { product: "card", ...row };
}

/** A plan bought online for a business (card_payments), granted by grantPlan like a manual payment. */
export const planLedger: Ledger = {
  product: "card",
  async byOrderId(db, orderId) {
    const [row] = await db
      .select(rowColumns)
      .from(cardPayments)
      .where(eq(cardPayments.razorpayOrderId, orderId))
      .limit(1);
    return row && { product: "card", ...row };
  },
  async grant(tx, row, paymentId, now) {
    if (row.businessId === null || row.planId === null) throw conflict("The business or plan of this payment no longer exists.");
    const r = await grantPlan(tx, {
      agencyId: row.agencyId,
      businessId: row.businessId,
      planId: row.planId,
      now,
      payment: { recordNo: row.recordNo, razorpayPaymentId: paymentId },
    });
    // A failed attempt's note (payment.failed) does not belong on a paid row.
    if (!r.alreadyGranted) await tx.update(cardPayments).set({ failureReason: null }).where(eq(cardPayments.recordNo, r.recordNo));
    return { recordNo: r.recordNo, planId: r.planId, alreadyGranted: r.alreadyGranted };
  },
  async noteFailure(db, recordNo, reason, now) {
    await db.update(cardPayments).set({ failureReason: reason, updatedAt: now }).where(and(eq(cardPayments.recordNo, recordNo), eq(cardPayments.status, "created")));
  },
  async markOrderFailed(db, recordNo, reason, now) {
    await db.update(cardPayments).set({ status: "failed", failureReason: reason, updatedAt: now }).where(eq(cardPayments.recordNo, recordNo));
  },
  async setOrderId(db, recordNo, orderId, now) {
    await db.update(cardPayments).set({ razorpayOrderId: orderId, updatedAt: now }).where(eq(cardPayments.recordNo, recordNo));
  },
  openOrderIds: (db, from, to, limit) => openOrderIdsIn(db, cardPayments, from, to, limit),
};
