import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { messageOptOuts, outboundMessages } from "#server/db/schema/messages.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { readUnsubscribeToken } from "./outbox.ts";
import { DEAD_MESSAGES_PAGE_SIZE } from "#contracts/messages.ts";

/** Hide the middle of a phone or the local part of an e-mail. */
export function maskRecipient(r: string): string {
  const at = r.indexOf("@");
  if (at > 0) return `${r.slice(0, 1)}***${r.slice(at)}`;
  return r.length > 4 ? `${r.slice(0, 2)}******${r.slice(-2)}` : "****";
}

/** What a one-tap link is about (GET) and, on POST, the opt-out itself: once, whatever the repeats. */
export async function unsubscribe(db: Db, secret: string, agencyId: number, token: string, apply: boolean) {
  const who = readUnsubscribeToken(secret, token);
  // Another agency's link, or a forged one: there is nothing here.
  if (!who || who.agencyId !== agencyId) throw notFound("This unsubscribe link is not valid.");
  const where = and(eq(messageOptOuts.agencyId, agencyId), eq(messageOptOuts.channel, who.channel), eq(messageOptOuts.recipient, who.recipient));
  if (apply) await db.insert(messageOptOuts).values({ agencyId, channel: who.channel, recipient: who.recipient }).onConflictDoNothing();
  const [row] = await db.select({ at: messageOptOuts.createdAt }).from(messageOptOuts).where(where);
  return { channel: who.channel, recipient: maskRecipient(who.recipient), unsubscribed: Boolean(row) };
}

/** The agency's dead letters, newest first, a page at a time. */
export async function listDeadMessages(db: Db, agencyId: number, page: number) {
  const m = outboundMessages;
  const dead = and(eq(m.agencyId, agencyId), eq(m.status, "dead"));
  const [messages, total] = await Promise.all([
    db
      .select({ messageId: m.id, eventKey: m.eventKey, channel: m.channel, purpose: m.purpose, recipient: m.recipient, attempts: m.attempts, lastError: m.lastError, createdAt: m.createdAt })
      .from(m)
      .where(dead)
      .orderBy(desc(m.id))
      .limit(DEAD_MESSAGES_PAGE_SIZE)
      .offset((page - 1) * DEAD_MESSAGES_PAGE_SIZE),
    db.$count(m, dead),
  ]);
  return { messages, page, pageSize: DEAD_MESSAGES_PAGE_SIZE, total };
}

/* The domain's surface for other domains (ADR 0030): queue a message, alert an owner. */
export { agencyLinkOrigin, queueMessage, queueMessages, sendMessageNow } from "./outbox.ts";
export { queueEnquiryAlerts } from "./enquiry-alert.ts";
