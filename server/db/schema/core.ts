import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import type { Language } from "../../../contracts/i18n/languages.ts";
import type { AgencyCardThemes } from "../../../contracts/card-themes.ts";
import { ADMIN_NOTIFICATION_KINDS, type AdminNotificationKind } from "../../../contracts/notification-kinds.ts";

/** Typed agency configuration (SPEC §3 Agency). Missing keys mean "off". */
export type AgencyConfiguration = {
  imagePost?: { enableImagePost?: boolean; isVideoPostsIncluded?: boolean; allowAgencyExclusivePosts?: boolean };
  pdfCardConfig?: { enablePdfCardProduct?: boolean; customerPlans?: { id: number; price: number }[] };
  /** pricePerVideo: paise for one promotional video bought online (ADR 0015; default ₹199). */
  video?: { enableVideo?: boolean; pricePerVideo?: number };
  onlinePayment?: { enablePaymentIntegration?: boolean };
  dashboardConfig?: { showInvitationTileInCustomerDashboard?: boolean };
  /** Sources (businessMadeBy) besides 'self' whose customers may pay online (ADR 0015). */
  allowedBusinessMadeBy?: string[];
  /** Days a new business's card stays public before its first payment (ADR 0015; default 7). */
  trialDays?: number;
  branding?: { logoUrl?: string; primaryColor?: string };
  /** The language of the panel and cards for people who chose none and whose browser asks for none of ours (ADR 0066; default English). */
  defaultLanguage?: Language;
  /** Which card themes its customers may choose, and the one new cards start with (ADR 0070; unset: all, style-1). */
  cardThemes?: AgencyCardThemes;
  /**
   * What the platform charges this agency (ADR 0023; paise, whole percent, days). Unset keys use
   * BILLING_DEFAULTS in server/api/billing/rules.ts.
   */
  /**
   * The platform's own details printed on the bills it issues (ADR 0037; read from the superadmin
   * agency only): legal name (else the agency's name), address and GSTIN; blank means left out.
   */
  invoiceIssuer?: { legalName?: string; address?: string; gstin?: string };
  billing?: {
    perCardPrice?: number;
    annualFee?: number;
    imageServiceMonthlyFee?: number;
    gstPercent?: number;
    graceDays?: number;
    /** How to pay offline (bank, UPI), shown on the agency's billing page. */
    offlineInstructions?: string;
  };
};

export const AGENCY_ROLES = ["superadmin"] as const;
export const SSL_STATUSES = ["none", "pending_dns", "verifying", "active", "failed"] as const;

export const agencies = pgTable(
  "agencies",
  {
    id: id(),
    agencyName: text().notNull(),
    /** Hostname (no port, lower case) that selects this agency. */
    host: text().notNull(),
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    configuration: jsonb().$type<AgencyConfiguration>().notNull().default({}),
    invitationSiteLink: text(),
    adminName: text(),
    adminPhoneNumber: text(),
    adminEmail: text(),
    /**
     * The custom domain's HTTPS (ADR 0018): none → pending_dns (no DNS record yet) → verifying
     * (fetching our challenge from http://{host}) → active (Caddy may issue a certificate) | failed.
     */
    sslStatus: text({ enum: SSL_STATUSES }).notNull().default("none"),
    sslRequestedAt: tstz(),
    /** The host the status is about (a changed host starts over at none). */
    sslDomain: text(),
    /** Path token of the challenge we serve, and the body we expect back (only our server knows it). */
    sslChallengeToken: text(),
    sslChallengeProof: text(),
    sslCheckedAt: tstz(),
    /** Why the last check did not end active, in words for the panel. */
    sslFailureReason: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("agencies_host_uq").on(t.host), uniqueIndex("agencies_ssl_token_uq").on(t.sslChallengeToken)],
);

/** An agency as read from the database: every layer (tenancy, the API, services) uses this one type. */
export type AgencyRow = typeof agencies.$inferSelect;

export type UserPreference = { activeBusinessId?: number | null };

export const users = pgTable(
  "users",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    phoneNumber: text(),
    email: text(),
    isForeignUser: boolean().notNull().default(false),
    passwordHash: text(),
    preference: jsonb().$type<UserPreference>().notNull().default({}),
    /** The language this customer chose (the switch on the sign-in pages or in the drawer); null: not chosen (ADR 0066). */
    language: text().$type<Language>(),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_agency_phone_uq").on(t.agencyId, t.phoneNumber),
    uniqueIndex("users_agency_email_uq").on(t.agencyId, t.email),
  ],
);

export const FRANCHISEE_ROLES = ["admin", "creator", "franchisee", "franchisee-with-all-card-access"] as const;
export type FranchiseeRole = (typeof FRANCHISEE_ROLES)[number];
export type FranchiseeConfiguration = { hideBilling?: boolean };

export const franchisees = pgTable(
  "franchisees",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    phoneNumber: text().notNull(),
    email: text(),
    passwordHash: text(),
    roles: text().array().$type<FranchiseeRole[]>().notNull().default(sql`'{}'::text[]`),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    configuration: jsonb().$type<FranchiseeConfiguration>().notNull().default({}),
    /** The franchisee who signed this one up (a creator's or admin's team). */
    parentFranchiseeId: integer(),
    isActive: boolean().notNull().default(true),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("franchisees_agency_phone_uq").on(t.agencyId, t.phoneNumber),
    index("franchisees_agency_name_idx").on(t.agencyId, t.name),
  ],
);

/** Server-side sessions: the cookie holds a random token, the row its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    franchiseeId: integer().references(() => franchisees.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_franchisee_idx").on(t.franchiseeId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** A pending sign-in (verify → OTP → create password), bound to one browser by a cookie. */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    id: text().primaryKey(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    kind: text({ enum: ["user", "franchisee"] }).notNull(),
    phoneNumber: text(),
    email: text(),
    fromForgotPassword: boolean().notNull().default(false),
    codeHash: text().notNull(),
    codeExpiresAt: tstz().notNull(),
    failedAttempts: integer().notNull().default(0),
    sendCount: integer().notNull().default(1),
    lastSentAt: tstz().notNull().defaultNow(),
    verifiedAt: tstz(),
    consumedAt: tstz(),
    expiresAt: tstz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("otp_challenges_expires_idx").on(t.expiresAt)],
);

/** Fixed-window counters for rate limits (kept in the database so every instance agrees). */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowStartedAt: tstz().notNull(),
});

export const clientLogs = pgTable(
  "client_logs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    level: text().notNull(),
    message: text().notNull(),
    additionalInfo: jsonb(),
    source: text().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index("client_logs_created_idx").on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    franchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    logEventName: text().notNull(),
    sessionId: text(),
    context: jsonb(),
    pageUrl: text(),
    metaData: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    index("analytics_events_agency_created_idx").on(t.agencyId, t.createdAt),
    index("analytics_events_name_idx").on(t.agencyId, t.logEventName),
  ],
);

export { ADMIN_NOTIFICATION_KINDS, type AdminNotificationKind };

/**
 * The staff's notifications (ADR 0016). Written in the transaction of the event they report,
 * once per `dedupeKey` (a retried event or a re-read expiring card adds nothing). Who sees one
 * follows who sees its business (`visibleTo`); read marks are per staff member.
 */
export const adminNotifications = pgTable(
  "admin_notifications",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    kind: text({ enum: ADMIN_NOTIFICATION_KINDS }).notNull(),
    /** The business it is about (no FK: businesses are soft-deleted and live in business.ts). */
    businessId: integer().notNull(),
    /** e.g. `payment:<recordNo>`, `expiring-card:<businessId>:<expiry day>`. */
    dedupeKey: text().notNull(),
    title: text().notNull(),
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_notifications_agency_idx").on(t.agencyId, t.createdAt),
    uniqueIndex("admin_notifications_dedupe_uq").on(t.agencyId, t.dedupeKey),
  ],
);

/** Who has read which notification (one row per staff member and notification). */
export const adminNotificationReads = pgTable(
  "admin_notification_reads",
  {
    notificationId: integer().notNull().references(() => adminNotifications.id, { onDelete: "cascade" }),
    franchiseeId: integer().notNull().references(() => franchisees.id, { onDelete: "cascade" }),
    readAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.franchiseeId] })],
);
