import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { razorpayWebhookEvents } from "#server/db/schema/billing.ts";
import type { Actor } from "#server/auth/roles.ts";
import { visibleBusinessRow } from "#server/api/business/service.ts";
import { ApiError, badRequest, conflict, forbidden, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "#server/services/payment-gateway/index.ts";
import { purchaseMode } from "./purchase-mode.ts";
import { cardWasPaid, planChanged } from "./grant.ts";
import type { PaymentOrderResponse, PaymentProduct, PaymentResult } from "#contracts/payments.ts";
import { PAYMENT_REDIRECTS, TEST_GATEWAY_CHECKOUT_PATH } from "#contracts/payments.ts";
import { AGENCY_PAYMENT_PRODUCTS } from "#contracts/billing-texts.ts";
import { safeReturnPath } from "#contracts/return-path.ts";
import { ledgerOf, openOrderIds, rowByOrderId, type LedgerProduct, type LedgerRow } from "./ledgers.ts";
import { cardRowByLinkReference } from "./plan-ledger.ts";

/*
 * Online payments through Razorpay (or the built-in test gateway), the same for every product
 * (ADR 0034):
 *
 *   order     our row (status created, OUR amount) → Razorpay order (unique receipt) → its id on the row
 *   complete  checkout signature over the order id WE stored → Razorpay says captured (we capture
 *             an authorized payment of the right amount) → one transaction: row paid + grant
 *   webhook   signed raw body → deduplicated by event id in the same transaction as the grant
 *
 * Every path that can complete a payment (make-payment, callback_url, webhook) ends in
 * `grantOnce`, whose row lock and status check make the second of any two a no-op that returns
 * the first one's result; the unique order/payment id columns back it up.
 */

export const PAYMENT_MESSAGES = {
  unavailable: "Online payment is not available right now. Please contact your admin to record the payment.",
  contactAdmin: "Please connect with admin to purchase subscription plan.",
  staffRecordByHand: "Staff record payments by hand (manual payment), not through the payment gateway.",
  orderNotFound: "Payment order not found.",
  badSignature: "The payment could not be verified. If money left your account, Razorpay refunds it automatically.",
  mismatch: "This payment does not belong to this order.",
  notCaptured: "The payment is not complete yet. If money left your account, it is confirmed or refunded by Razorpay shortly.",
  gatewayDown: "The payment service is not answering. Please try again in a minute.",
  alreadyPaidOther: "This order is already paid.",
} as const;

const CURRENCY = "INR";
/** Razorpay's smallest order: ₹1. */
const MIN_ORDER_PAISE = 100;
/** Whether a price (paise) can be paid online at all: Razorpay takes nothing under ₹1. */
export const payableOnline = (paise: number | null) => paise !== null && paise >= MIN_ORDER_PAISE;
export const BELOW_MINIMUM = "This price is below ₹1 and cannot be paid online. Please contact your admin.";

function gatewayOf(deps: Deps): PaymentGateway {
  if (!deps.paymentGateway) throw new ApiError(503, PAYMENT_MESSAGES.unavailable);
  return deps.paymentGateway;
}

/** The business a customer is paying for: theirs (else 404) and allowed to pay online (else 403). */
export async function payableBusiness(db: Db, actor: Actor, agency: AgencyRow, businessId: number) {
  if (actor.kind !== "customer") throw forbidden(PAYMENT_MESSAGES.staffRecordByHand);
  const business = await visibleBusinessRow(db, actor, agency.id, businessId);
  if (!business) throw notFound("Business not found.");
  // The same rule GET /business/subscription-plan reports as purchase.mode (SPEC §6).
  if (purchaseMode(actor, agency.configuration, business.businessMadeBy) !== "online") throw forbidden(PAYMENT_MESSAGES.contactAdmin);
  return business;
}

/**
 * Opens a Razorpay order for a row the caller just inserted (status created, our amount). On a
 * provider failure the row is marked failed (it can never be paid) and the caller gets a 503.
 */
export async function openOrder(
  deps: Deps,
  product: LedgerProduct,
  row: { recordNo: number; amount: number; agencyId: number; businessId: number | null; planId: number | null },
): Promise<PaymentOrderResponse> {
  const gateway = gatewayOf(deps);
  const ledger = ledgerOf(product);
  if (!payableOnline(row.amount)) {
    await ledger.markOrderFailed(deps.db, row.recordNo, "Below the gateway's minimum of ₹1.", deps.now());
    throw badRequest(BELOW_MINIMUM);
  }
  const receipt = `${product}-${row.recordNo}`; // unique per row, ≤ 40 characters
  let order;
  try {
    order = await gateway.createOrder({
      amount: row.amount,
      currency: CURRENCY,
      receipt,
      notes: {
        product,
        agencyId: String(row.agencyId),
        ...(row.businessId !== null ? { businessId: String(row.businessId) } : {}),
        recordNo: String(row.recordNo),
        ...(row.planId !== null ? { planId: String(row.planId) } : {}),
      },
    });
  } catch (err) {
    deps.logger.warn("Razorpay order failed", { product, recordNo: row.recordNo, error: String((err as Error).message) });
    await ledger.markOrderFailed(deps.db, row.recordNo, "The payment gateway did not create the order.", deps.now());
    throw new ApiError(503, PAYMENT_MESSAGES.gatewayDown);
  }
  if (order.amount !== row.amount || order.currency !== CURRENCY) {
    await ledger.markOrderFailed(deps.db, row.recordNo, "The gateway's order amount differs from ours.", deps.now());
    throw new ApiError(503, PAYMENT_MESSAGES.gatewayDown);
  }
  await ledger.setOrderId(deps.db, row.recordNo, order.id, deps.now());
  return {
    razorpayKeyId: gateway.keyId,
    order: { amount: order.amount, id: order.id, currency: order.currency },
    gateway: gateway.kind,
    testCheckoutUrl: gateway.kind === "test" ? `${TEST_GATEWAY_CHECKOUT_PATH}?order_id=${encodeURIComponent(order.id)}` : null,
  };
}

/** Razorpay must say the payment is captured for this order and amount; an authorized one we capture. */
async function confirmCaptured(gateway: PaymentGateway, row: LedgerRow, paymentId: string): Promise<GatewayPayment> {
  const fetchIt = async () => {
    try {
      return await gateway.fetchPayment(paymentId);
    } catch (err) {
      // A 4xx: Razorpay does not know this payment (a forged id); no answer: try again later.
      if (err instanceof GatewayError && err.status && err.status < 500) throw badRequest(PAYMENT_MESSAGES.mismatch);
      throw new ApiError(503, PAYMENT_MESSAGES.gatewayDown);
    }
  };
  let payment = await fetchIt();
  if (payment.order_id !== row.razorpayOrderId || payment.amount !== row.amount || payment.currency !== row.currency) {
    throw badRequest(PAYMENT_MESSAGES.mismatch);
  }
  if (payment.status === "authorized") {
    try {
      payment = await gateway.capturePayment(paymentId, row.amount, row.currency);
    } catch {
      // Another caller (the webhook, a double click) may have captured it meanwhile: ask again.
      payment = await fetchIt();
    }
  }
  if (payment.status !== "captured") {
    throw conflict(payment.status === "failed" && payment.error_description ? payment.error_description : PAYMENT_MESSAGES.notCaptured);
  }
  return payment;
}

/** Row paid + what it bought, in one transaction; a row already paid by this payment is the same result again. */
export async function grantOnce(deps: Deps, row: LedgerRow, paymentId: string) {
  try {
    const granted = await deps.db.transaction((tx) => ledgerOf(row.product).grant(tx, row, paymentId, deps.now()));
    if (row.product === "card" && !granted.alreadyGranted) {
      await planChanged(deps.db, row.agencyId, row.businessId);
      await cardWasPaid(deps.db, row.agencyId, deps.now(), deps.logger);
    }
    return granted;
  } catch (err) {
    // The unique payment id: this Razorpay payment already paid another row.
    if ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505") {
      throw conflict(PAYMENT_MESSAGES.alreadyPaidOther);
    }
    throw err;
  }
}

/**
 * Make-payment, for every product and for the callback_url: verify, confirm captured, grant.
 * `row` was found by the order id we stored; the signature is checked against that id.
 */
export async function completePayment(deps: Deps, row: LedgerRow, paymentId: string, signature: string): Promise<PaymentResult> {
  const gateway = gatewayOf(deps);
  if (!row.razorpayOrderId || !gateway.verifyCheckout(row.razorpayOrderId, paymentId, signature)) {
    throw badRequest(PAYMENT_MESSAGES.badSignature);
  }
  if (row.status === "paid") {
    // A replay or the loser of a double click: the same answer, unless it names another payment.
    if (row.razorpayPaymentId !== paymentId) throw conflict(PAYMENT_MESSAGES.alreadyPaidOther);
    return { planId: row.planId ?? 0, recordNo: row.recordNo };
  }
  if (row.status !== "created") throw conflict(`This payment is ${row.status}; it cannot be completed.`);
  await confirmCaptured(gateway, row, paymentId);
  const granted = await grantOnce(deps, row, paymentId);
  return { planId: granted.planId, recordNo: granted.recordNo };
}

/**
 * The row a customer's make-payment names: found by the order id we stored, in this agency, for
 * a business the caller may see and the one the body names (else 404: another business's order).
 */
export async function customerOrderRow(deps: Deps, actor: Actor, agency: AgencyRow, product: PaymentProduct, businessId: number, orderId: string) {
  if (actor.kind !== "customer") throw forbidden(PAYMENT_MESSAGES.staffRecordByHand);
  const row = await ledgerOf(product).byOrderId(deps.db, orderId);
  if (!row || row.agencyId !== agency.id || row.businessId !== businessId) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  if (!(await visibleBusinessRow(deps.db, actor, agency.id, businessId))) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return row;
}

/* ---------------- callback_url (in-app browsers, the test gateway) ---------------- */

/** A panel path to come back to after a payment; anything else (another site, `//evil`) gives the default. */
export const paymentReturnPath = (value: string | undefined) => safeReturnPath(value, ["/panel"]) ?? PAYMENT_REDIRECTS.failureDefault;

function withQuery(path: string, params: Record<string, string>) {
  const q = new URLSearchParams(params).toString();
  return path + (path.includes("?") ? "&" : "?") + q;
}

function failureRedirect(returnTo: string | undefined, reason: string) {
  return withQuery(paymentReturnPath(returnTo), { payment: "failed", reason: reason.slice(0, 200) });
}

async function successRedirect(db: Db, row: LedgerRow, result: PaymentResult) {
  const params: Record<string, string> = { product: row.product, recordNo: String(result.recordNo) };
  if (row.businessId !== null) {
    params.businessId = String(row.businessId);
    const [card] = await db
      .select({ cardNo: cards.cardNo })
      .from(cards)
      .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
      .where(and(eq(cards.businessId, row.businessId), isNull(cards.deletedAt)))
      .limit(1);
    if (card) params.cardNo = String(card.cardNo);
  }
  return withQuery(PAYMENT_REDIRECTS.success, params);
}

/**
 * POST /razorpay/callback: Razorpay (or the test gateway) posts the checkout result here from
 * the browser, usually without our session cookie (a cross-site POST). The signature is the
 * authority, so no session is needed; the answer is where to send the browser (303).
 */
export async function handleCallback(deps: Deps, agency: AgencyRow, form: Record<string, string>, returnTo: string | undefined): Promise<string> {
  const paymentId = form.razorpay_payment_id?.trim();
  const orderId = form.razorpay_order_id?.trim();
  const signature = form.razorpay_signature?.trim();
  if (!paymentId || !orderId || !signature) {
    // Razorpay's failure post: error[description] (and error[metadata] with the order id). Not
    // signed, so it only tells the customer why; it changes nothing.
    return failureRedirect(returnTo, form["error[description]"]?.trim() || "The payment was not completed.");
  }
  const row = await rowByOrderId(deps.db, orderId);
  if (!row || row.agencyId !== agency.id) return failureRedirect(returnTo, PAYMENT_MESSAGES.orderNotFound);
  try {
    const result = await completePayment(deps, row, paymentId, signature);
    // An agency's own payment (ADR 0023) goes back to the page it came from, marked paid.
    if ((AGENCY_PAYMENT_PRODUCTS as readonly string[]).includes(row.product)) return withQuery(paymentReturnPath(returnTo), { payment: "paid", recordNo: String(result.recordNo) });
    return await successRedirect(deps.db, row, result);
  } catch (err) {
    if (err instanceof ApiError) return failureRedirect(returnTo, err.message);
    throw err;
  }
}

/* ---------------- Webhook ---------------- */

type WebhookPayload = {
  event?: string;
  payload?: {
    payment_link?: { entity?: { id?: string; reference_id?: string; status?: string } };
    payment?: { entity?: Partial<GatewayPayment> & { id?: string } };
    order?: { entity?: { id?: string; amount?: number; currency?: string; status?: string } };
  };
};

export type WebhookOutcome = { received: true; duplicate: boolean; action: "granted" | "already-granted" | "noted" | "ignored" };

/**
 * POST /razorpay/webhook: signature over the exact raw bytes, then at most once per event id
 * (the event row is inserted in the same transaction as the grant, so a failed grant leaves no
 * row and Razorpay's retry tries again). Delivery order does not matter: a grant is a no-op on a
 * paid row, and a failure never undoes a payment (it only notes the reason on an unpaid row).
 */
export async function handleWebhook(deps: Deps, rawBody: string, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookOutcome> {
  const gateway = deps.paymentGateway;
  if (!gateway || !gateway.verifyWebhook(rawBody, signature)) throw badRequest("The webhook signature is not valid.");
  let body: WebhookPayload;
  try {
    body = JSON.parse(rawBody) as WebhookPayload;
  } catch {
    throw badRequest("The webhook body is not JSON.");
  }
  const event = typeof body.event === "string" ? body.event : "";
  // Razorpay sends x-razorpay-event-id; without it the signed body itself names the delivery.
  const eventId = eventIdHeader?.trim().slice(0, 100) || `body:${hashOf(rawBody)}`;
  const [seen] = await deps.db.select({ eventId: razorpayWebhookEvents.eventId }).from(razorpayWebhookEvents).where(eq(razorpayWebhookEvents.eventId, eventId));
  if (seen) return { received: true, duplicate: true, action: "ignored" };

  const entity = body.payload?.payment?.entity;
  const orderId = entity?.order_id ?? body.payload?.order?.entity?.id ?? null;
  // A Payment Link's payment (ADR 0067) names our row by the link's reference, not by an order we made.
  const linkRef = event === "payment_link.paid" ? body.payload?.payment_link?.entity?.reference_id : undefined;
  const row = linkRef ? await cardRowByLinkReference(deps.db, linkRef) : orderId ? await rowByOrderId(deps.db, orderId) : undefined;
  const now = deps.now();
  const record = (agencyId: number | null) => ({ eventId, event, agencyId, payload: body as object, receivedAt: now, processedAt: now });

  const completes = event === "payment.captured" || event === "order.paid" || event === "payment.authorized" || (event === "payment_link.paid" && entity?.status === "captured");
  // Only an open order is granted. A row reversed (refunded) or failed since is final: the event is
  // recorded below and answered 2xx, or Razorpay would retry a 409 for days (issue 22 L4).
  if (row && entity?.id && completes && row.status !== "paid" && row.status !== "created") {
    deps.logger.warn("Razorpay webhook for a payment that is no longer open: recorded, nothing changed", { event, orderId, recordNo: row.recordNo, status: row.status });
  }
  if (row && entity?.id && completes && row.status === "created") {
    if (entity.amount !== row.amount || (entity.currency ?? row.currency) !== row.currency) {
      deps.logger.warn("Razorpay webhook amount differs from our order", { event, orderId, recordNo: row.recordNo });
    } else {
      const paymentId = entity.id;
      // payment.authorized (auto-capture off): capture it ourselves, like make-payment does.
      if (entity.status !== "captured") await confirmCaptured(gatewayOf(deps), row, paymentId);
      const outcome = await deps.db.transaction(async (tx) => {
        const inserted = await tx.insert(razorpayWebhookEvents).values(record(row.agencyId)).onConflictDoNothing().returning({ eventId: razorpayWebhookEvents.eventId });
        if (!inserted.length) return "duplicate" as const;
        const granted = await ledgerOf(row.product).grant(tx, row, paymentId, now);
        return granted.alreadyGranted ? ("already-granted" as const) : ("granted" as const);
      });
      if (outcome === "duplicate") return { received: true, duplicate: true, action: "ignored" };
      if (outcome === "granted" && row.product === "card") {
        await planChanged(deps.db, row.agencyId, row.businessId);
        await cardWasPaid(deps.db, row.agencyId, now, deps.logger);
      }
      if (outcome === "granted") deps.logger.info("Razorpay webhook granted a payment the browser did not complete", { event, product: row.product, recordNo: row.recordNo });
      return { received: true, duplicate: false, action: outcome };
    }
  }

  const inserted = await deps.db.insert(razorpayWebhookEvents).values(record(row?.agencyId ?? null)).onConflictDoNothing().returning({ eventId: razorpayWebhookEvents.eventId });
  if (!inserted.length) return { received: true, duplicate: true, action: "ignored" };
  if (row && event === "payment.failed" && row.status === "created") {
    await ledgerOf(row.product).noteFailure(deps.db, row.recordNo, (entity?.error_description ?? "The payment failed.").slice(0, 500), now);
    return { received: true, duplicate: false, action: "noted" };
  }
  return { received: true, duplicate: false, action: row && row.status === "paid" && completes ? "already-granted" : "ignored" };
}

const hashOf = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

/* ---------------- Reconciliation ---------------- */

const MINUTE_MS = 60_000;
/** Razorpay refunds a payment left authorized after 3 days; late authorizations arrive within that. */
const RECONCILE_WINDOW_MS = 3 * 24 * 60 * MINUTE_MS;
/** Younger orders are probably still in checkout (the browser or the webhook will finish them). */
const RECONCILE_AFTER_MS = 10 * MINUTE_MS;

/**
 * Grants paid orders that neither the browser nor a webhook completed (a missed or disabled
 * webhook, a late authorization): asks Razorpay for each open order's payments
 * (GET /v1/orders/{id}/payments) and completes one that is captured or authorized for our
 * amount, through the same capture and grant code. Returns how many were granted.
 */
export async function reconcileOpenOrders(deps: Deps, limit = 50): Promise<number> {
  const gateway = deps.paymentGateway;
  if (!gateway) return 0;
  const now = deps.now().getTime();
  const orderIds = await openOrderIds(deps.db, new Date(now - RECONCILE_WINDOW_MS), new Date(now - RECONCILE_AFTER_MS), limit);
  let granted = 0;
  for (const orderId of orderIds) {
    try {
      const row = await rowByOrderId(deps.db, orderId);
      if (!row || row.status !== "created") continue;
      const payments = await gateway.orderPayments(orderId);
      const paid = payments.find((p) => (p.status === "captured" || p.status === "authorized") && p.amount === row.amount && p.currency === row.currency);
      if (!paid) continue;
      await confirmCaptured(gateway, row, paid.id);
      const result = await grantOnce(deps, row, paid.id);
      if (!result.alreadyGranted) {
        granted += 1;
        deps.logger.info("Reconciliation granted a paid order nobody completed", { product: row.product, recordNo: row.recordNo });
      }
    } catch (err) {
      deps.logger.warn("Reconciling a Razorpay order failed", { orderId, error: String((err as Error).message) });
    }
  }
  return granted;
}

