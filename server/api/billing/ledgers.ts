import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { agencyImagePayments, monthBillPayments } from "#server/db/schema/billing.ts";
import { agencies } from "#server/db/schema/core.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { openOrderIdsIn, type Ledger } from "#server/api/payments/service.ts";
import type { AgencyPaymentProduct } from "#contracts/billing-texts.ts";
import { audit, GATEWAY_ACTOR, lockBill, moneyOf, recomputeBill, type AuditActor } from "./bills.ts";
import { nextImageCover } from "./rules.ts";

/*
 * What an agency pays the platform online, as two more ledgers of the payments domain's gateway
 * (ADR 0034, ADR 0023, ADR 0030): a month bill (a month_bill_payments row per
 * order, applied to its bill) and a month of the greeting-images service (agency_image_payments).
 * The gateway finds a row by its order id and calls `grant` once; billing hands these ledgers to
 * payments through the composition root (server/api/ledgers.ts), so payments never imports billing.
 */

type Row = {
  product: AgencyPaymentProduct;
  recordNo: number;
  agencyId: number;
  businessId: null;
  planId: null;
  amount: number;
  currency: string;
  status: "created" | "paid" | "failed" | "refunded";
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
};

const columns = <T extends typeof monthBillPayments | typeof agencyImagePayments>(t: T) => ({
  recordNo: t.id,
  agencyId: t.agencyId,
  amount: t.amount,
  currency: t.currency,
  status: t.status,
  razorpayOrderId: t.razorpayOrderId,
  razorpayPaymentId: t.razorpayPaymentId,
});

/** A month bill payment made paid, its bill's totals recomputed, both audited; a paid row is a no-op. */
export async function applyMonthPayment(tx: Tx, paymentRowId: number, paymentId: string | null, now: Date, actor: AuditActor) {
  const [locked] = await tx.select().from(monthBillPayments).where(eq(monthBillPayments.id, paymentRowId)).for("update");
  if (!locked) throw notFound("Payment not found.");
  if (locked.status === "paid") return { alreadyGranted: true, billId: locked.monthPaymentId };
  if (locked.status !== "created") throw conflict(`This payment is ${locked.status}; it cannot be completed.`);
  await tx
    .update(monthBillPayments)
    .set({ status: "paid", razorpayPaymentId: paymentId, paidAt: now, failureReason: null, updatedAt: now })
    .where(eq(monthBillPayments.id, paymentRowId));
  const bill = await lockBill(tx, locked.monthPaymentId);
  if (!bill) throw notFound("Bill not found.");
  const { before, after } = await recomputeBill(tx, bill, now);
  await audit(tx, {
    agencyId: bill.agencyId,
    actor,
    action: "month-payment-paid",
    subject: `month_payment:${bill.id}`,
    before: moneyOf(before),
    after: { ...moneyOf(after), paymentRowId, amount: locked.amount, throughGateway: locked.throughGateway },
    at: now,
  });
  return { alreadyGranted: false, billId: bill.id };
}

/** The end of the agency's paid greeting-image cover (null: never paid). */
export async function imagePaidUntil(db: Db | Tx, agencyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${agencyImagePayments.validUntil})` })
    .from(agencyImagePayments)
    .where(and(eq(agencyImagePayments.agencyId, agencyId), eq(agencyImagePayments.status, "paid"), isNotNull(agencyImagePayments.validUntil)));
  return row?.until ? new Date(row.until) : null;
}

/**
 * An image payment made paid for the first month not yet covered (decided now, under the agency's
 * row lock, so two payments cover two months, never the same one twice).
 */
export async function applyImagePayment(tx: Tx, paymentRowId: number, paymentId: string | null, now: Date, actor: AuditActor) {
  const [locked] = await tx.select().from(agencyImagePayments).where(eq(agencyImagePayments.id, paymentRowId)).for("update");
  if (!locked) throw notFound("Payment not found.");
  if (locked.status === "paid") return { alreadyGranted: true, row: locked };
  if (locked.status !== "created") throw conflict(`This payment is ${locked.status}; it cannot be completed.`);
  await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, locked.agencyId)).for("update");
  const before = await imagePaidUntil(tx, locked.agencyId);
  const cover = nextImageCover(before, now);
  const [row] = await tx
    .update(agencyImagePayments)
    .set({ status: "paid", razorpayPaymentId: paymentId, paidAt: now, failureReason: null, validFrom: cover.validFrom, validUntil: cover.validUntil, updatedAt: now })
    .where(eq(agencyImagePayments.id, paymentRowId))
    .returning();
  await audit(tx, {
    agencyId: locked.agencyId,
    actor,
    action: "image-payment-paid",
    subject: `agency_image_payment:${locked.id}`,
    before: { paidUntil: before },
    after: { paidUntil: cover.validUntil, amount: locked.amount, throughGateway: locked.throughGateway },
    at: now,
  });
  return { alreadyGranted: false, row };
}

function ledgerFor(product: AgencyPaymentProduct) {
  const t = product === "month" ? monthBillPayments : agencyImagePayments;
  return {
    product,
    async byOrderId(db: Db | Tx, orderId: string): Promise<Row | undefined> {
      const [row] = await db.select(columns(t)).from(t).where(eq(t.razorpayOrderId, orderId)).limit(1);
      return row && { product, ...row, businessId: null, planId: null };
    },
    async grant(tx: Tx, row: { recordNo: number }, paymentId: string, now: Date) {
      const r = product === "month" ? await applyMonthPayment(tx, row.recordNo, paymentId, now, GATEWAY_ACTOR) : await applyImagePayment(tx, row.recordNo, paymentId, now, GATEWAY_ACTOR);
      return { recordNo: row.recordNo, planId: 0, alreadyGranted: r.alreadyGranted };
    },
    async noteFailure(db: Db | Tx, recordNo: number, reason: string, now: Date) {
      await db.update(t).set({ failureReason: reason, updatedAt: now }).where(and(eq(t.id, recordNo), eq(t.status, "created")));
    },
    async markOrderFailed(db: Db | Tx, recordNo: number, reason: string, now: Date) {
      await db.update(t).set({ status: "failed", failureReason: reason, updatedAt: now }).where(eq(t.id, recordNo));
    },
    async setOrderId(db: Db | Tx, recordNo: number, orderId: string, now: Date) {
      await db.update(t).set({ razorpayOrderId: orderId, updatedAt: now }).where(eq(t.id, recordNo));
    },
    openOrderIds: (db: Db | Tx, from: Date, to: Date, limit: number) => openOrderIdsIn(db, t, from, to, limit),
  } satisfies Ledger;
}

export const AGENCY_LEDGERS = { month: ledgerFor("month"), "agency-image": ledgerFor("agency-image") } as const;

/** Billing's ledgers, for payments' registry: month bills, then greeting-image months. */
export const billingLedgers: readonly Ledger[] = [AGENCY_LEDGERS.month, AGENCY_LEDGERS["agency-image"]];
