import { and, desc, eq, gte, isNull, or } from "drizzle-orm";
import type { Actor } from "#server/auth/roles.ts";
import { agencyPdfCardPaymentConfigs, cardPayments, subscriptionPlans } from "#server/db/schema/billing.ts";
import { pdfCardPayments, userVideoPayments, videoTemplates } from "#server/db/schema/content.ts";
import { agencies } from "#server/db/schema/core.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import { lockVisibleBusinessRow, visibleBusinessRow } from "#server/api/business/service.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import { conflict, forbidden, notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import type { PaymentOrderResponse, PaymentRecord, PaymentResult } from "#contracts/payments.ts";
import { completePayment, customerOrderRow, openOrder, payableBusiness, PAYMENT_MESSAGES } from "./gateway.ts";

/*
 * The customer payment calls of SPEC §7 that go through the gateway (ADR 0015): the plan
 * purchase's order and make-payment, PDF card payments, user video payments, and the agency PDF
 * card payment config. All of them use service.ts for the gateway itself.
 */

/** A promotional video's price when the agency sets none (configuration.video.pricePerVideo, paise). */
export const DEFAULT_VIDEO_PRICE_PAISE = 19_900;

/* ---------------- Card payment: buying a plan ---------------- */

/** POST /card-payment/order: our row at OUR price (never the client's), then the Razorpay order. */
export async function createCardOrder(deps: Deps, actor: Actor, agency: AgencyRow, body: { businessId: number; planId: number }): Promise<PaymentOrderResponse> {
  const business = await payableBusiness(deps.db, actor, agency, body.businessId);
  const [plan] = await deps.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.subscriptionPlanId, body.planId), eq(subscriptionPlans.agencyId, agency.id), eq(subscriptionPlans.isActive, true)))
    .limit(1);
  if (!plan || (plan.isCustom && plan.businessId !== business.businessId)) throw notFound("Plan not found.");
  const now = deps.now();
  const [row] = await deps.db
    .insert(cardPayments)
    .values({
      agencyId: agency.id,
      businessId: business.businessId,
      subscriptionPlanId: plan.subscriptionPlanId,
      planName: plan.name,
      amount: plan.price,
      throughGateway: true,
      gateway: deps.paymentGateway?.kind ?? null,
      status: "created",
      createdAt: now,
      updatedAt: now,
    })
    .returning({ recordNo: cardPayments.recordNo });
  return openOrder(deps, "card", { recordNo: row.recordNo, amount: plan.price, agencyId: agency.id, businessId: business.businessId, planId: plan.subscriptionPlanId });
}

/** POST /card-payment/gateway: make-payment for a plan. */
export async function completeCardPayment(
  deps: Deps,
  actor: Actor,
  agency: AgencyRow,
  body: { businessId: number; planId: number; razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
): Promise<PaymentResult> {
  const row = await customerOrderRow(deps, actor, agency, "card", body.businessId, body.razorpay_order_id);
  if (row.planId !== body.planId) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return completePayment(deps, row, body.razorpay_payment_id, body.razorpay_signature);
}

/* ---------------- PDF card payments and user video payments ---------------- */

type ProductBody = {
  businessId: number;
  razorpay_payment_id?: string;
  razorpay_order_id?: string;
  razorpay_signature?: string;
  isManualUpdate?: boolean;
  paymentAmount?: number;
};

/** The agency's single-PDF price for this plan id (SPEC §9: pdfCardConfig.customerPlans), or 404. */
function pdfPlanPrice(agency: AgencyRow, planId: number): number {
  const config = agency.configuration.pdfCardConfig;
  const plan = config?.enablePdfCardProduct ? config.customerPlans?.find((p) => p.id === planId) : undefined;
  if (!plan) throw notFound("PDF card plan not found.");
  return plan.price;
}

async function videoPrice(deps: Deps, agency: AgencyRow, templateId: number): Promise<number> {
  if (!agency.configuration.video?.enableVideo) throw notFound("Promotional videos are not enabled.");
  const [template] = await deps.db
    .select({ templateId: videoTemplates.templateId })
    .from(videoTemplates)
    .where(and(eq(videoTemplates.templateId, templateId), eq(videoTemplates.isActive, true), or(isNull(videoTemplates.agencyId), eq(videoTemplates.agencyId, agency.id))))
    .limit(1);
  if (!template) throw notFound("Video template not found.");
  return agency.configuration.video.pricePerVideo ?? DEFAULT_VIDEO_PRICE_PAISE;
}

/** POST /pdf-card/pdf-card-payment/order */
export async function createPdfCardOrder(deps: Deps, actor: Actor, agency: AgencyRow, body: { businessId: number; planId: number }) {
  const business = await payableBusiness(deps.db, actor, agency, body.businessId);
  const amount = pdfPlanPrice(agency, body.planId);
  const now = deps.now();
  const [row] = await deps.db
    .insert(pdfCardPayments)
    .values({ agencyId: agency.id, businessId: business.businessId, planId: body.planId, amount, throughGateway: true, status: "created", createdAt: now, updatedAt: now })
    .returning({ recordNo: pdfCardPayments.recordNo });
  return openOrder(deps, "pdf-card", { recordNo: row.recordNo, amount, agencyId: agency.id, businessId: business.businessId, planId: body.planId });
}

/** POST /video/user-video-payment/order */
export async function createUserVideoOrder(deps: Deps, actor: Actor, agency: AgencyRow, body: { businessId: number; templateId: number }) {
  const business = await payableBusiness(deps.db, actor, agency, body.businessId);
  const amount = await videoPrice(deps, agency, body.templateId);
  const now = deps.now();
  const [row] = await deps.db
    .insert(userVideoPayments)
    .values({ agencyId: agency.id, businessId: business.businessId, amount, throughGateway: true, status: "created", createdAt: now, updatedAt: now })
    .returning({ recordNo: userVideoPayments.recordNo });
  return openOrder(deps, "user-video", { recordNo: row.recordNo, amount, agencyId: agency.id, businessId: business.businessId, planId: null });
}

/**
 * A PDF card or video credit staff collected by hand (cash, UPI), after the panel's Confirm, on a
 * business they may see: a paid row, no gateway. A double click (the same staff member,
 * business, product, plan and amount within DUPLICATE_WINDOW_MS) returns the first row instead of
 * a second credit; the business row lock makes two racing posts see each other, as for the
 * manual card payment.
 */
async function recordManualCredit(
  deps: Deps,
  actor: Actor,
  agency: AgencyRow,
  product: "pdf-card" | "user-video",
  businessId: number,
  amount: number,
  planId: number | null,
): Promise<number> {
  if (actor.kind !== "staff") throw forbidden("Only staff record payments by hand.");
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await lockVisibleBusinessRow(tx, actor, agency.id, businessId))) throw notFound("Business not found.");
    const [recent] = await tx
      .select({ recordNo: t.recordNo })
      .from(t)
      .where(
        and(
          eq(t.businessId, businessId),
          eq(t.isManualUpdate, true),
          eq(t.status, "paid"),
          eq(t.recordedByFranchiseeId, actor.franchiseeId),
          eq(t.amount, amount),
          planId === null ? undefined : eq(pdfCardPayments.planId, planId),
          gte(t.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(t.createdAt))
      .limit(1);
    if (recent) return recent.recordNo;
    const [row] = await tx
      .insert(t)
      .values({
        agencyId: agency.id,
        businessId,
        ...(planId === null ? {} : { planId }),
        amount,
        isManualUpdate: true,
        status: "paid",
        paidAt: now,
        recordedByFranchiseeId: actor.franchiseeId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ recordNo: t.recordNo });
    return row.recordNo;
  });
}

/** POST /pdf-card/pdf-card-payment: make-payment (customer) or a manual payment (staff: flag + amount). */
export async function payPdfCard(deps: Deps, actor: Actor, agency: AgencyRow, body: ProductBody & { planId: number }): Promise<PaymentResult> {
  if (body.isManualUpdate) {
    const amount = body.paymentAmount ?? pdfPlanPrice(agency, body.planId);
    const recordNo = await recordManualCredit(deps, actor, agency, "pdf-card", body.businessId, amount, body.planId);
    return { planId: body.planId, recordNo };
  }
  const row = await customerOrderRow(deps, actor, agency, "pdf-card", body.businessId, body.razorpay_order_id!);
  if (row.planId !== body.planId) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return completePayment(deps, row, body.razorpay_payment_id!, body.razorpay_signature!);
}

/** POST /video/user-video-payment: make-payment (customer) or a manual payment (staff). `planId` in the result is the template. */
export async function payUserVideo(deps: Deps, actor: Actor, agency: AgencyRow, body: ProductBody & { templateId: number }): Promise<PaymentResult> {
  if (body.isManualUpdate) {
    const amount = body.paymentAmount ?? (await videoPrice(deps, agency, body.templateId));
    const recordNo = await recordManualCredit(deps, actor, agency, "user-video", body.businessId, amount, null);
    return { planId: body.templateId, recordNo };
  }
  const row = await customerOrderRow(deps, actor, agency, "user-video", body.businessId, body.razorpay_order_id!);
  const result = await completePayment(deps, row, body.razorpay_payment_id!, body.razorpay_signature!);
  return { planId: body.templateId, recordNo: result.recordNo };
}

/** GET …?businessId: the business's payments of this product, newest first (a business the caller may not see is 404). */
export async function listProductPayments(deps: Deps, actor: Actor, agency: AgencyRow, product: "pdf-card" | "user-video", businessId: number) {
  const business = await visibleBusinessRow(deps.db, actor, agency.id, businessId);
  if (!business) throw notFound("Business not found.");
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  const rows = await deps.db
    .select()
    .from(t)
    .where(and(eq(t.businessId, businessId), eq(t.agencyId, agency.id)))
    .orderBy(desc(t.createdAt), desc(t.recordNo));
  const list: (PaymentRecord & { used: boolean })[] = rows.map((r) => ({
    recordNo: r.recordNo,
    product,
    businessId: r.businessId,
    businessName: business.businessName,
    planId: "planId" in r ? (r.planId as number | null) : null,
    planName: null,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    throughGateway: r.throughGateway,
    isManualUpdate: r.isManualUpdate,
    razorpayOrderId: r.razorpayOrderId,
    razorpayPaymentId: r.razorpayPaymentId,
    failureReason: r.failureReason,
    paidAt: r.paidAt,
    validFrom: null,
    validUntil: null,
    createdAt: r.createdAt,
    used: ("pdfCardNo" in r ? r.pdfCardNo : (r as { videoNo: number | null }).videoNo) !== null,
  }));
  return { list, total: list.length, businessId };
}

/**
 * DELETE …?recordNo (admin): takes back what the payment gave. A paid credit not yet used is
 * refunded (in our records; money paid through Razorpay is refunded in its dashboard); one
 * already used by a PDF card or video is 409; an unpaid order is closed (failed). Repeating it
 * changes nothing.
 */
export async function reverseProductPayment(deps: Deps, actor: Actor, agency: AgencyRow, product: "pdf-card" | "user-video", recordNo: number) {
  const t = product === "pdf-card" ? pdfCardPayments : userVideoPayments;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(and(eq(t.recordNo, recordNo), eq(t.agencyId, agency.id))).for("update");
    if (!row) throw notFound("Payment not found.");
    if (row.businessId !== null && !(await visibleBusinessRow(tx, actor, agency.id, row.businessId))) throw notFound("Payment not found.");
    const used = ("pdfCardNo" in row ? row.pdfCardNo : (row as { videoNo: number | null }).videoNo) !== null;
    if (row.status === "paid" && used) throw conflict("This payment was already used and cannot be reversed.");
    const status = row.status === "paid" || row.status === "refunded" ? ("refunded" as const) : ("failed" as const);
    if (status !== row.status) await tx.update(t).set({ status, updatedAt: deps.now() }).where(eq(t.recordNo, recordNo));
    return { recordNo, status, changed: status !== row.status };
  });
}

/* ---------------- Agency PDF card payment config ---------------- */

/** Which agency a call is about: its own, or (superadmin agency only) any; anything else is 404. */
async function targetAgency(deps: Deps, agency: AgencyRow, agencyId: number | undefined) {
  if (agencyId === undefined || agencyId === agency.id) return agency.id;
  if (!isSuperadminAgency(agency)) throw notFound("Agency not found.");
  const [row] = await deps.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!row) throw notFound("Agency not found.");
  return row.id;
}

/** GET /agency-pdf-card-payment?agencyId: what the platform charges the agency per PDF card plan. */
export async function agencyPdfCardConfig(deps: Deps, agency: AgencyRow, agencyId: number | undefined) {
  const id = await targetAgency(deps, agency, agencyId);
  const [row] = await deps.db.select().from(agencyPdfCardPaymentConfigs).where(eq(agencyPdfCardPaymentConfigs.agencyId, id)).limit(1);
  return { agencyId: id, plans: row?.plans ?? [] };
}

/** POST /agency-pdf-card-payment (superadmin agency's admin): replaces the agency's list. */
export async function saveAgencyPdfCardConfig(deps: Deps, agency: AgencyRow, body: { agencyId?: number; plans: { id: number; price: number; name?: string }[] }) {
  const id = await targetAgency(deps, agency, body.agencyId);
  const ids = new Set(body.plans.map((p) => p.id));
  if (ids.size !== body.plans.length) throw conflict("Each PDF card plan id may appear once.");
  const now = deps.now();
  await deps.db
    .insert(agencyPdfCardPaymentConfigs)
    .values({ agencyId: id, plans: body.plans, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: agencyPdfCardPaymentConfigs.agencyId, set: { plans: body.plans, updatedAt: now } });
  return { agencyId: id, plans: body.plans };
}

