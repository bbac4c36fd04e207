import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { billingAudit, monthBillItems, monthBillPayments, monthPayments } from "#server/db/schema/billing.ts";
import { franchisees } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { BillSummary } from "#contracts/billing.ts";
import { billTotals, isOverdue } from "./rules.ts";

/*
 * The month bill's rows (ADR 0023): keeping a bill's totals in step with its lines and payments,
 * the audit trail, and the DTOs. Used by the calls (service.ts), billing's payment ledgers
 * (ledgers.ts) and generation (generate.ts); imports nothing of payments.
 */

export type BillRow = typeof monthPayments.$inferSelect;

/** Who made a change, as the audit trail names them. */
export type AuditActor = { franchiseeId: number | null; name: string };
export const SYSTEM_ACTOR: AuditActor = { franchiseeId: null, name: "system (bill generation)" };
export const GATEWAY_ACTOR: AuditActor = { franchiseeId: null, name: "payment gateway" };

export async function auditActorOf(db: Db | Tx, actor: Actor): Promise<AuditActor> {
  if (actor.kind !== "staff") return { franchiseeId: null, name: actor.kind };
  const [row] = await db.select({ name: franchisees.name }).from(franchisees).where(eq(franchisees.id, actor.franchiseeId)).limit(1);
  return { franchiseeId: actor.franchiseeId, name: row?.name ?? `staff #${actor.franchiseeId}` };
}

export async function audit(
  db: Db | Tx,
  e: { agencyId: number; actor: AuditActor; action: string; subject: string; before?: unknown; after?: unknown; reason?: string | null; at: Date },
) {
  await db.insert(billingAudit).values({
    agencyId: e.agencyId,
    actorFranchiseeId: e.actor.franchiseeId,
    actorName: e.actor.name,
    action: e.action,
    subject: e.subject,
    before: (e.before ?? null) as object | null,
    after: (e.after ?? null) as object | null,
    reason: e.reason ?? null,
    at: e.at,
  });
}

export const moneyOf = (b: BillRow) => ({ subtotal: b.subtotal, gstAmount: b.gstAmount, amount: b.amount, amountPaid: b.amountPaid, outstanding: b.outstanding, status: b.status });

/** The bill row, locked for the rest of the transaction (every change to a bill takes this lock first). */
export async function lockBill(tx: Tx, billId: number): Promise<BillRow | undefined> {
  const [row] = await tx.select().from(monthPayments).where(eq(monthPayments.id, billId)).for("update");
  return row;
}

/**
 * Totals from the lines still in the bill and the payments made (rules.billTotals), written back.
 * The caller holds the bill's lock. Returns the row before and after.
 */
export async function recomputeBill(tx: Tx, bill: BillRow, now: Date): Promise<{ before: BillRow; after: BillRow }> {
  const [lines] = await tx
    .select({ amounts: sql<number[]>`coalesce(array_agg(${monthBillItems.amount}) filter (where ${monthBillItems.movedOutAt} is null), '{}')` })
    .from(monthBillItems)
    .where(eq(monthBillItems.monthPaymentId, bill.id));
  const [paid] = await tx
    .select({ sum: sql<number>`coalesce(sum(${monthBillPayments.amount}), 0)::int` })
    .from(monthBillPayments)
    .where(and(eq(monthBillPayments.monthPaymentId, bill.id), eq(monthBillPayments.status, "paid")));
  const totals = billTotals((lines?.amounts ?? []).map(Number), bill.gstPercent, paid?.sum ?? 0);
  const paidAt = totals.status === "paid" ? (bill.paidAt ?? now) : null;
  const [after] = await tx
    .update(monthPayments)
    .set({ ...totals, amountPaid: paid?.sum ?? 0, paidAt, updatedAt: now })
    .where(eq(monthPayments.id, bill.id))
    .returning();
  return { before: bill, after };
}

export async function billCardCount(db: Db | Tx, billId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(monthBillItems)
    .where(and(eq(monthBillItems.monthPaymentId, billId), isNull(monthBillItems.movedOutAt)));
  return row?.n ?? 0;
}

export function billSummary(b: BillRow, cards: number, now: Date): BillSummary {
  return {
    monthPaymentId: b.id,
    agencyId: b.agencyId,
    month: b.month,
    year: b.year,
    perCardPrice: b.perCardPrice,
    cards,
    subtotal: b.subtotal,
    gstPercent: b.gstPercent,
    gstAmount: b.gstAmount,
    amount: b.amount,
    amountPaid: b.amountPaid,
    outstanding: b.outstanding,
    status: b.status,
    overdue: isOverdue(b, now),
    dueDate: b.dueDate,
    paidAt: b.paidAt,
  };
}

/** Every bill of an agency with its card count, newest first. */
export async function agencyBills(db: Db | Tx, agencyId: number, now: Date): Promise<BillSummary[]> {
  const rows = await db
    .select({
      bill: monthPayments,
      cards: sql<number>`(select count(*) from month_bill_items i where i.month_payment_id = ${monthPayments.id} and i.moved_out_at is null)::int`,
    })
    .from(monthPayments)
    .where(eq(monthPayments.agencyId, agencyId))
    .orderBy(desc(monthPayments.year), desc(monthPayments.month));
  return rows.map((r) => billSummary(r.bill, r.cards, now));
}

export async function billLines(db: Db | Tx, billId: number) {
  const rows = await db
    .select()
    .from(monthBillItems)
    .where(eq(monthBillItems.monthPaymentId, billId))
    .orderBy(monthBillItems.cardPaidAt, monthBillItems.id);
  return rows.map((i) => ({
    itemId: i.id,
    businessId: i.businessId,
    businessName: i.businessName,
    cardNo: i.cardNo,
    cardId: i.cardId,
    planName: i.planName,
    customerPrice: i.customerPrice,
    cardPaidAt: i.cardPaidAt,
    amount: i.amount,
    movedOutAt: i.movedOutAt,
    movedOutReason: i.movedOutReason,
  }));
}

export async function billPayments(db: Db | Tx, billId: number) {
  const rows = await db.select().from(monthBillPayments).where(eq(monthBillPayments.monthPaymentId, billId)).orderBy(desc(monthBillPayments.createdAt));
  return rows.map((p) => ({
    id: p.id,
    amount: p.amount,
    status: p.status,
    throughGateway: p.throughGateway,
    isManualUpdate: p.isManualUpdate,
    paidAt: p.paidAt,
    note: p.note,
    createdAt: p.createdAt,
  }));
}
