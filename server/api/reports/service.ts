import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { CardFilters } from "#contracts/projects.ts";
import type { businessReportQuery } from "#contracts/projects.ts";
import type { z } from "zod";
import { cardListWhere, companyNameOf, registeredPhone } from "#server/api/cards/service.ts";
import { businessListWhere } from "#server/api/business/service.ts";
import { istDay, safeText, type CsvReport } from "./csv-stream.ts";

/** The report's columns: header → SQL (text cells through safeText). The first is the row key. */
type Columns = Record<string, SQL | PgColumn>;

const paid = sql`case when ${businesses.paymentStatus} = 1 then 'Paid' else 'Unpaid' end`;

/** The digital card report: the All Projects list (same filters and search), every matching card. */
const cardColumns: Columns = {
  "Card No": cards.cardNo,
  "Card ID": safeText(sql`${cards.cardId}`),
  "Company name": safeText(companyNameOf),
  "Business name": safeText(sql`${businesses.businessName}`),
  "Registered phone number": safeText(registeredPhone),
  "Template code": cards.template,
  Status: cards.status,
  "Image posts": sql`case when ${cards.imagePostEnabled} then 'Enabled' else 'Disabled' end`,
  "Card limit": cards.cardLimit,
  Views: cards.viewCount,
  Payment: paid,
  "Expiry date": istDay(businesses.expiryDateForCustomer),
  "Created on": istDay(cards.createdAt),
};

/** The business report: the All Businesses list (same filters and search), with the live card's id. */
const businessColumns: Columns = {
  "Business ID": businesses.businessId,
  "Business name": safeText(sql`${businesses.businessName}`),
  Category: safeText(sql`${businesses.category}`),
  "Contact person": safeText(sql`${businesses.contactPerson}`),
  "Phone number": safeText(sql`coalesce(${businesses.phoneNumber}, ${users.phoneNumber})`),
  Email: safeText(sql`coalesce(${businesses.email}, ${users.email})`),
  Payment: paid,
  Subscription: sql`case when ${businesses.isSubscriptionActive} then 'Subscribed' else 'Not subscribed' end`,
  "Expiry date": istDay(businesses.expiryDateForCustomer),
  "Made by": safeText(sql`${businesses.businessMadeBy}`),
  "Card ID": safeText(sql`${cards.cardId}`),
  "Created on": istDay(businesses.createdAt),
};

export const CARD_REPORT_COLUMNS = Object.keys(cardColumns);
export const BUSINESS_REPORT_COLUMNS = Object.keys(businessColumns);

/** Aliases c1…cn: COPY writes no header (ours has the readable names), and drizzle needs unique keys. */
const selection = (columns: Columns) => Object.fromEntries(Object.values(columns).map((c, i) => [`c${i + 1}`, c]));

function cardQuery(db: Db, where: SQL | undefined) {
  return db
    .select(selection(cardColumns))
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .leftJoin(users, eq(users.id, businesses.userId))
    .where(where)
    .orderBy(desc(cards.cardNo));
}

export function digitalCardReport(db: Db, actor: Actor, agencyId: number, filters: CardFilters, now: Date): CsvReport {
  const where = cardListWhere(actor, agencyId, filters, now);
  return {
    header: Object.keys(cardColumns),
    select: () => cardQuery(db, where).toSQL(),
    keys: async (before, limit) => {
      const rows = await db
        .select({ key: cards.cardNo })
        .from(cards)
        .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
        .leftJoin(users, eq(users.id, businesses.userId))
        .where(and(where, before === undefined ? undefined : lt(cards.cardNo, before)))
        .orderBy(desc(cards.cardNo))
        .limit(limit);
      return rows.map((r) => r.key);
    },
    // The keys were chosen under `where` a moment ago; the agency check stays as a second lock.
    selectKeys: (keys) => cardQuery(db, and(inArray(cards.cardNo, keys), eq(cards.agencyId, agencyId), isNull(cards.deletedAt))).toSQL(),
  };
}

function businessQuery(db: Db, where: SQL | undefined) {
  return db
    .select(selection(businessColumns))
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(where)
    .orderBy(desc(businesses.businessId));
}

export function businessReport(db: Db, actor: Actor, agencyId: number, filters: z.output<typeof businessReportQuery>, now: Date): CsvReport {
  const where = businessListWhere(actor, agencyId, filters, now);
  return {
    header: Object.keys(businessColumns),
    select: () => businessQuery(db, where).toSQL(),
    keys: async (before, limit) => {
      const rows = await db
        .select({ key: businesses.businessId })
        .from(businesses)
        .innerJoin(users, eq(users.id, businesses.userId))
        .where(and(where, before === undefined ? undefined : lt(businesses.businessId, before)))
        .orderBy(desc(businesses.businessId))
        .limit(limit);
      return rows.map((r) => r.key);
    },
    selectKeys: (keys) =>
      businessQuery(db, and(inArray(businesses.businessId, keys), eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt))).toSQL(),
  };
}

/* The CSV streaming other domains' downloads share (ADR 0017): the same BOM, formula guard and COPY. */
export { csvHeaders, csvStream, istDay, safeText, type CsvReport } from "./csv-stream.ts";
