import { and, between, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { agencyImagePayments, cardPayments, monthBillPayments } from "#server/db/schema/billing.ts";
import { pdfCardPayments, userVideoPayments } from "#server/db/schema/content.ts";
import type { PaymentProduct } from "#contracts/payments.ts";
import type { AgencyPaymentProduct } from "#contracts/billing-texts.ts";

/** Customer products plus what an agency pays the platform (month bills, the greeting-image service: ADR 0023). */
export type LedgerProduct = PaymentProduct | AgencyPaymentProduct;

/*
 * Everything paid online has a "ledger" over its payment table (ADR 0034;
 * ADR 0030): a plan for a business (card_payments, plan-ledger.ts), one PDF ID card export
 * (pdf_card_payments) and one promotional video (user_video_payments) as credits (credits.ts),
 * and an agency's month bill and greeting-image month (billing). The gateway code (gateway.ts) is
 * the same for all; only finding a row by its Razorpay order id and granting it differ.
 *
 * Payments imports no product: each product's ledger is handed to `registerLedgers` by the
 * composition root (server/api/ledgers.ts), which the app and the job workers call at start.
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
  /** Razorpay order ids of rows still waiting for their payment, created in [from, to] (oldest first, at most `limit`). */
  openOrderIds(db: Db | Tx, from: Date, to: Date, limit: number): Promise<string[]>;
};

/** The payment tables a ledger may stand over (all share the gateway's columns). */
export type PaymentTable = typeof cardPayments | typeof pdfCardPayments | typeof userVideoPayments | typeof monthBillPayments | typeof agencyImagePayments;

/** `Ledger.openOrderIds` over one payment table. */
export async function openOrderIdsIn(db: Db | Tx, t: PaymentTable, from: Date, to: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: t.razorpayOrderId })
    .from(t)
    .where(and(eq(t.status, "created"), isNotNull(t.razorpayOrderId), between(t.createdAt, from, to)))
    .orderBy(t.createdAt)
    .limit(limit);
  return rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
}

/* ---------------- The registry ---------------- */

/** In registration order: the order webhooks look a row up in and reconciliation visits tables in. */
const registry = new Map<LedgerProduct, Ledger>();

/** Hands payments the products' ledgers (server/api/ledgers.ts). Registering a product again replaces its ledger. */
export function registerLedgers(ledgers: readonly Ledger[]) {
  for (const ledger of ledgers) registry.set(ledger.product, ledger);
}

/**
 * What another domain does once a card's plan payment has committed: billing adds the card to its
 * agency's running month bill at once (ADR 0044). Handed over with the ledgers, for the same reason:
 * payments cannot import billing, which already calls payments for its own online payments.
 */
export type CardPaidFollower = (db: Db, agencyId: number, at: Date) => Promise<unknown>;
let cardPaidFollowers: readonly CardPaidFollower[] = [];

/** Replaces the followers (server/api/ledgers.ts); repeat calls are harmless. */
export function registerCardPaidFollowers(followers: readonly CardPaidFollower[]) {
  cardPaidFollowers = followers;
}

/** Runs every follower; a follower's failure is returned, not thrown: the payment stands. */
export async function followCardPaid(db: Db, agencyId: number, at: Date): Promise<unknown[]> {
  const results = await Promise.allSettled(cardPaidFollowers.map((f) => f(db, agencyId, at)));
  return results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
}

/**
 * What another domain writes inside a plan payment's own transaction (ADR 0069: a franchisee's
 * commission line on a grant, its reversing line on a reversal). Handed over by the composition
 * root like the ledgers: payments imports no product. A follower that throws rolls the grant back.
 */
export type PlanPaymentEvent = { agencyId: number; recordNo: number; businessId: number | null; now: Date };
/** A grant, with what the grant already read under its locks (followers need not read it again). */
export type PlanGrantedEvent = PlanPaymentEvent & {
  businessId: number;
  businessName: string;
  madeByFranchiseeId: number | null;
  amount: number;
  planName: string;
};
export type PlanPaymentFollower = {
  granted(tx: Tx, e: PlanGrantedEvent): Promise<void>;
  reversed(tx: Tx, e: PlanPaymentEvent): Promise<void>;
};
let planPaymentFollowers: readonly PlanPaymentFollower[] = [];

/** Replaces the followers (server/api/ledgers.ts); repeat calls are harmless. */
export function registerPlanPaymentFollowers(followers: readonly PlanPaymentFollower[]) {
  planPaymentFollowers = followers;
}

/** Inside the grant's or reversal's transaction, after the payment row changed. */
export async function followPlanGrant(tx: Tx, e: PlanGrantedEvent) {
  for (const f of planPaymentFollowers) await f.granted(tx, e);
}

/** Inside the reversal's transaction, after the payment row changed. */
export async function followPlanReversal(tx: Tx, e: PlanPaymentEvent) {
  for (const f of planPaymentFollowers) await f.reversed(tx, e);
}

export function ledgerOf(product: LedgerProduct): Ledger {
  const ledger = registry.get(product);
  if (!ledger) throw new Error(`No payment ledger registered for "${product}" (server/api/ledgers.ts registers them at start).`);
  return ledger;
}

/** The row of any product with this Razorpay order id (webhooks and the callback know only the order). */
export async function rowByOrderId(db: Db | Tx, orderId: string): Promise<LedgerRow | undefined> {
  for (const ledger of registry.values()) {
    const row = await ledger.byOrderId(db, orderId);
    if (row) return row;
  }
  return undefined;
}

/** Razorpay order ids of rows still waiting for their payment, created in [from, to] (oldest first, at most `limit` per product). */
export async function openOrderIds(db: Db | Tx, from: Date, to: Date, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (const ledger of registry.values()) ids.push(...(await ledger.openOrderIds(db, from, to, limit)));
  return ids;
}
