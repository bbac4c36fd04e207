import { eq } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { businesses } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
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

/** The alert's words: who wrote, their number with one-tap call and WhatsApp links, and the message. */
export function enquiryAlertText(businessName: string, v: Pick<EnquiryForm, "kind" | "name" | "phoneNumber" | "email" | "message">): string {
  const lines = [`New ${v.kind === "feedback" ? "feedback" : "enquiry"} on your card ${businessName}`, `From: ${v.name}`];
  if (v.phoneNumber) {
    const n = international(v.phoneNumber);
    lines.push(`Phone: ${v.phoneNumber}`, `Call: tel:+${n}`, `WhatsApp: https://wa.me/${n}`);
  }
  if (v.email) lines.push(`E-mail: ${v.email}`);
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
    .select({ phone: users.phoneNumber, email: users.email })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(businesses.businessId, e.businessId));
  if (!owner) return;
  const [wa] = await tx.select({ id: agencyWhatsappSettings.agencyId }).from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, e.agencyId));
  const on = await alertChannels(tx, e.businessId);
  const text = enquiryAlertText(e.businessName, e.visitor);
  const base = { agencyId: e.agencyId, eventKey: `enquiry:${e.feedbackId}`, purpose: "alert" as const, text };
  if (owner.phone && on.sms) await queueMessage(deps, { ...base, channel: "sms", to: owner.phone }, { tx });
  if (owner.email && on.email) await queueMessage(deps, { ...base, channel: "email", to: owner.email, subject: `New ${e.visitor.kind === "feedback" ? "feedback" : "enquiry"} from ${e.visitor.name}` }, { tx });
  if (owner.phone && wa && on.whatsapp) await queueMessage(deps, { ...base, channel: "whatsapp", to: owner.phone }, { tx });
}
