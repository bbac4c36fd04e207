import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { pdfCardPayments, userVideoPayments } from "#server/db/schema/content.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { openOrderIdsIn, type Ledger } from "./ledgers.ts";

const ledgerColumns = <T extends typeof pdfCardPayments | typeof userVideoPayments>(t: T) => ({
  recordNo: t.recordNo,
  agencyId: t.agencyId,
  businessId: t.businessId,
  amount: t.amount,
  currency: t.currency,
  status: t.status,
  razorpayOrderId: t.razorpayOrderId,
  razorpayPaymentId: t.razorpayPaymentId,
});

/** PDF card and video payments: a paid row is a credit on the business until a PDF card or video consumes it. */
export function creditLedger(product: "pdf-card" | "user-video"): Ledger {
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  return {
    product,
    async byOrderId(db, orderId) {
      if (product === "pdf-card") {
        const [row] = await db
          .select({ ...ledgerColumns(pdfCardPayments), planId: pdfCardPayments.planId })
          .from(pdfCardPayments)
          .where(eq(pdfCardPayments.razorpayOrderId, orderId))
          .limit(1);
        return row && { product, ...row };
      }
      const [row] = await db.select(ledgerColumns(userVideoPayments)).from(userVideoPayments).where(eq(userVideoPayments.razorpayOrderId, orderId)).limit(1);
      return row && { product, ...row, planId: null };
    },
    async grant(tx, row, paymentId, now) {
      // The row lock makes the second of two racing grants wait, then find it paid.
      const [locked] = await tx.select(ledgerColumns(t)).from(t).where(eq(t.recordNo, row.recordNo)).for("update");
      if (!locked) throw notFound("Payment not found.");
      const result = { recordNo: row.recordNo, planId: row.planId ?? 0 };
      if (locked.status === "paid") return { ...result, alreadyGranted: true };
      if (locked.status !== "created") throw conflict(`This payment is ${locked.status}; it cannot be completed.`);
      await tx
        .update(t)
        .set({ status: "paid", razorpayPaymentId: paymentId, paidAt: now, failureReason: null, updatedAt: now })
        .where(eq(t.recordNo, row.recordNo));
      return { ...result, alreadyGranted: false };
    },
    async noteFailure(db, recordNo, reason, now) {
      await db.update(t).set({ failureReason: reason, updatedAt: now }).where(and(eq(t.recordNo, recordNo), eq(t.status, "created")));
    },
    async markOrderFailed(db, recordNo, reason, now) {
      await db.update(t).set({ status: "failed", failureReason: reason, updatedAt: now }).where(eq(t.recordNo, recordNo));
    },
    async setOrderId(db, recordNo, orderId, now) {
      await db.update(t).set({ razorpayOrderId: orderId, updatedAt: now }).where(eq(t.recordNo, recordNo));
    },
    openOrderIds: (db, from, to, limit) => openOrderIdsIn(db, t, from, to, limit),
  };
}

/* ---------------- Credits: what the PDF card and video issues consume ---------------- */

export type CreditProduct = "pdf-card" | "user-video";

/** Paid PDF card (or video) payments of this business not yet used by a PDF card (or video). */
export async function unconsumedCredits(db: Db | Tx, product: CreditProduct, businessId: number): Promise<number> {
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  const used = product === "pdf-card" ? pdfCardPayments.pdfCardNo : userVideoPayments.videoNo;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.businessId, businessId), eq(t.status, "paid"), isNull(used)));
  return row?.n ?? 0;
}

/**
 * Uses one credit of the business for this PDF card (or video), oldest first, inside the
 * caller's transaction: `FOR UPDATE SKIP LOCKED` so two exports racing never take the same one.
 * Returns the payment's recordNo, or null when there is no credit left.
 */
export async function consumeCredit(tx: Tx, product: CreditProduct, businessId: number, itemNo: number): Promise<number | null> {
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  const used = product === "pdf-card" ? pdfCardPayments.pdfCardNo : userVideoPayments.videoNo;
  const [credit] = await tx
    .select({ recordNo: t.recordNo })
    .from(t)
    .where(and(eq(t.businessId, businessId), eq(t.status, "paid"), isNull(used)))
    .orderBy(t.recordNo)
    .limit(1)
    .for("update", { skipLocked: true });
  if (!credit) return null;
  if (product === "pdf-card") await tx.update(pdfCardPayments).set({ pdfCardNo: itemNo }).where(eq(pdfCardPayments.recordNo, credit.recordNo));
  else await tx.update(userVideoPayments).set({ videoNo: itemNo }).where(eq(userVideoPayments.recordNo, credit.recordNo));
  return credit.recordNo;
}
