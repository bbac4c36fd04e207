import { eq } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { businesses } from "#server/db/schema/business.ts";
import { agencies, users } from "#server/db/schema/core.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { accountLanguage, agencyDefaultLanguage } from "#server/api/lib/request-language.ts";
import { agencyWhatsappSettings } from "#server/db/schema/messages.ts";
import type { EnquiryForm } from "#contracts/public-card.ts";
import type { Tx } from "#server/services/queue/index.ts";
import { queueMessage } from "./outbox.ts";
import { alertChannels } from "./alert-settings.ts";

/** A visitor's number as an international one for tel: and wa.me links (a bare 10-digit number is Indian). */
function international(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `91${digits}` : digits;
}

/**
 * The alert's words in the owner's language: who wrote, their number with one-tap call and
 * WhatsApp links, and the message (the visitor's own words, as written).
 */
export function enquiryAlertText(lang: Language, businessName: string, v: Pick<EnquiryForm, "kind" | "name" | "phoneNumber" | "email" | "message">): string {
  const t = CATALOGUES[lang].outbound;
  const lines = [fmt(v.kind === "feedback" ? t.feedbackHeading : t.enquiryHeading, { business: businessName }), fmt(t.alertFrom, { name: v.name })];
  if (v.phoneNumber) {
    const n = international(v.phoneNumber);
    lines.push(fmt(t.alertPhone, { phone: v.phoneNumber }), fmt(t.alertCall, { link: `tel:+${n}` }), fmt(t.alertWhatsapp, { link: `https://wa.me/${n}` }));
  }
  if (v.email) lines.push(fmt(t.alertEmail, { email: v.email }));
  lines.push("", v.message);
  return lines.join("\n");
}

/**
 * An enquiry on a public card reaches its owner at once (ADR 0053): SMS and e-mail to the
 * owner's own number and address, and WhatsApp when the agency configured it. Purpose "alert":
 * no quiet hours, no unsubscribe (it is about the owner's own card). Inside the enquiry's
 * transaction: the alerts exist exactly when the enquiry does.
 */
export async function queueEnquiryAlerts(
  deps: Pick<Deps, "db" | "queue" | "now" | "config">,
  tx: Tx,
  e: { agencyId: number; feedbackId: number; businessId: number; businessName: string; visitor: EnquiryForm },
) {
  const [owner] = await tx
    .select({ phone: users.phoneNumber, email: users.email, language: users.language, configuration: agencies.configuration })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .innerJoin(agencies, eq(agencies.id, businesses.agencyId))
    .where(eq(businesses.businessId, e.businessId));
  if (!owner) return;
  const [wa] = await tx.select({ id: agencyWhatsappSettings.agencyId }).from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, e.agencyId));
  const on = await alertChannels(tx, e.businessId);
  // The owner's own choice of language, else the agency's (ADR 0066).
  const language = accountLanguage(owner.language, agencyDefaultLanguage(owner));
  const text = enquiryAlertText(language, e.businessName, e.visitor);
  const base = { agencyId: e.agencyId, eventKey: `enquiry:${e.feedbackId}`, purpose: "alert" as const, text, language };
  if (owner.phone && on.sms) await queueMessage(deps, { ...base, channel: "sms", to: owner.phone }, { tx });
  if (owner.email && on.email) await queueMessage(deps, { ...base, channel: "email", to: owner.email, subject: fmt(CATALOGUES[language].outbound[e.visitor.kind === "feedback" ? "feedbackSubject" : "enquirySubject"], { name: e.visitor.name }) }, { tx });
  // The agency's alert template, when it has one: {{1}} business, {{2}} visitor, {{3}} their phone (or e-mail), {{4}} their message.
  const params = [e.businessName, e.visitor.name, e.visitor.phoneNumber || e.visitor.email || "-", e.visitor.message];
  if (owner.phone && wa && on.whatsapp) await queueMessage(deps, { ...base, channel: "whatsapp", to: owner.phone, params }, { tx });
}
