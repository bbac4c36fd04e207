import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { businessSummaryDto, cardSummaryDto, paymentDto } from "#server/api/business/dto.ts";
import { dashboardQuery } from "#contracts/business.ts";
import { dashboardFor } from "./service.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { BUSINESS_NOT_FOUND, visibleBusinessRow } from "#server/api/business/service.ts";
import { CARD_SOURCES } from "#contracts/card-sources.ts";
import { cardReport } from "./card-report.ts";

const counter = z.object({ today: z.number(), last7Days: z.number(), total: z.number() });

const counts = z.object({ visit: z.number(), save: z.number(), call: z.number(), whatsapp: z.number(), enquiry: z.number() });

/** One week of a card by where its visitors came from (ADR 0068). */
const weekReportDto = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  totals: counts,
  bySource: z.array(counts.extend({ source: z.enum(CARD_SOURCES) })),
  /** The greeting whose QR code or link brought the most visits that week; null when none did. */
  topGreeting: z.object({ greetingId: z.number(), name: z.string().nullable(), imageUrl: z.string().nullable(), visits: z.number(), actions: z.number() }).nullable(),
});

const customerDashboardDto = z.object({
  kind: z.literal("customer"),
  /** Every business of the customer, oldest first (the same list as getBusinessesByUser). */
  businesses: z.array(businessSummaryDto),
  activeBusinessId: z.number().nullable(),
  /** The business shown: ?businessId, else the active one; null when the customer has none. */
  business: businessSummaryDto.extend({ logoUrl: z.string().nullable(), ...paymentDto }).nullable(),
  card: cardSummaryDto.extend({ publicPath: z.string() }).nullable(),
  /** The card's counters by India's calendar day; null without a card. */
  stats: z.object({ views: counter, taps: counter, saves: counter }).nullable(),
  /** Enquiries left on the card: the last 7 days and in total. */
  enquiries: z.object({ last7Days: z.number(), total: z.number() }).nullable(),
  /** The card's last four weeks by where visitors came from, newest first (as GET /dashboard/card-report); null without a card. */
  sourceWeeks: z.array(weekReportDto).nullable(),
});

const staffDashboardDto = z.object({
  kind: z.literal("staff"),
  counts: z.object({
    businesses: z.number(),
    cardsActive: z.number(),
    cardsInactive: z.number(),
    expired: z.number(),
    expiringSoon: z.number(),
  }),
  /** Paid card payments since the 1st of this month (India): how many and paise. */
  paymentsThisMonth: z.object({ count: z.number(), amount: z.number() }),
  /** Enquiries left on the cards: all and this month's. */
  enquiries: z.object({ total: z.number(), thisMonth: z.number() }),
  /** The chart: cards sold and renewals due per India month ("2026-11"), the last 12 and the next 3. */
  months: z.array(z.object({ month: z.string(), cardsSold: z.number(), renewalsDue: z.number(), future: z.boolean() })),
});

export const getDashboard = defineRoute({
  method: "get",
  path: "/dashboard",
  tag: "Dashboard",
  summary: "Customer: the active (or ?businessId) business, its payment state, card and counters. Staff: the agency's counts.",
  access: access.customerOrStaff(),
  query: dashboardQuery,
  response: z.discriminatedUnion("kind", [customerDashboardDto, staffDashboardDto]),
  handler: ({ deps, actor, agency, query }) => dashboardFor(deps.db, actor, agency.id, query.businessId, deps.now()),
});

export const cardReportDto = z.object({
  businessId: z.number(),
  /** Newest first: this week so far (Monday to Sunday, India's calendar), then the weeks before. */
  weeks: z.array(weekReportDto),
});

export const getCardReport = defineRoute({
  method: "get",
  path: "/dashboard/card-report",
  tag: "Dashboard",
  summary:
    "A business's card by week and by where visitors came from (greeting, QR code, WhatsApp share, ID card, direct): visits, contact saves, calls, WhatsApp taps and enquiries, and the greeting that brought the most visits (ADR 0068).",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId"), weeks: z.coerce.number().int().min(1).max(12).default(4) }),
  response: cardReportDto,
  async handler({ deps, actor, agency, query }) {
    if (!(await visibleBusinessRow(deps.db, actor, agency.id, query.businessId))) throw notFound(BUSINESS_NOT_FOUND);
    return { businessId: query.businessId, weeks: await cardReport(deps.db, agency.id, query.businessId, deps.now(), query.weeks) };
  },
});

export const dashboardRoutes = [getDashboard, getCardReport] as const;
