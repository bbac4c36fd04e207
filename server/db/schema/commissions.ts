import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies, franchisees } from "./core.ts";
import { businesses } from "./business.ts";
import { cardPayments } from "./billing.ts";

/*
 * Franchisee commissions (ADR 0069). An agency sets one rate per franchisee; every paid card plan
 * of a business the franchisee made writes one ledger line in the grant's transaction, a reversal
 * one negative line; a payout settles one franchisee's Asia/Kolkata month. Money is integer paise.
 */

export const COMMISSION_BASES = ["percent", "fixed"] as const;
export const COMMISSION_LINE_KINDS = ["sale", "renewal", "reversal"] as const;

/** One rate per franchisee: `percent` in basis points (1250 = 12.5 %), `fixed` in paise per payment. */
export const franchiseeCommissions = pgTable(
  "franchisee_commissions",
  {
    franchiseeId: integer()
      .primaryKey()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    basis: text({ enum: COMMISSION_BASES }).notNull(),
    rate: integer().notNull(),
    updatedByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("franchisee_commissions_agency_idx").on(t.agencyId),
    check("franchisee_commissions_rate_ck", sql`${t.rate} >= 0 and (${t.basis} <> 'percent' or ${t.rate} <= 10000)`),
  ],
);

/**
 * The ledger. A payment earns once (unique payment + `reverses` null) and is reversed once
 * (unique payment among reversal lines): replays and double clicks add nothing.
 */
export const commissionLines = pgTable(
  "commission_lines",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    franchiseeId: integer()
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    /** The card payment that earned (or lost) it; kept when the payment row is gone. */
    recordNo: integer()
      .notNull()
      .references(() => cardPayments.recordNo),
    businessId: integer().references(() => businesses.businessId, { onDelete: "set null" }),
    /** Names at the time, for statements after a rename or removal. */
    businessName: text(),
    planName: text(),
    kind: text({ enum: COMMISSION_LINE_KINDS }).notNull(),
    /** What the customer paid (paise). */
    paymentAmount: integer().notNull(),
    /** The rate applied, copied from the franchisee's rate at the time. */
    basis: text({ enum: COMMISSION_BASES }).notNull(),
    rate: integer().notNull(),
    /** Paise: positive for a sale or renewal, negative for a reversal. */
    amount: integer().notNull(),
    /** Asia/Kolkata month the line belongs to, YYYY-MM. */
    month: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("commission_lines_earned_uq").on(t.recordNo).where(sql`${t.kind} <> 'reversal'`),
    uniqueIndex("commission_lines_reversal_uq").on(t.recordNo).where(sql`${t.kind} = 'reversal'`),
    index("commission_lines_franchisee_month_idx").on(t.agencyId, t.franchiseeId, t.month),
  ],
);

/** An agency paid a franchisee a month's commission: one per franchisee and month. */
export const commissionPayouts = pgTable(
  "commission_payouts",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    franchiseeId: integer()
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    month: text().notNull(),
    /** Paise paid: the month's net when it was marked. */
    amount: integer().notNull(),
    reference: text(),
    paidAt: tstz().notNull(),
    markedByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("commission_payouts_month_uq").on(t.agencyId, t.franchiseeId, t.month)],
);
