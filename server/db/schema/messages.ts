import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies } from "./core.ts";
import { businesses } from "./business.ts";

export const MESSAGE_CHANNELS = ["sms", "email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Why a message is sent (ADR 0053). otp and alert (an owner's own enquiry, a new staff member's
 * welcome) go at once; the rest wait out quiet hours (21:00–08:00 India time). account (an
 * imported owner's invitation) is about the recipient's own account: no unsubscribe; reminder,
 * report and marketing honour unsubscribes.
 */
export const MESSAGE_PURPOSES = ["otp", "alert", "account", "reminder", "report", "marketing"] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

/** sending: claimed by a worker (a row left sending is never sent again, ADR 0053). */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "dead", "suppressed"] as const;

/**
 * Every outbound message, one row per event and channel (ADR 0053): the unique key is what makes
 * a replayed event, a double click or a re-run schedule send nothing twice. The job carries only
 * the id; the row is the truth about what was sent.
 */
export const outboundMessages = pgTable(
  "outbound_messages",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    /** What happened, e.g. `enquiry:123` or `renewal:45:2026-12-01:-7`. */
    eventKey: text().notNull(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    purpose: text({ enum: MESSAGE_PURPOSES }).notNull(),
    /** Phone (10 digits, India) or e-mail address. */
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    /**
     * A secret the body stands in for with `{secret}` (a sign-in code): sealed with the session
     * secret (AES-256-GCM), opened only to send, and cleared once sent or dead, so the database
     * never holds a usable code in plain text.
     */
    sealed: text(),
    /** A WhatsApp template's parameters, in order, for a channel and purpose that has a template. */
    params: jsonb().$type<string[]>(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("outbound_messages_event_channel_uq").on(t.agencyId, t.eventKey, t.channel),
    index("outbound_messages_recipient_sent_idx").on(t.recipient, t.sentAt),
    index("outbound_messages_agency_status_idx").on(t.agencyId, t.status),
  ],
);

export type OutboundMessageRow = typeof outboundMessages.$inferSelect;

/** A recipient who asked, through a one-tap link, to get no more reminders, reports or marketing on a channel. */
export const messageOptOuts = pgTable(
  "message_opt_outs",
  {
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.channel, t.recipient] })],
);

/**
 * An agency's WhatsApp Business Cloud API credentials (ADR 0053): kept out of the agency's
 * configuration JSON, which the panel reads, because the token is a secret.
 */
export const agencyWhatsappSettings = pgTable("agency_whatsapp_settings", {
  agencyId: integer()
    .primaryKey()
    .references(() => agencies.id, { onDelete: "cascade" }),
  phoneNumberId: text().notNull(),
  accessToken: text().notNull(),
  /** What WhatsApp showed for the number when the credentials were checked (+91 98…). */
  displayPhoneNumber: text(),
  /**
   * Approved message templates (WhatsApp Manager) for messages the business starts: Meta refuses
   * free text outside a 24-hour reply window. Reminders: {{1}} business, {{2}} date, {{3}} link;
   * alerts: {{1}} business, {{2}} visitor, {{3}} their phone, {{4}} their message. None: free text.
   */
  reminderTemplate: text(),
  alertTemplate: text(),
  /** The templates' language code, as approved (en, en_US, hi…). */
  templateLanguage: text().notNull().default("en"),
  updatedAt: updatedAt(),
});

/**
 * Which channels a business's enquiry alerts go on (ADR 0054): one row per business, written
 * when its owner first changes a switch; no row means every channel on (the default).
 */
export const enquiryAlertSettings = pgTable("enquiry_alert_settings", {
  businessId: integer()
    .primaryKey()
    .references(() => businesses.businessId, { onDelete: "cascade" }),
  agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
  sms: boolean().notNull().default(true),
  email: boolean().notNull().default(true),
  whatsapp: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});
