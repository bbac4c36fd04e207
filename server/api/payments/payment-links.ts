import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { safeReturnPath } from "#contracts/return-path.ts";
import { PAYMENT_REDIRECTS } from "#contracts/payments.ts";
import { cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { ApiError, badRequest, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { GatewayError } from "#server/services/payment-gateway/index.ts";
import { cardRowByLinkReference, planLedger } from "./plan-ledger.ts";
import { BELOW_MINIMUM, grantOnce, PAYMENT_MESSAGES, payableOnline } from "./gateway.ts";
import type { LedgerRow } from "./ledgers.ts";

/*
 * Razorpay Payment Links for a plan (ADR 0067): a page of Razorpay's that the owner pays without
 * signing in. Our card_payments row (status created, OUR price) comes first; the link's
 * reference_id is `card-{recordNo}`, the same unique name an order's receipt has, so the link ties
 * to the business and plan through our row. Every way a link completes (the browser's callback,
 * the payment_link.paid webhook) ends in grantOnce: the same one-grant path as every payment.
 */

/** Razorpay allows a link at most six months; a renewal link needs weeks. */
const LINK_LIFETIME_SECONDS = 30 * 24 * 3600;

type PaymentLinkOpened = { recordNo: number; linkId: string; url: string; amount: number };

/**
 * A new payment row for the business's plan and its Razorpay Payment Link. The caller checked
 * the business is this agency's. A plan not of this agency (or another business's custom plan)
 * is 404; the provider's failure marks the row failed and answers 503.
 */
export async function openPlanPaymentLink(
  deps: Deps,
  agency: AgencyRow,
  input: { businessId: number; planId: number; description: string; customer: { name?: string; contact?: string; email?: string }; callbackUrl: string },
): Promise<PaymentLinkOpened> {
  const gateway = deps.paymentGateway;
  if (!gateway) throw new ApiError(503, PAYMENT_MESSAGES.unavailable);
  const [plan] = await deps.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.subscriptionPlanId, input.planId), eq(subscriptionPlans.agencyId, agency.id)))
    .limit(1);
  if (!plan || (plan.isCustom && plan.businessId !== input.businessId)) throw notFound("Plan not found.");
  if (!payableOnline(plan.price)) throw badRequest(BELOW_MINIMUM);
  const now = deps.now();
  const [row] = await deps.db
    .insert(cardPayments)
    .values({
      agencyId: agency.id,
      businessId: input.businessId,
      subscriptionPlanId: plan.subscriptionPlanId,
      planName: plan.name,
      amount: plan.price,
      throughGateway: true,
      gateway: gateway.kind,
      status: "created",
      createdAt: now,
      updatedAt: now,
    })
    .returning({ recordNo: cardPayments.recordNo });
  try {
    const link = await gateway.createPaymentLink({
      amount: plan.price,
      currency: "INR",
      reference_id: `card-${row.recordNo}`,
      description: input.description.slice(0, 2048),
      customer: input.customer,
      callback_url: input.callbackUrl,
      expire_by: Math.floor(now.getTime() / 1000) + LINK_LIFETIME_SECONDS,
      notes: { product: "card", agencyId: String(agency.id), businessId: String(input.businessId), planId: String(plan.subscriptionPlanId), recordNo: String(row.recordNo) },
    });
    if (link.amount !== plan.price) throw new GatewayError("The gateway's link amount differs from ours.");
    return { recordNo: row.recordNo, linkId: link.id, url: link.short_url, amount: plan.price };
  } catch (err) {
    deps.logger.warn("Razorpay payment link failed", { recordNo: row.recordNo, error: String((err as Error).message) });
    await planLedger.markOrderFailed(deps.db, row.recordNo, "The payment gateway did not create the payment link.", deps.now());
    throw new ApiError(503, PAYMENT_MESSAGES.gatewayDown);
  }
}

/** Razorpay must say this payment is captured, for our amount: a signed callback alone is not money. */
async function confirmLinkPayment(deps: Deps, row: LedgerRow, paymentId: string) {
  let payment;
  try {
    payment = await deps.paymentGateway!.fetchPayment(paymentId);
  } catch (err) {
    if (err instanceof GatewayError && err.status && err.status < 500) throw badRequest(PAYMENT_MESSAGES.mismatch);
    throw new ApiError(503, PAYMENT_MESSAGES.gatewayDown);
  }
  if (payment.amount !== row.amount || payment.currency !== row.currency) throw badRequest(PAYMENT_MESSAGES.mismatch);
  if (payment.status !== "captured") throw new ApiError(409, PAYMENT_MESSAGES.notCaptured);
}

/** Closes a link's payment row that will not be used (the losing tap of two), if nobody paid it yet. */
export async function dropPlanPaymentLink(deps: Pick<Deps, "db">, recordNo: number, reason: string, now: Date) {
  await deps.db.update(cardPayments).set({ status: "failed", failureReason: reason, updatedAt: now }).where(and(eq(cardPayments.recordNo, recordNo), eq(cardPayments.status, "created")));
}

/**
 * The browser back from a paid link (callback_url, GET): the signature over link id, reference,
 * status and payment id with our key secret, then Razorpay confirms the payment, then the grant.
 * A replay of the same callback is the same answer; nothing is granted twice.
 */
async function completePaymentLink(
  deps: Deps,
  agency: AgencyRow,
  q: { razorpay_payment_id: string; razorpay_payment_link_id: string; razorpay_payment_link_reference_id: string; razorpay_payment_link_status: string; razorpay_signature: string },
) {
  const gateway = deps.paymentGateway;
  if (!gateway) throw new ApiError(503, PAYMENT_MESSAGES.unavailable);
  const cb = { paymentId: q.razorpay_payment_id, linkId: q.razorpay_payment_link_id, referenceId: q.razorpay_payment_link_reference_id, status: q.razorpay_payment_link_status };
  if (!gateway.verifyPaymentLink(cb, q.razorpay_signature)) throw badRequest(PAYMENT_MESSAGES.badSignature);
  const row = await cardRowByLinkReference(deps.db, cb.referenceId);
  if (!row || row.agencyId !== agency.id) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  if (cb.status !== "paid") throw new ApiError(409, PAYMENT_MESSAGES.notCaptured);
  if (row.status === "paid") {
    if (row.razorpayPaymentId !== cb.paymentId) throw new ApiError(409, PAYMENT_MESSAGES.alreadyPaidOther);
    return { recordNo: row.recordNo, businessId: row.businessId, alreadyGranted: true };
  }
  if (row.status !== "created") throw new ApiError(409, `This payment is ${row.status}; it cannot be completed.`);
  await confirmLinkPayment(deps, row, cb.paymentId);
  const granted = await grantOnce(deps, row, cb.paymentId);
  return { recordNo: row.recordNo, businessId: row.businessId, alreadyGranted: granted.alreadyGranted };
}

/**
 * A Payment Link paid while neither the browser's callback nor the webhook reached us (a closed
 * tab, a webhook lost or not configured; ADR 0067): Razorpay says the link is paid, its order has
 * a captured payment of our amount, and the same grant runs as for the callback. Nothing is
 * granted twice (a paid row is left alone). True when this call granted the plan.
 */
export async function reconcilePaymentLink(deps: Deps, linkId: string): Promise<boolean> {
  const gateway = deps.paymentGateway;
  if (!gateway) return false;
  const link = await gateway.fetchPaymentLink(linkId);
  if (link.status !== "paid" || !link.order_id) return false;
  const row = await cardRowByLinkReference(deps.db, link.reference_id);
  if (!row || row.status !== "created") return false;
  const paid = (await gateway.orderPayments(link.order_id)).find((p) => p.status === "captured" && p.amount === row.amount && p.currency === row.currency);
  if (!paid) return false;
  await confirmLinkPayment(deps, row, paid.id);
  const granted = await grantOnce(deps, row, paid.id);
  if (!granted.alreadyGranted) deps.logger.info("Reconciliation granted a paid Payment Link nobody completed", { recordNo: row.recordNo, linkId });
  return !granted.alreadyGranted;
}

/** Where a paid (or failed) link sends the browser: a renewal page or a panel page of this site, never elsewhere. */
const linkReturnPath = (value: string | undefined) => safeReturnPath(value, ["/renew", "/panel"]) ?? PAYMENT_REDIRECTS.failureDefault;

const withQuery = (path: string, params: Record<string, string>) => path + (path.includes("?") ? "&" : "?") + new URLSearchParams(params).toString();

/** GET /razorpay/payment-link/callback: complete, then 303 back to `return` with payment=paid, or payment=failed&reason. */
export async function paymentLinkCallback(c: Context, deps: Deps, agency: AgencyRow, q: Record<string, string | undefined>) {
  const back = linkReturnPath(q.return);
  const fields = ["razorpay_payment_id", "razorpay_payment_link_id", "razorpay_payment_link_reference_id", "razorpay_payment_link_status", "razorpay_signature"] as const;
  if (fields.some((f) => !q[f])) return c.redirect(withQuery(back, { payment: "failed", reason: "The payment was not completed." }), 303);
  try {
    const done = await completePaymentLink(deps, agency, Object.fromEntries(fields.map((f) => [f, q[f]!])) as Parameters<typeof completePaymentLink>[2]);
    return c.redirect(withQuery(back, { payment: "paid", recordNo: String(done.recordNo) }), 303);
  } catch (err) {
    if (err instanceof ApiError) return c.redirect(withQuery(back, { payment: "failed", reason: err.message.slice(0, 200) }), 303);
    throw err;
  }
}
