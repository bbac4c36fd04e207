import { z } from "zod";
import { q } from "./query.ts";

/** POST /messages/unsubscribe/{token}: the token from a message's one-tap link (ADR 0053). */
export const unsubscribeParams = z.object({ token: z.string().min(1).max(600) });

export const unsubscribeResult = z.object({
  channel: z.enum(["sms", "email", "whatsapp"]),
  /** The recipient, partly hidden: enough to recognise, not to harvest. */
  recipient: z.string(),
  unsubscribed: z.boolean(),
});

/** A message every attempt failed for (the dead-letter list staff see). */
export const deadMessageDto = z.object({
  messageId: z.number(),
  eventKey: z.string(),
  channel: z.enum(["sms", "email", "whatsapp"]),
  purpose: z.enum(["otp", "alert", "account", "reminder", "report", "marketing"]),
  recipient: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
});
export type DeadMessage = z.infer<typeof deadMessageDto>;

/** GET /messages/dead?page: 20 a page, newest first. */
export const DEAD_MESSAGES_PAGE_SIZE = 20;
export const deadMessagesQuery = z.object({ page: q.page() });
export const deadMessagesPage = z.object({ messages: z.array(deadMessageDto), page: z.number(), pageSize: z.number(), total: z.number() });

/** POST /messages/dead/{messageId}/retry */
export const deadMessageParams = z.object({ messageId: q.int("messageId") });

/** GET /messages/enquiry-alerts: one business (a customer's active one when not named). */
export const enquiryAlertQuery = z.object({ businessId: q.optionalInt("businessId") });

/** Which channels a new enquiry is sent to the owner on (ADR 0054). */
export const enquiryAlertChannels = z.object({
  sms: z.boolean({ error: "sms must be true or false." }),
  email: z.boolean({ error: "email must be true or false." }),
  whatsapp: z.boolean({ error: "whatsapp must be true or false." }),
});

/** PUT /messages/enquiry-alerts. */
export const enquiryAlertBody = enquiryAlertChannels.extend({ businessId: q.optionalInt("businessId") });

export const enquiryAlertDto = enquiryAlertChannels.extend({
  businessId: z.number(),
  /** Whether the agency has WhatsApp set up: without it, the WhatsApp switch changes nothing yet. */
  whatsappAvailable: z.boolean(),
});
export type EnquiryAlertSettings = z.infer<typeof enquiryAlertDto>;

/**
 * The panel's form: an unticked checkbox sends nothing, so each switch is optional here and an
 * absent one means off (Conform turns "on" into true).
 */
export const enquiryAlertForm = z.object({
  sms: z.boolean().optional(),
  email: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});

/* ---------------- WhatsApp Business Cloud API settings (agency admins, ADR 0053) ---------------- */

export const WHATSAPP_TEXTS = {
  phoneNumberId: "Enter the phone number ID from WhatsApp Manager: digits only.",
  accessToken: "Paste the access token from WhatsApp Manager.",
  badToken: "That does not look like an access token.",
  templateName: "A template name uses small letters, digits and _ only, as in WhatsApp Manager.",
  templateLanguage: "Use the templates' language code, like en, en_US or hi.",
  tokenRefused: "WhatsApp did not accept this access token.",
  numberUnknown: "WhatsApp does not know this phone number ID for this token.",
  unreachable: "WhatsApp did not answer. Please try again in a minute.",
} as const;

const optionalTemplate = z.string().trim().regex(/^[a-z0-9_]{1,512}$/, WHATSAPP_TEXTS.templateName).optional();

/**
 * PUT /messages/whatsapp, and the settings page's form (one schema, ADR 0066). The token may be
 * left out to keep the saved one; a first save needs it (the API says so on its field).
 */
export const whatsappSettingsBody = z.object({
  phoneNumberId: z.string({ error: WHATSAPP_TEXTS.phoneNumberId }).trim().regex(/^\d{5,30}$/, WHATSAPP_TEXTS.phoneNumberId),
  accessToken: z.string().trim().min(20, WHATSAPP_TEXTS.badToken).max(2000, WHATSAPP_TEXTS.badToken).regex(/^\S+$/, WHATSAPP_TEXTS.badToken).optional(),
  reminderTemplate: optionalTemplate,
  alertTemplate: optionalTemplate,
  templateLanguage: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, WHATSAPP_TEXTS.templateLanguage).default("en"),
});
export type WhatsappSettingsBody = z.infer<typeof whatsappSettingsBody>;

/** GET /messages/whatsapp: never the token, only its last four characters. */
export const whatsappSettingsDto = z.object({
  configured: z.boolean(),
  phoneNumberId: z.string().nullable(),
  displayPhoneNumber: z.string().nullable(),
  tokenEnding: z.string().nullable(),
  reminderTemplate: z.string().nullable(),
  alertTemplate: z.string().nullable(),
  templateLanguage: z.string(),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsDto>;
