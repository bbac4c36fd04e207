import { and, between, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import { pdfCardPayments, userVideoPayments } from "#server/db/schema/content.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { grantPlan } from "#server/api/payments/grant.ts";
import type { PaymentProduct } from "#contracts/payments.ts";
import type { AgencyPaymentProduct } from "#contracts/billing-texts.ts";
import { AGENCY_LEDGERS, AGENCY_PAYMENT_TABLES } from "#server/api/billing/ledgers.ts";

/** Customer products plus what an agency pays the platform (month bills, the greeting-image service: ADR 0023). */
export type LedgerProduct = PaymentProduct | AgencyPaymentProduct;

/**
 * The three things a customer pays for online, one "ledger" each over its payment table (ADR
 * 0015, "Razorpay gateway"): a plan for a business (card_payments, granted by the plans module's
 * grantPlan), one PDF ID card export (pdf_card_payments) and one promotional video
 * (user_video_payments). The gateway code (service.ts) is the same for all three; only finding a
 * row by its Razorpay order id and granting it differ.
 */

/** A payment row as the gateway code sees it, whatever its table. */
export type LedgerRow = {
  product: LedgerProduct;
  recordNo: number;
  agencyId: number;
  businessId: number | null;
  /** The plan (card), the PDF plan id, or null (video). */
  planId: number | null;
  amount: number;
  currency: string;
  status: "created" | "paid" | "failed" | "refunded";
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
};

export type Granted = { recordNo: number; planId: number; alreadyGranted: boolean };

export type Ledger = {
  product: LedgerProduct;
  byOrderId(db: Db | Tx, orderId: string): Promise<LedgerRow | undefined>;
  /** Marks the row paid with this payment id and grants what it bought, inside `tx`; a paid row is a no-op. */
  grant(tx: Tx, row: LedgerRow, paymentId: string, now: Date): Promise<Granted>;
  /** A note on a row still waiting for its payment (a failed attempt; the customer may retry on the same order). */
  noteFailure(db: Db | Tx, recordNo: number, reason: string, now: Date): Promise<void>;
  /** The order could not be created at Razorpay: the row can never be paid. */
  markOrderFailed(db: Db | Tx, recordNo: number, reason: string, now: Date): Promise<void>;
  setOrderId(db: Db | Tx, recordNo: number, orderId: string, now: Date): Promise<void>;
};

const ledgerColumns = <T extends typeof cardPayments | typeof pdfCardPayments | typeof userVideoPayments>(t: T) => ({
  recordNo: t.recordNo,
  agencyId: t.agencyId,
  businessId: t.businessId,
  amount: t.amount,
  currency: t.currency,
  status: t.status,
  razorpayOrderId: t.razorpayOrderId,
  razorpayPaymentId: t.razorpayPaymentId,
});

const card: Ledger = {
  product: "card",
  async byOrderId(db, orderId) {
    const [row] = await db
      .select({ ...ledgerColumns(cardPayments), planId: cardPayments.subscriptionPlanId })
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
};

/** PDF card and video payments: a paid row is a credit on the business until a PDF card or video consumes it. */
function creditLedger(product: "pdf-card" | "user-video"): Ledger {
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
  };
}

export const LEDGERS: Record<LedgerProduct, Ledger> = {
  card,
  "pdf-card": creditLedger("pdf-card"),
  "user-video": creditLedger("user-video"),
  ...AGENCY_LEDGERS,
};

/** The row of any product with this Razorpay order id (webhooks and the callback know only the order). */
export async function rowByOrderId(db: Db | Tx, orderId: string): Promise<LedgerRow | undefined> {
  for (const ledger of Object.values(LEDGERS)) {
    const row = await ledger.byOrderId(db, orderId);
    if (row) return row;
  }
  return undefined;
}

/** Razorpay order ids of rows still waiting for their payment, created in [from, to] (oldest first, at most `limit` per product). */
export async function openOrderIds(db: Db | Tx, from: Date, to: Date, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (const t of [cardPayments, pdfCardPayments, userVideoPayments, ...AGENCY_PAYMENT_TABLES]) {
    const rows = await db
      .select({ orderId: t.razorpayOrderId })
      .from(t)
      .where(and(eq(t.status, "created"), isNotNull(t.razorpayOrderId), between(t.createdAt, from, to)))
      .orderBy(t.createdAt)
      .limit(limit);
    for (const r of rows) if (r.orderId) ids.push(r.orderId);
  }
  return ids;
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
