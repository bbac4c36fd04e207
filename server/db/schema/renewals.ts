import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies, franchisees } from "./core.ts";
import { businesses } from "./business.ts";
import { cardPayments } from "./billing.ts";

/** Days relative to a card's expiry day: negative before it, positive after (ADR 0067). */
export const DEFAULT_RENEWAL_DAYS = [-7, -1, 3] as const;

/**
 * An agency's renewal reminders (ADR 0067): on or off, and on which days. No row: off (a new
 * kind of message to owners is the agency's choice, not a surprise on deploy).
 */
export const renewalSettings = pgTable("renewal_settings", {
  agencyId: integer()
    .primaryKey()
    .references(() => agencies.id, { onDelete: "cascade" }),
  enabled: boolean().notNull().default(false),
  days: jsonb().$type<number[]>().notNull().default([...DEFAULT_RENEWAL_DAYS]),
  updatedAt: updatedAt(),
});

/**
 * One paid card's renewal cycle: the business and the expiry day it is renewing from (ADR 0067).
 * Made when its first reminder is queued; the unique key makes a re-run add nothing. The pay link
 * in the reminders opens `/renew/{token}`; its Razorpay Payment Link is made on the first tap.
 */
export const renewals = pgTable(
  "renewals",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references(() => businesses.businessId, { onDelete: "cascade" }),
    /** The franchisee who made the business when the cycle began (the per-franchisee rate). */
    franchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    /** The expiry being renewed, as an India-time calendar day. */
    expiresOn: date({ mode: "string" }).notNull(),
    /** The moment of that expiry: renewed means the business's expiry is now later than this. */
    expiresAt: tstz().notNull(),
    /** How many reminder days were queued (each on every channel). */
    reminders: integer().notNull().default(0),
    lastRemindedAt: tstz(),
    /** The plan's payment row (status created) once the owner tapped Pay. */
    recordNo: integer().references(() => cardPayments.recordNo, { onDelete: "set null" }),
    paymentLinkId: text().unique("renewals_payment_link_uq"),
    paymentLinkUrl: text(),
    paidAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("renewals_business_expiry_uq").on(t.businessId, t.expiresOn),
    index("renewals_agency_expires_idx").on(t.agencyId, t.expiresAt),
  ],
);
