import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { whatsappSettingsBody, whatsappSettingsDto, deadMessageParams, deadMessagesPage, deadMessagesQuery, enquiryAlertBody, enquiryAlertDto, enquiryAlertQuery, unsubscribeParams, unsubscribeResult } from "#contracts/messages.ts";
import { listDeadMessages, unsubscribe } from "./service.ts";
import { retryDeadMessage } from "./outbox.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { readAlertSettings, writeAlertSettings } from "./alert-settings.ts";
import { readWhatsappSettings, removeWhatsappSettings, saveWhatsappSettings } from "./whatsapp-settings.ts";

const tag = "Messages";

export const unsubscribeInfoRoute = defineRoute({
  method: "get",
  path: "/messages/unsubscribe/{token}",
  tag,
  summary: "What a one-tap unsubscribe link is about, and whether it is already applied. No sign-in. A forged or another agency's link is 404. Changes nothing (mail scanners open links).",
  access: access.public,
  params: unsubscribeParams,
  response: unsubscribeResult,
  async handler({ deps, agency, params }) {
    return unsubscribe(deps.db, deps.config.sessionSecret, agency.id, params.token, false);
  },
});

export const unsubscribeRoute = defineRoute({
  method: "post",
  path: "/messages/unsubscribe/{token}",
  tag,
  summary:
    "Stop reminders, reports and marketing to this recipient on this channel (RFC 8058 one-click). No sign-in; repeating it changes nothing. OTPs and the owner's own enquiry alerts still go.",
  access: access.public,
  params: unsubscribeParams,
  response: unsubscribeResult,
  async handler({ deps, agency, params }) {
    return unsubscribe(deps.db, deps.config.sessionSecret, agency.id, params.token, true);
  },
});

export const deadMessagesRoute = defineRoute({
  method: "get",
  path: "/messages/dead",
  tag,
  summary: "The agency's outbound messages that failed every attempt (the dead-letter list), newest first, 20 a page, with the total. Agency admins only.",
  access: access.staff("admin"),
  query: deadMessagesQuery,
  response: deadMessagesPage,
  async handler({ deps, agency, query }) {
    return listDeadMessages(deps.db, agency.id, query.page);
  },
});

export const retryDeadMessageRoute = defineRoute({
  method: "post",
  path: "/messages/dead/{messageId}/retry",
  tag,
  summary: "Send a dead message again (agency admins): it is queued with a fresh job and leaves the dead-letter list. Repeating it queues nothing (requeued false); another agency's message is 404.",
  access: access.staff("admin"),
  params: deadMessageParams,
  response: z.object({ requeued: z.boolean() }),
  async handler({ deps, agency, params }) {
    const r = await retryDeadMessage(deps, agency.id, params.messageId);
    if (!r) throw notFound("Message not found.");
    return r;
  },
});

export const enquiryAlertSettingsRoute = defineRoute({
  method: "get",
  path: "/messages/enquiry-alerts",
  tag,
  summary:
    "Which channels (SMS, e-mail, WhatsApp) a new enquiry on one business's card is sent to its owner on. Customers: one of their businesses (default the active one); staff: a business they may see (?businessId). Anyone else's is 404.",
  access: access.customerOrStaff(),
  query: enquiryAlertQuery,
  response: enquiryAlertDto,
  async handler({ deps, agency, actor, query }) {
    return readAlertSettings(deps.db, actor, agency.id, query.businessId);
  },
});

export const updateEnquiryAlertSettingsRoute = defineRoute({
  method: "put",
  path: "/messages/enquiry-alerts",
  tag,
  summary: "Turn each enquiry-alert channel on or off for one business (all three given). Repeating it changes nothing. Anyone else's business is 404.",
  access: access.customerOrStaff(),
  body: enquiryAlertBody,
  response: enquiryAlertDto,
  async handler({ deps, agency, actor, body }) {
    return writeAlertSettings(deps.db, actor, agency.id, body);
  },
});

export const whatsappSettingsRoute = defineRoute({
  method: "get",
  path: "/messages/whatsapp",
  tag,
  summary: "The agency's WhatsApp Business Cloud API settings: the phone number ID, the number WhatsApp shows, the token's last four characters (never the token) and the templates reminders and alerts go as. Agency admins only.",
  access: access.staff("admin"),
  response: whatsappSettingsDto,
  async handler({ deps, agency }) {
    return readWhatsappSettings(deps, agency.id);
  },
});

export const saveWhatsappSettingsRoute = defineRoute({
  method: "put",
  path: "/messages/whatsapp",
  tag,
  summary:
    "Save the agency's WhatsApp number: checked with WhatsApp first (GET /{phone-number-id} with the token); a refused token or unknown number is 422 on its field and changes nothing, no answer is 503. Leave accessToken out to keep the saved one. Agency admins only.",
  access: access.staff("admin"),
  body: whatsappSettingsBody,
  response: whatsappSettingsDto,
  async handler({ deps, agency, body }) {
    return saveWhatsappSettings(deps, agency.id, body);
  },
});

export const removeWhatsappSettingsRoute = defineRoute({
  method: "delete",
  path: "/messages/whatsapp",
  tag,
  summary: "Stop sending WhatsApp messages: the settings are removed (repeating it changes nothing). Agency admins only.",
  access: access.staff("admin"),
  response: whatsappSettingsDto,
  async handler({ deps, agency }) {
    return removeWhatsappSettings(deps, agency.id);
  },
});

export const messageRoutes = [unsubscribeInfoRoute, unsubscribeRoute, deadMessagesRoute, retryDeadMessageRoute, enquiryAlertSettingsRoute, updateEnquiryAlertSettingsRoute, whatsappSettingsRoute, saveWhatsappSettingsRoute, removeWhatsappSettingsRoute] as const;
