import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { MANUAL_PAYMENT_METHODS } from "../../../contracts/payment-texts.ts";
import { businesses } from "./business.ts";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies, franchisees } from "./core.ts";
import { paymentColumns } from "./shared.ts";

export { PAYMENT_STATUSES, type PaymentStatus } from "./shared.ts";

// Plan shapes are the contracts' (declared once, ADR 0015); the tables store them as jsonb.
import { ALL_FRAMES_SHOWN, type FrameVisibility, type PlanLimits } from "../../../contracts/plans.ts";
export type { FrameVisibility, PlanLimits };

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    subscriptionPlanId: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Integer paise. */
    price: integer().notNull(),
    validityYears: integer().notNull().default(1),
    limits: jsonb().$type<PlanLimits>().notNull(),
    frameVisibility: jsonb().$type<FrameVisibility>().notNull().default(ALL_FRAMES_SHOWN),
    /** A custom plan is made by an admin for one business and never listed to others. */
    isCustom: boolean().notNull().default(false),
    businessId: integer().references((): AnyPgColumn => businesses.businessId, { onDelete: "cascade" }),
    /** Deleting a plan that was bought only deactivates it (payments keep their reference). */
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscription_plans_agency_idx").on(t.agencyId, t.isActive, t.sortOrder),
    index("subscription_plans_business_idx").on(t.businessId),
    check("subscription_plans_price_ck", sql`${t.price} >= 0`),
    check("subscription_plans_validity_ck", sql`${t.validityYears} >= 1`),
  ],
);

/*
 * Money rows keep their history: when a business or card is hard-deleted the payment's link
 * is set to null instead of deleting the payment (agency accounting and refunds need it).
 */

export const cardPayments = pgTable(
  "card_payments",
  {
    recordNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer().references((): AnyPgColumn => businesses.businessId, { onDelete: "set null" }),
    subscriptionPlanId: integer(), // FK below
    /** Plan name at purchase time, for receipts after a plan is renamed or removed. */
    planName: text(),
    ...paymentColumns("card_payments"),
    /** Which gateway took it (null: recorded by hand, or paid before this was kept): a receipt says a test payment moved no money. */
    gateway: text({ enum: ["razorpay", "test"] }),
    /** A payment recorded by hand: how it was made and its reference (ADR 0044). */
    paymentMethod: text({ enum: MANUAL_PAYMENT_METHODS }),
    paymentReference: text(),
    validFrom: tstz(),
    validUntil: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("card_payments_business_created_idx").on(t.businessId, t.createdAt),
    index("card_payments_agency_created_idx").on(t.agencyId, t.createdAt),
    foreignKey({
      name: "card_payments_subscription_plan_fk",
      columns: [t.subscriptionPlanId],
      foreignColumns: [subscriptionPlans.subscriptionPlanId],
    }).onDelete("set null"),
  ],
);

export const BILL_STATUSES = ["pending", "paid"] as const;

/**
 * What an agency owes the platform for one Asia/Kolkata calendar month (ADR 0023): one row per
 * agency per month (the unique key makes generation idempotent). Totals are kept in step with the
 * items by server/api/billing/rules.ts; money is integer paise.
 */
export const monthPayments = pgTable(
  "month_payments",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    month: integer().notNull(),
    year: integer().notNull(),
    /** The agency's per-card price when the bill was opened (every line of this bill uses it). */
    perCardPrice: integer().notNull().default(0),
    /** Sum of the lines still in the bill. */
    subtotal: integer().notNull().default(0),
    gstPercent: integer().notNull().default(0),
    gstAmount: integer().notNull().default(0),
    /** subtotal + GST. */
    amount: integer().notNull().default(0),
    amountPaid: integer().notNull().default(0),
    /** max(0, amount - amountPaid). */
    outstanding: integer().notNull().default(0),
    status: text({ enum: BILL_STATUSES }).notNull().default("pending"),
    dueDate: tstz().notNull(),
    paidAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("month_payments_agency_period_uq").on(t.agencyId, t.year, t.month),
    index("month_payments_period_idx").on(t.year, t.month),
    check("month_payments_month_ck", sql`${t.month} between 1 and 12`),
    check("month_payments_amounts_ck", sql`${t.subtotal} >= 0 and ${t.amountPaid} >= 0 and ${t.outstanding} >= 0`),
  ],
);

/**
 * A card paid or renewed in the bill's month; "move out" stamps movedOutAt (and why) instead of
 * deleting. A line is a snapshot (business, card and plan as billed): only its bill is a foreign
 * key, so generating 100,000 lines checks one reference each (ADR 0023, bench), and a business or
 * card deleted later leaves the bill as it was.
 */
export const monthBillItems = pgTable(
  "month_bill_items",
  {
    id: id(),
    agencyId: integer().notNull(),
    monthPaymentId: integer()
      .notNull()
      .references(() => monthPayments.id, { onDelete: "cascade" }),
    businessId: integer(),
    cardNo: integer(),
    /** Card slug, business and plan at billing time, so the bill still reads right after they change. */
    cardId: text(),
    businessName: text(),
    planName: text(),
    /** The card payment that put the card in this month (the latest of the month). */
    cardPaymentRecordNo: integer(),
    /** What the customer paid (paise). */
    customerPrice: integer().notNull().default(0),
    cardPaidAt: tstz(),
    /** The agency's per-card price (paise). */
    amount: integer().notNull(),
    movedOutAt: tstz(),
    movedOutReason: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("month_bill_items_bill_business_uq").on(t.monthPaymentId, t.businessId)],
);

/** One payment towards a month bill: a gateway order (created → paid | failed) or a recorded offline payment. */
export const monthBillPayments = pgTable(
  "month_bill_payments",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    monthPaymentId: integer()
      .notNull()
      .references(() => monthPayments.id, { onDelete: "cascade" }),
    ...paymentColumns("month_bill_payments"),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("month_bill_payments_bill_idx").on(t.monthPaymentId), index("month_bill_payments_agency_idx").on(t.agencyId, t.createdAt)],
);

/** Annual fees an agency paid the platform (recorded, not through the gateway). */
export const annualPayments = pgTable(
  "annual_payments",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    year: integer().notNull(),
    amount: integer().notNull(),
    status: text({ enum: BILL_STATUSES }).notNull().default("paid"),
    isManualUpdate: boolean().notNull().default(true),
    paidAt: tstz(),
    validFrom: tstz(),
    validUntil: tstz(),
    note: text(),
    recordedByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("annual_payments_agency_idx").on(t.agencyId, t.year)],
);

/** An agency paying the platform for one month of the greeting-images product ([validFrom, validUntil)). */
export const agencyImagePayments = pgTable(
  "agency_image_payments",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    ...paymentColumns("agency_image_payments"),
    recordedByFranchiseeId: integer(), // FK below (named: the generated name passes 63 chars)
    validFrom: tstz(),
    validUntil: tstz(),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("agency_image_payments_agency_idx").on(t.agencyId, t.createdAt),
    foreignKey({
      name: "agency_image_payments_recorded_by_fk",
      columns: [t.recordedByFranchiseeId],
      foreignColumns: [franchisees.id],
    }).onDelete("set null"),
  ],
);

/** Every change to an agency's billing: who, when, what it was before and after (ADR 0023). */
export const billingAudit = pgTable(
  "billing_audit",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    actorFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    /** The actor's name at the time ("system" for the scheduled job). */
    actorName: text().notNull(),
    action: text().notNull(),
    /** What changed, e.g. "month_payment:12". */
    subject: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    reason: text(),
    at: createdAt(),
  },
  (t) => [index("billing_audit_agency_idx").on(t.agencyId, t.at)],
);

/** Price (paise) per PDF card plan that the platform charges this agency. */
export type AgencyPdfCardPlan = { id: number; price: number; name?: string };

export const agencyPdfCardPaymentConfigs = pgTable("agency_pdf_card_payment_configs", {
  id: id(),
  agencyId: integer()
    .notNull()
    .unique("agency_pdf_card_payment_configs_agency_uq")
    .references(() => agencies.id, { onDelete: "cascade" }),
  plans: jsonb().$type<AgencyPdfCardPlan[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Razorpay webhooks are delivered at least once: the event id is the primary key, so a
 * redelivery hits a conflict and is skipped. Platform-wide (agency unknown until parsed).
 */
export const razorpayWebhookEvents = pgTable("razorpay_webhook_events", {
  eventId: text().primaryKey(),
  event: text().notNull(),
  agencyId: integer().references(() => agencies.id, { onDelete: "set null" }),
  payload: jsonb().notNull(),
  receivedAt: createdAt(),
  processedAt: tstz(),
});
