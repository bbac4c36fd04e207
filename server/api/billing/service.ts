import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { agencyImagePayments, annualPayments, billingAudit, monthBillItems, monthBillPayments, monthPayments } from "#server/db/schema/billing.ts";
import { agencies, franchisees } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import { ApiError, badRequest, conflict, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { completePayment, openOrder, PAYMENT_MESSAGES } from "#server/api/payments/service.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import type { AgencyPaymentProduct } from "#contracts/billing-texts.ts";
import type { InvoiceIssuer } from "#contracts/billing.ts";
import { TEST_GATEWAY_CHECKOUT_PATH, type PaymentOrderResponse } from "#contracts/payments.ts";
import { agencyBills, audit, auditActorOf, billLines, billPayments, billSummary, billCardCount, lockBill, moneyOf, recomputeBill, type BillRow } from "./bills.ts";
import { generateMonthBills } from "./generate.ts";
import { AGENCY_LEDGERS, applyImagePayment, applyMonthPayment, imagePaidUntil } from "./ledgers.ts";

export { billingLedgers } from "./ledgers.ts";
import { annualState, billingSettings, BILLING_MESSAGES, imageServiceState, nextAnnualCover, periodOf, type Period } from "./rules.ts";

/*
 * Agency billing's calls (SPEC §7 Month payments, Annual payment, Agency image payment; ADR 0023).
 * Who sees what: an agency's admin (billing not hidden) its own agency's billing; the platform
 * (superadmin agency) admin any agency's, by agencyId. Anything else is 404 (ADR 0004). The
 * rules are in rules.ts; this module reads, locks and writes.
 */

/**
 * A card paid for joins its agency's running bill at once (ADR 0044): the bill grows through the
 * month as the billing pages say, not only at the nightly run or the platform's Generate.
 * Payments calls it after the grant commits (wired in server/api/ledgers.ts).
 */
export function addPaidCardToMonthBill(db: Db, agencyId: number, at: Date) {
  return generateMonthBills(db, { ...periodOf(at), now: at, agencyIds: [agencyId] });
}

export type BillingTarget = { agency: AgencyRow; byPlatform: boolean };

/** Which agency's billing a call is about, or 404. The platform bills itself nothing. */
export async function billingTarget(db: Db | Tx, actor: Actor, agency: AgencyRow, agencyId: number | undefined): Promise<BillingTarget> {
  if (actor.kind !== "staff" || actor.hideBilling) throw notFound(BILLING_MESSAGES.notFound);
  if (!isSuperadminAgency(agency)) {
    if (agencyId !== undefined && agencyId !== agency.id) throw notFound(BILLING_MESSAGES.agencyNotFound);
    return { agency, byPlatform: false };
  }
  if (agencyId === undefined || agencyId === agency.id) throw notFound(BILLING_MESSAGES.agencyNotFound);
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!row || isSuperadminAgency(row)) throw notFound(BILLING_MESSAGES.agencyNotFound);
  return { agency: row, byPlatform: true };
}

/** GET /invoice-issuer: the platform's details for its bills (the platform's admins; ADR 0044). */
export async function invoiceIssuerOf(agency: AgencyRow) {
  const set = agency.configuration.invoiceIssuer ?? {};
  return { agencyName: agency.agencyName, issuer: { legalName: set.legalName?.trim() || null, address: set.address?.trim() || null, gstin: set.gstin?.trim() || null } };
}

/**
 * PUT /invoice-issuer: saves them on the platform agency's configuration, keeping every other key
 * (a read and a write under the row's lock), audited like any billing change.
 */
export async function saveInvoiceIssuer(deps: Deps, actor: Actor, agency: AgencyRow, body: InvoiceIssuer) {
  const who = await auditActorOf(deps.db, actor);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ configuration: agencies.configuration }).from(agencies).where(eq(agencies.id, agency.id)).for("update");
    const before = row.configuration.invoiceIssuer ?? {};
    const after = { legalName: body.legalName ?? undefined, address: body.address ?? undefined, gstin: body.gstin ?? undefined };
    await tx.update(agencies).set({ configuration: { ...row.configuration, invoiceIssuer: after }, updatedAt: now }).where(eq(agencies.id, agency.id));
    await audit(tx, { agencyId: agency.id, actor: who, action: "invoice-issuer", subject: "Invoice details", before, after, at: now });
  });
  return { agencyName: agency.agencyName, issuer: body };
}

/** A staff member of the platform (billing not hidden) asking about the platform's own billing. */
const platformItself = (actor: Actor, agency: AgencyRow, agencyId: number | undefined) =>
  actor.kind === "staff" && !actor.hideBilling && isSuperadminAgency(agency) && (agencyId === undefined || agencyId === agency.id);

const onlineOf = (deps: Deps) => ({ available: !!deps.paymentGateway, gateway: deps.paymentGateway?.kind ?? null });

async function billOf(db: Db | Tx, agencyId: number, p: Period): Promise<BillRow | undefined> {
  const [row] = await db
    .select()
    .from(monthPayments)
    .where(and(eq(monthPayments.agencyId, agencyId), eq(monthPayments.year, p.year), eq(monthPayments.month, p.month)))
    .limit(1);
  return row;
}

/* ---------------- Month bills ---------------- */

/** GET /month-payments: the month's bill (default this month) with its lines and payments, and every bill's summary. */
export async function monthPaymentsView(deps: Deps, actor: Actor, agency: AgencyRow, query: { agencyId?: number; month?: number; year?: number }) {
  const now = deps.now();
  const current = periodOf(now);
  const period = { year: query.year ?? current.year, month: query.month ?? current.month };
  // The platform asking about itself: it bills itself nothing (ADR 0037), and says so rather than
  // 404, so the panel can show why (ADR 0044). Its other billing calls stay 404: no such bill.
  if (platformItself(actor, agency, query.agencyId)) {
    return { agencyId: agency.id, agencyName: agency.agencyName, isPlatform: true, ...period, bill: null, bills: [], settings: billingSettings(agency.configuration), online: onlineOf(deps) };
  }
  const { agency: target } = await billingTarget(deps.db, actor, agency, query.agencyId);
  const row = await billOf(deps.db, target.id, period);
  const bill = row
    ? { ...billSummary(row, await billCardCount(deps.db, row.id), now), items: await billLines(deps.db, row.id), payments: await billPayments(deps.db, row.id) }
    : null;
  return {
    agencyId: target.id,
    agencyName: target.agencyName,
    ...period,
    bill,
    isPlatform: false,
    bills: await agencyBills(deps.db, target.id, now),
    settings: billingSettings(target.configuration),
    online: onlineOf(deps),
  };
}

/** The annual fee's state: the end of the last recorded cover. */
async function annualPaidUntil(db: Db | Tx, agencyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${annualPayments.validUntil})` })
    .from(annualPayments)
    .where(and(eq(annualPayments.agencyId, agencyId), eq(annualPayments.status, "paid")));
  return row?.until ? new Date(row.until) : null;
}

/** GET /month-payments/getOutstandingAmount: unpaid bills plus the annual fee when due. */
export async function outstandingAmount(deps: Deps, actor: Actor, agency: AgencyRow, agencyId: number | undefined) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, agencyId);
  const now = deps.now();
  const [sums] = await deps.db
    .select({
      bills: sql<number>`coalesce(sum(${monthPayments.outstanding}), 0)::int`,
      unpaid: sql<number>`count(*) filter (where ${monthPayments.outstanding} > 0)::int`,
      overdue: sql<number>`count(*) filter (where ${monthPayments.outstanding} > 0 and ${monthPayments.dueDate} < ${now})::int`,
    })
    .from(monthPayments)
    .where(eq(monthPayments.agencyId, target.id));
  const annual = annualState(billingSettings(target.configuration), await annualPaidUntil(deps.db, target.id), now);
  const bills = sums?.bills ?? 0;
  return { agencyId: target.id, outstanding: bills + annual.dueAmount, bills, annualFee: annual.dueAmount, unpaidBills: sums?.unpaid ?? 0, overdueBills: sums?.overdue ?? 0 };
}

/** POST /month-payments/generate: the platform runs generation now for one agency or all (default this month). */
export async function generateOnDemand(deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId?: number; month?: number; year?: number }) {
  const now = deps.now();
  const current = periodOf(now);
  const period = { year: body.year ?? current.year, month: body.month ?? current.month };
  if (period.year * 12 + period.month > current.year * 12 + current.month) throw badRequest("Bills are made for this month or earlier ones, not for the future.");
  const agencyIds = body.agencyId !== undefined ? [(await billingTarget(deps.db, actor, agency, body.agencyId)).agency.id] : undefined;
  return generateMonthBills(deps.db, { ...period, now, agencyIds, actor: await auditActorOf(deps.db, actor) });
}

/**
 * Whether a line has been paid for: it was in the bill when a payment was made (a payment covers
 * every line the bill had then). A tie counts as paid. The caller holds the bill's lock.
 */
async function linePaid(tx: Tx, billId: number, lineCreatedAt: Date) {
  const [paid] = await tx
    .select({ id: monthBillPayments.id })
    .from(monthBillPayments)
    .where(and(eq(monthBillPayments.monthPaymentId, billId), eq(monthBillPayments.status, "paid"), gte(monthBillPayments.paidAt, lineCreatedAt)))
    .limit(1);
  return !!paid;
}

/** Move-out and add-in: one line changes, the bill's totals follow, both audited. */
async function changeLine(deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId?: number; itemId: number; reason: string }, out: boolean) {
  const { agency: target, byPlatform } = await billingTarget(deps.db, actor, agency, body.agencyId);
  const now = deps.now();
  const who = await auditActorOf(deps.db, actor);
  return deps.db.transaction(async (tx) => {
    const [item] = await tx.select().from(monthBillItems).where(and(eq(monthBillItems.id, body.itemId), eq(monthBillItems.agencyId, target.id))).limit(1);
    if (!item) throw notFound(BILLING_MESSAGES.itemNotFound);
    const bill = await lockBill(tx, item.monthPaymentId);
    if (!bill) throw notFound(BILLING_MESSAGES.billNotFound);
    const [line] = await tx.select().from(monthBillItems).where(eq(monthBillItems.id, item.id)).for("update");
    const isOut = line.movedOutAt !== null;
    // Repeating the same change (a double click, a retried post) changes nothing.
    if (isOut === out) return { bill: billSummary(bill, await billCardCount(tx, bill.id), now), changed: false };
    if (out && bill.amountPaid > 0 && bill.outstanding === 0) throw conflict(BILLING_MESSAGES.billPaid);
    // An agency disputes only what it has not paid for (issue 22 M3): moving a paid line out of a
    // bill that gained a new one would cancel the new line's charge. The platform settles the rest.
    if (out && !byPlatform && (await linePaid(tx, bill.id, line.createdAt))) throw conflict(BILLING_MESSAGES.linePaid);
    await tx
      .update(monthBillItems)
      .set(out ? { movedOutAt: now, movedOutReason: body.reason } : { movedOutAt: null, movedOutReason: null })
      .where(eq(monthBillItems.id, item.id));
    const { before, after } = await recomputeBill(tx, bill, now);
    await audit(tx, {
      agencyId: target.id,
      actor: who,
      action: out ? "card-moved-out" : "card-added-in",
      subject: `month_bill_item:${item.id}`,
      before: { ...moneyOf(before), line: { businessName: line.businessName, cardId: line.cardId, movedOutAt: line.movedOutAt, movedOutReason: line.movedOutReason } },
      after: { ...moneyOf(after), line: { businessName: line.businessName, cardId: line.cardId, movedOutAt: out ? now : null } },
      reason: body.reason,
      at: now,
    });
    return { bill: billSummary(after, await billCardCount(tx, bill.id), now), changed: true };
  });
}

export const moveOutCard = (deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId?: number; itemId: number; reason: string }) => changeLine(deps, actor, agency, body, true);
export const addCardInBill = (deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId?: number; itemId: number; reason: string }) => changeLine(deps, actor, agency, body, false);

/**
 * POST /month-payments: the platform records an offline payment of the bill's outstanding amount
 * (never an amount from the client). A bill with nothing outstanding answers `duplicate: true`
 * with its last payment: a double click records one payment.
 */
export async function recordMonthPayment(deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId: number; month: number; year: number; note?: string }) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, body.agencyId);
  const now = deps.now();
  const who = await auditActorOf(deps.db, actor);
  return deps.db.transaction(async (tx) => {
    const found = await billOf(tx, target.id, body);
    const bill = found && (await lockBill(tx, found.id));
    if (!bill) throw notFound(BILLING_MESSAGES.billNotFound);
    if (bill.outstanding === 0) {
      const [last] = await tx.select({ id: monthBillPayments.id }).from(monthBillPayments).where(and(eq(monthBillPayments.monthPaymentId, bill.id), eq(monthBillPayments.status, "paid"))).orderBy(desc(monthBillPayments.id)).limit(1);
      return { bill: billSummary(bill, await billCardCount(tx, bill.id), now), paymentId: last?.id ?? null, duplicate: true };
    }
    const [row] = await tx
      .insert(monthBillPayments)
      .values({ agencyId: target.id, monthPaymentId: bill.id, amount: bill.outstanding, isManualUpdate: true, throughGateway: false, status: "created", recordedByFranchiseeId: actor.kind === "staff" ? actor.franchiseeId : null, note: body.note ?? null, createdAt: now, updatedAt: now })
      .returning({ id: monthBillPayments.id });
    await applyMonthPayment(tx, row.id, null, now, who);
    const after = (await lockBill(tx, bill.id))!;
    return { bill: billSummary(after, await billCardCount(tx, bill.id), now), paymentId: row.id, duplicate: false };
  });
}

/** The agency's own bill, for paying it online (the platform records by hand instead: 404 for it). */
async function ownBill(deps: Deps, actor: Actor, agency: AgencyRow, p: Period) {
  const { agency: target, byPlatform } = await billingTarget(deps.db, actor, agency, undefined);
  if (byPlatform) throw notFound(BILLING_MESSAGES.agencyNotFound);
  const bill = await billOf(deps.db, target.id, p);
  if (!bill) throw notFound(BILLING_MESSAGES.billNotFound);
  return { target, bill };
}

/** A second "Pay" within this time (a double click, a reload) gets the open order again, not a second one. */
const REUSE_ORDER_MS = 10 * 60_000;

/** The order response for an order already open at the gateway (same shape as openOrder's). */
function sameOrder(deps: Deps, orderId: string, amount: number, currency: string): PaymentOrderResponse {
  const gateway = deps.paymentGateway!;
  return {
    razorpayKeyId: gateway.keyId,
    order: { id: orderId, amount, currency },
    gateway: gateway.kind,
    testCheckoutUrl: gateway.kind === "test" ? `${TEST_GATEWAY_CHECKOUT_PATH}?order_id=${encodeURIComponent(orderId)}` : null,
  };
}

/** POST /month-payments/order: an order for what is outstanding now (our number), through the gateway's machinery. */
export async function createMonthOrder(deps: Deps, actor: Actor, agency: AgencyRow, body: Period) {
  const { target, bill } = await ownBill(deps, actor, agency, body);
  if (!deps.paymentGateway) throw new ApiError(503, PAYMENT_MESSAGES.unavailable);
  if (bill.outstanding === 0) throw conflict(BILLING_MESSAGES.nothingToPay);
  const now = deps.now();
  const [open] = await deps.db
    .select()
    .from(monthBillPayments)
    .where(and(eq(monthBillPayments.monthPaymentId, bill.id), eq(monthBillPayments.status, "created"), eq(monthBillPayments.amount, bill.outstanding), gte(monthBillPayments.createdAt, new Date(now.getTime() - REUSE_ORDER_MS))))
    .orderBy(desc(monthBillPayments.id))
    .limit(1);
  if (open?.razorpayOrderId) return sameOrder(deps, open.razorpayOrderId, open.amount, open.currency);
  const [row] = await deps.db
    .insert(monthBillPayments)
    .values({ agencyId: target.id, monthPaymentId: bill.id, amount: bill.outstanding, throughGateway: true, status: "created", createdAt: now, updatedAt: now })
    .returning({ id: monthBillPayments.id });
  return openOrder(deps, "month", { recordNo: row.id, amount: bill.outstanding, agencyId: target.id, businessId: null, planId: null });
}

/** The row a make-payment names: found by the order id we stored, this agency's (else 404). */
async function agencyOrderRow(deps: Deps, product: AgencyPaymentProduct, agencyId: number, orderId: string) {
  const row = await AGENCY_LEDGERS[product].byOrderId(deps.db, orderId);
  if (!row || row.agencyId !== agencyId) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return row;
}

/** POST /month-payments/gateway: make-payment for a bill; a replay gets the same answer and pays once. */
export async function completeMonthPayment(deps: Deps, actor: Actor, agency: AgencyRow, body: Period & { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) {
  const { target, bill } = await ownBill(deps, actor, agency, body);
  const row = await agencyOrderRow(deps, "month", target.id, body.razorpay_order_id);
  const [payment] = await deps.db.select({ billId: monthBillPayments.monthPaymentId }).from(monthBillPayments).where(eq(monthBillPayments.id, row.recordNo));
  if (payment?.billId !== bill.id) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  const result = await completePayment(deps, row, body.razorpay_payment_id, body.razorpay_signature);
  const after = (await billOf(deps.db, target.id, body))!;
  return { bill: billSummary(after, await billCardCount(deps.db, after.id), deps.now()), paymentId: result.recordNo, duplicate: false };
}

/* ---------------- Annual payment ---------------- */

async function annualList(db: Db | Tx, agencyId: number) {
  const rows = await db
    .select({ p: annualPayments, recordedBy: franchisees.name })
    .from(annualPayments)
    .leftJoin(franchisees, eq(franchisees.id, annualPayments.recordedByFranchiseeId))
    .where(eq(annualPayments.agencyId, agencyId))
    .orderBy(desc(annualPayments.createdAt), desc(annualPayments.id));
  return rows.map(({ p, recordedBy }) => ({
    id: p.id,
    year: p.year,
    amount: p.amount,
    status: p.status,
    paidAt: p.paidAt,
    validFrom: p.validFrom,
    validUntil: p.validUntil,
    note: p.note,
    recordedBy: recordedBy ?? null,
    createdAt: p.createdAt,
  }));
}

/** GET /annual-payment?agencyId */
export async function annualPaymentView(deps: Deps, actor: Actor, agency: AgencyRow, agencyId: number | undefined) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, agencyId);
  const state = annualState(billingSettings(target.configuration), await annualPaidUntil(deps.db, target.id), deps.now());
  return { agencyId: target.id, ...state, list: await annualList(deps.db, target.id) };
}

const dateText = (d: Date) => d.toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * POST /annual-payment: the platform records the annual fee (the configured amount) for the next
 * year of cover. The same person again within DUPLICATE_WINDOW_MS gets the first record back; a
 * fee already paid for now is 409, so nothing is recorded twice.
 */
export async function recordAnnualPayment(deps: Deps, actor: Actor, agency: AgencyRow, body: { agencyId: number; note?: string }) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, body.agencyId);
  const settings = billingSettings(target.configuration);
  const now = deps.now();
  const who = await auditActorOf(deps.db, actor);
  const staffId = actor.kind === "staff" ? actor.franchiseeId : null;
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, target.id)).for("update");
    const [recent] = await tx
      .select({ id: annualPayments.id })
      .from(annualPayments)
      .where(and(eq(annualPayments.agencyId, target.id), staffId === null ? undefined : eq(annualPayments.recordedByFranchiseeId, staffId), gte(annualPayments.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS))))
      .orderBy(desc(annualPayments.id))
      .limit(1);
    if (recent) return { payment: (await annualList(tx, target.id)).find((p) => p.id === recent.id)!, duplicate: true };
    if (settings.annualFee <= 0) throw conflict(BILLING_MESSAGES.noAnnualFee);
    const paidUntil = await annualPaidUntil(tx, target.id);
    const state = annualState(settings, paidUntil, now);
    if (!state.due && paidUntil) throw conflict(BILLING_MESSAGES.annualNotDue(dateText(paidUntil)));
    const cover = nextAnnualCover(paidUntil, now);
    const [row] = await tx
      .insert(annualPayments)
      .values({ agencyId: target.id, year: cover.year, amount: settings.annualFee, status: "paid", isManualUpdate: true, paidAt: now, validFrom: cover.validFrom, validUntil: cover.validUntil, note: body.note ?? null, recordedByFranchiseeId: staffId, createdAt: now, updatedAt: now })
      .returning({ id: annualPayments.id });
    await audit(tx, { agencyId: target.id, actor: who, action: "annual-payment-recorded", subject: `annual_payment:${row.id}`, before: { paidUntil }, after: { paidUntil: cover.validUntil, amount: settings.annualFee }, reason: body.note ?? null, at: now });
    return { payment: (await annualList(tx, target.id)).find((p) => p.id === row.id)!, duplicate: false };
  });
}

/* ---------------- Agency image payment ---------------- */

/**
 * Whether the agency's greeting-image product is paused for an unpaid service fee (ADR 0023), and
 * why. The greetings code calls this before serving or generating the agency's greeting images;
 * customers' cards never depend on it.
 */
export async function greetingImagesPaused(db: Db | Tx, agencyId: number, now: Date): Promise<{ paused: boolean; reason: string | null }> {
  const [row] = await db.select({ id: agencies.id, configuration: agencies.configuration, createdAt: agencies.createdAt, roles: agencies.roles }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!row) return { paused: false, reason: null };
  return greetingImagesPausedOf(db, row, now);
}

/**
 * The same for an agency row the request already holds (the greetings gate, ADR 0021): one query
 * (the paid-until month), none at all when the agency has no image fee or is the platform.
 */
export async function greetingImagesPausedOf(
  db: Db | Tx,
  agency: Pick<AgencyRow, "id" | "configuration" | "createdAt" | "roles">,
  now: Date,
): Promise<{ paused: boolean; reason: string | null }> {
  const settings = billingSettings(agency.configuration);
  if (agency.roles.includes("superadmin") || settings.imageServiceMonthlyFee <= 0) return { paused: false, reason: null };
  const state = imageServiceState(settings, await imagePaidUntil(db, agency.id), agency.createdAt, now);
  return { paused: state.paused, reason: state.reason };
}

async function imageList(db: Db | Tx, agencyId: number) {
  const rows = await db.select().from(agencyImagePayments).where(eq(agencyImagePayments.agencyId, agencyId)).orderBy(desc(agencyImagePayments.createdAt), desc(agencyImagePayments.id));
  return rows.map((p) => ({
    id: p.id,
    amount: p.amount,
    status: p.status,
    throughGateway: p.throughGateway,
    isManualUpdate: p.isManualUpdate,
    paidAt: p.paidAt,
    note: p.note,
    createdAt: p.createdAt,
    validFrom: p.validFrom,
    validUntil: p.validUntil,
  }));
}

/** GET /agency-image-payment?agencyId */
export async function agencyImagePaymentView(deps: Deps, actor: Actor, agency: AgencyRow, agencyId: number | undefined) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, agencyId);
  const state = imageServiceState(billingSettings(target.configuration), await imagePaidUntil(deps.db, target.id), target.createdAt, deps.now());
  return { agencyId: target.id, ...state, list: await imageList(deps.db, target.id), online: onlineOf(deps) };
}

/** POST /agency-image-payment/order: one month of the service at the configured fee. */
export async function createImageOrder(deps: Deps, actor: Actor, agency: AgencyRow) {
  const { agency: target, byPlatform } = await billingTarget(deps.db, actor, agency, undefined);
  if (byPlatform) throw notFound(BILLING_MESSAGES.agencyNotFound);
  const fee = billingSettings(target.configuration).imageServiceMonthlyFee;
  if (fee <= 0) throw conflict(BILLING_MESSAGES.noImageFee);
  if (!deps.paymentGateway) throw new ApiError(503, PAYMENT_MESSAGES.unavailable);
  const now = deps.now();
  const [open] = await deps.db
    .select()
    .from(agencyImagePayments)
    .where(and(eq(agencyImagePayments.agencyId, target.id), eq(agencyImagePayments.status, "created"), eq(agencyImagePayments.throughGateway, true), eq(agencyImagePayments.amount, fee), gte(agencyImagePayments.createdAt, new Date(now.getTime() - REUSE_ORDER_MS))))
    .orderBy(desc(agencyImagePayments.id))
    .limit(1);
  if (open?.razorpayOrderId) return sameOrder(deps, open.razorpayOrderId, open.amount, open.currency);
  const [row] = await deps.db
    .insert(agencyImagePayments)
    .values({ agencyId: target.id, amount: fee, throughGateway: true, status: "created", createdAt: now, updatedAt: now })
    .returning({ id: agencyImagePayments.id });
  return openOrder(deps, "agency-image", { recordNo: row.id, amount: fee, agencyId: target.id, businessId: null, planId: null });
}

type ImagePayBody = { agencyId?: number; isManualUpdate?: boolean; note?: string; razorpay_payment_id?: string; razorpay_order_id?: string; razorpay_signature?: string };

/**
 * POST /agency-image-payment: the platform records a month by hand (isManualUpdate + agencyId;
 * the same person within DUPLICATE_WINDOW_MS gets the first record), or the agency's
 * make-payment (a replay pays once). Either way the month covered is the first one not yet paid.
 */
export async function payAgencyImage(deps: Deps, actor: Actor, agency: AgencyRow, body: ImagePayBody) {
  if (body.isManualUpdate) {
    const { agency: target, byPlatform } = await billingTarget(deps.db, actor, agency, body.agencyId);
    if (!byPlatform) throw notFound(BILLING_MESSAGES.agencyNotFound);
    const fee = billingSettings(target.configuration).imageServiceMonthlyFee;
    if (fee <= 0) throw conflict(BILLING_MESSAGES.noImageFee);
    const now = deps.now();
    const who = await auditActorOf(deps.db, actor);
    const staffId = actor.kind === "staff" ? actor.franchiseeId : null;
    return deps.db.transaction(async (tx) => {
      await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, target.id)).for("update");
      const [recent] = await tx
        .select()
        .from(agencyImagePayments)
        .where(and(eq(agencyImagePayments.agencyId, target.id), eq(agencyImagePayments.isManualUpdate, true), eq(agencyImagePayments.status, "paid"), staffId === null ? undefined : eq(agencyImagePayments.recordedByFranchiseeId, staffId), gte(agencyImagePayments.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS))))
        .orderBy(desc(agencyImagePayments.id))
        .limit(1);
      if (recent) return { paymentId: recent.id, validFrom: recent.validFrom, validUntil: recent.validUntil, duplicate: true };
      const [row] = await tx
        .insert(agencyImagePayments)
        .values({ agencyId: target.id, amount: fee, isManualUpdate: true, status: "created", recordedByFranchiseeId: staffId, note: body.note ?? null, createdAt: now, updatedAt: now })
        .returning({ id: agencyImagePayments.id });
      const { row: paid } = await applyImagePayment(tx, row.id, null, now, who);
      return { paymentId: row.id, validFrom: paid.validFrom, validUntil: paid.validUntil, duplicate: false };
    });
  }
  const { agency: target, byPlatform } = await billingTarget(deps.db, actor, agency, undefined);
  if (byPlatform) throw notFound(BILLING_MESSAGES.agencyNotFound);
  const row = await agencyOrderRow(deps, "agency-image", target.id, body.razorpay_order_id!);
  const result = await completePayment(deps, row, body.razorpay_payment_id!, body.razorpay_signature!);
  const [paid] = await deps.db.select().from(agencyImagePayments).where(eq(agencyImagePayments.id, result.recordNo));
  return { paymentId: result.recordNo, validFrom: paid.validFrom, validUntil: paid.validUntil, duplicate: false };
}

/* ---------------- Notice and audit ---------------- */

/** GET /billing/notice: the banner the admin layout shows (the caller's own agency; nothing for the platform). */
export async function billingNotice(deps: Deps, agency: AgencyRow) {
  const state = await greetingImagesPaused(deps.db, agency.id, deps.now());
  return { greetingImagesPaused: state.paused, message: state.reason };
}

/** GET /billing-audit?agencyId: every billing change of an agency, newest first (the platform only). */
export async function billingAuditList(deps: Deps, actor: Actor, agency: AgencyRow, agencyId: number) {
  const { agency: target } = await billingTarget(deps.db, actor, agency, agencyId);
  const rows = await deps.db.select().from(billingAudit).where(eq(billingAudit.agencyId, target.id)).orderBy(desc(billingAudit.at), desc(billingAudit.id)).limit(200);
  return { agencyId: target.id, list: rows.map((r) => ({ id: r.id, at: r.at, actorName: r.actorName, action: r.action, subject: r.subject, before: r.before, after: r.after, reason: r.reason })) };
}
