import { boolean, integer, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { franchisees } from "./core.ts";
import { PAYMENT_STATUSES } from "../../../contracts/payment-texts.ts";

/*
 * Values the domain schema files (business, billing, content) use while loading. They import
 * each other for foreign keys (inside lazy callbacks, which is fine), so anything used eagerly
 * lives here, a leaf module importing only core, to keep the cycle harmless.
 */

export { CONTACT_FIELD_TYPES, type ContactFieldType } from "../../../contracts/enums.ts";

// Gateway payments go created → paid | failed; an admin may refund a paid one (declared once, in contracts).
export { PAYMENT_STATUSES, type PaymentStatus } from "../../../contracts/payment-texts.ts";

/** Columns every payment row shares (card, agency image, PDF card, user video). */
export const paymentColumns = (table: string) => ({
  /** Money is always integer paise (₹1 = 100). */
  amount: integer().notNull(),
  currency: text().notNull().default("INR"),
  /** Paid through Razorpay (true) or recorded directly (false). */
  throughGateway: boolean().notNull().default(false),
  /** An admin recorded it by hand (no gateway, after a confirm dialog). */
  isManualUpdate: boolean().notNull().default(false),
  // Unique so a replayed order/payment id (client retry or webhook) can never be applied twice.
  razorpayOrderId: text().unique(`${table}_razorpay_order_uq`),
  razorpayPaymentId: text().unique(`${table}_razorpay_payment_uq`),
  status: text({ enum: PAYMENT_STATUSES }).notNull().default("created"),
  failureReason: text(),
  paidAt: tstz(),
  recordedByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
});
