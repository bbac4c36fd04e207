/**
 * The one way out for every outbound message (ADR 0053): SMS, e-mail and WhatsApp.
 *
 *   await queueMessage(deps, { agencyId, eventKey: `enquiry:${id}`, channel: "sms", purpose: "alert", to, text });
 *
 * - once: a row per (agency, event, channel), unique in the database; a second call for the same
 *   event and channel queues nothing. The worker claims the row before sending and never resends
 *   a row whose send may have reached the provider.
 * - retries with backoff on the job queue; a message that fails every attempt is "dead" and
 *   listed for staff (GET /messages/dead).
 * - quiet hours 21:00–08:00 India time for every purpose but otp and alert, which go at once.
 * - rate-limited per recipient and channel; over the limit the message waits, it is not dropped.
 * - sent at the provider's rate (SMS_SENDS_PER_SECOND…, server/services/send-pace.ts); a provider's
 *   429 puts the message back, unsent and without using an attempt, for its Retry-After.
 * - consent: reminders, reports and marketing carry a one-tap unsubscribe link; an opted-out
 *   recipient's message is stored as "suppressed" and never sent.
 * - a secret in a message (a sign-in code) is sealed in its row and cleared once sent.
 * - sign-in codes go out in the request that asked (sendMessageNow), the queue as the fallback.
 */
import { IST_OFFSET_MS } from "#contracts/india-time.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { agencies } from "#server/db/schema/core.ts";
import {
  agencyWhatsappSettings,
  messageOptOuts,
  outboundMessages,
  type MessageChannel,
  type MessagePurpose,
} from "#server/db/schema/messages.ts";
import { defineJob, type JobQueue, type QueueJob, type Tx } from "#server/services/queue/index.ts";
import { hmac, safeEqual, seal, unseal } from "#server/auth/tokens.ts";
import { sendWhatsappTemplate, sendWhatsappText, WhatsappError } from "#server/services/whatsapp-transport.ts";
import { createSendPace, ProviderBusy, type SendPace } from "#server/services/send-pace.ts";

export const sendMessageJob = defineJob<{ messageId: number }>("messages.send", {
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Messages one recipient gets on one channel in an hour, OTPs aside (they have their own limits). */
export const PER_RECIPIENT_PER_HOUR = 6;
/** How long a message over the limit waits before it is tried again. */
export const RATE_LIMIT_WAIT_SECONDS = 10 * 60;

const IMMEDIATE: readonly MessagePurpose[] = ["otp", "alert"];
/** Waits out quiet hours and the per-recipient limit: everything but sign-in codes and alerts. */
const waits = (purpose: MessagePurpose) => !IMMEDIATE.includes(purpose);
/** Carries the one-tap unsubscribe and is suppressed for an opted-out recipient. */
const MARKETING: readonly MessagePurpose[] = ["reminder", "report", "marketing"];
export const honoursConsent = (purpose: MessagePurpose) => MARKETING.includes(purpose);

export type MessageRequest = {
  agencyId: number;
  eventKey: string;
  channel: MessageChannel;
  purpose: MessagePurpose;
  /** 10-digit phone (sms, whatsapp) or e-mail address. */
  to: string;
  subject?: string;
  /** With `secret`: `{secret}` where it goes (the row keeps it sealed, ADR 0053). */
  text: string;
  secret?: string;
  /** The recipient's language: the words we add (the unsubscribe line) are in it. English when absent. */
  language?: Language;
  /** WhatsApp: the agency's template's parameters for this purpose (sent as the template when it has one). */
  params?: readonly string[];
};

type OutboxDeps = Pick<Deps, "db" | "queue" | "now" | "config">;
/** `tx`: inside that transaction (the rows and jobs exist exactly when it commits); `startAfterSeconds`: not sooner. */
type QueueOptions = { tx?: Tx; startAfterSeconds?: number };


/**
 * Seconds until quiet hours end (08:00 India time) when `now` is within them (21:00–08:00) and the
 * purpose waits; else 0.
 */
export function quietHoursDelaySeconds(purpose: MessagePurpose, now: Date): number {
  if (!waits(purpose)) return 0;
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const h = ist.getUTCHours();
  if (h >= 8 && h < 21) return 0;
  const end = new Date(ist);
  end.setUTCHours(8, 0, 0, 0);
  if (h >= 21) end.setUTCDate(end.getUTCDate() + 1);
  return Math.ceil((end.getTime() - ist.getTime()) / 1000);
}

/** The origin of links in messages: the agency's own host, on the scheme and port of PUBLIC_URL. */
export function agencyLinkOrigin(config: Pick<Deps["config"], "publicUrl">, host: string): string {
  const u = new URL(config.publicUrl);
  u.hostname = host;
  return u.origin;
}

/** A one-tap unsubscribe token: agency, channel and recipient, signed (no sign-in, nothing stored). */
export function unsubscribeToken(secret: string, agencyId: number, channel: MessageChannel, recipient: string): string {
  const payload = `${agencyId}.${channel}.${Buffer.from(recipient).toString("base64url")}`;
  return `${payload}.${hmac(secret, `unsubscribe:${payload}`).slice(0, 22)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { agencyId: number; channel: MessageChannel; recipient: string } | null {
  const m = /^(\d{1,9})\.(sms|email|whatsapp)\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const payload = `${m[1]}.${m[2]}.${m[3]}`;
  if (!safeEqual(m[4]!, hmac(secret, `unsubscribe:${payload}`).slice(0, 22))) return null;
  return { agencyId: Number(m[1]), channel: m[2] as MessageChannel, recipient: Buffer.from(m[3]!, "base64url").toString() };
}

export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * Queue one message for one event and channel. Returns the row's id, or null when this event was
 * already queued on this channel (nothing new is sent). Inside a transaction pass `tx`: the row
 * and its job then exist exactly when it commits.
 */
export async function queueMessage(deps: OutboxDeps, m: MessageRequest, opts: QueueOptions = {}): Promise<number | null> {
  const { agencyId, purpose, ...one } = m;
  const [row] = await queueMessages(deps, [one], { agencyId, purpose }, opts);
  return row?.id ?? null;
}

/**
 * Many messages of one agency and purpose at once (renewal reminders, ADR 0067; queueMessage is
 * a batch of one): once per event and channel, opt-outs stored as suppressed, the unsubscribe
 * line, quiet hours, in three statements instead of three per message. Inside a transaction pass
 * `tx`. Returns the rows it inserted (an event and channel already queued is left out).
 */
export async function queueMessages(
  deps: OutboxDeps,
  batch: readonly Omit<MessageRequest, "agencyId" | "purpose">[],
  common: { agencyId: number; purpose: MessagePurpose },
  opts: QueueOptions = {},
): Promise<{ id: number; eventKey: string; channel: MessageChannel; status: string }[]> {
  if (batch.length === 0) return [];
  const db = opts.tx ?? deps.db;
  const now = deps.now();
  const consent = honoursConsent(common.purpose);
  const optedOut = new Set<string>();
  let origin: string | null = null;
  if (consent) {
    const recipients = [...new Set(batch.map((m) => m.to))];
    const rows = await db.execute(
      sql`select channel, recipient from ${messageOptOuts} where agency_id = ${common.agencyId} and recipient in (select value from json_array_elements_text(${JSON.stringify(recipients)}::json))`,
    );
    for (const r of (rows as unknown as { rows: { channel: string; recipient: string }[] }).rows) optedOut.add(`${r.channel}:${r.recipient}`);
    const [agency] = await db.select({ host: agencies.host }).from(agencies).where(eq(agencies.id, common.agencyId));
    if (agency) origin = agencyLinkOrigin(deps.config, agency.host);
  }
  const rows = batch.map((m) => ({
    event_key: m.eventKey,
    channel: m.channel,
    recipient: m.to,
    subject: m.subject ?? null,
    body: origin ? `${m.text}\n\n${CATALOGUES[m.language ?? "en"].outbound.stopMessages} ${origin}${unsubscribePath(unsubscribeToken(deps.config.sessionSecret, common.agencyId, m.channel, m.to))}` : m.text,
    sealed: m.secret === undefined ? null : seal(deps.config.sessionSecret, m.secret),
    params: m.params ?? null,
    status: optedOut.has(`${m.channel}:${m.to}`) ? "suppressed" : "queued",
  }));
  const m = outboundMessages;
  const inserted = await db.execute(sql`
    insert into ${m} (agency_id, event_key, channel, purpose, recipient, subject, body, sealed, params, status, created_at)
    select ${common.agencyId}, x.event_key, x.channel, ${common.purpose}, x.recipient, x.subject, x.body, x.sealed, x.params, x.status, ${now.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(event_key text, channel text, recipient text, subject text, body text, sealed text, params jsonb, status text)
    on conflict do nothing
    returning id, event_key as "eventKey", channel, status`);
  const out = (inserted as unknown as { rows: { id: number; eventKey: string; channel: MessageChannel; status: string }[] }).rows;
  const queued = out.filter((r) => r.status === "queued");
  if (queued.length) {
    if (!deps.queue) throw new Error("queueMessages: no job queue in this process.");
    const wait = Math.max(quietHoursDelaySeconds(common.purpose, now), opts.startAfterSeconds ?? 0);
    await deps.queue.sendMany(sendMessageJob, queued.map((r) => ({ data: { messageId: Number(r.id) }, ...(wait > 0 && { startAfterSeconds: wait }) })), { tx: opts.tx });
  }
  return out.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Mark a message dead (every attempt failed, or it cannot succeed): staff see it in the dead-letter list. */
async function markDead(deps: Pick<Deps, "db">, id: number, error: string) {
  await deps.db.update(outboundMessages).set({ status: "dead", sealed: null, lastError: error.slice(0, 500) }).where(eq(outboundMessages.id, id));
}

/**
 * Staff send a dead message again (POST /messages/dead/{id}/retry): back to `queued` with a new
 * job, in one transaction. Only a dead row moves, so a second click finds it queued and queues
 * nothing (`requeued: false`); another agency's message is null (404).
 */
export async function retryDeadMessage(deps: Pick<Deps, "db" | "queue">, agencyId: number, messageId: number): Promise<{ requeued: boolean } | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: outboundMessages.status, purpose: outboundMessages.purpose })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.id, messageId), eq(outboundMessages.agencyId, agencyId)))
      .for("update");
    if (!row) return null;
    // A dead sign-in code is not sent again: its code is gone from the row, and stale by now.
    if (row.status !== "dead" || row.purpose === "otp") return { requeued: false };
    if (!deps.queue) throw new Error("retryDeadMessage: no job queue in this process.");
    await tx.update(outboundMessages).set({ status: "queued" }).where(eq(outboundMessages.id, messageId));
    await deps.queue.send(sendMessageJob, { messageId }, { tx });
    return { requeued: true };
  });
}

/**
 * Send one queued message (the messages.send worker); `pace` spaces the sends at the provider's
 * rate. Says what became of it: sent, dead, waiting (a later job sends it) or skipped (not queued).
 */
export async function deliverMessage(
  deps: Pick<Deps, "db" | "now" | "config" | "otpTransport" | "logger">,
  queue: Pick<JobQueue, "send">,
  job: Pick<QueueJob<{ messageId: number }>, "data" | "isLastAttempt"> & { signal?: AbortSignal },
  pace?: SendPace,
): Promise<"sent" | "dead" | "waiting" | "skipped"> {
  const id = job.data.messageId;
  const [msg] = await deps.db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  if (!msg) return "skipped";
  if (msg.status === "sending") {
    // A previous attempt stopped mid-send: the provider may have it. Never risk sending twice.
    await markDead(deps, id, "Stopped while sending; not sent again so the recipient never gets it twice.");
    return "dead";
  }
  if (msg.status !== "queued") return "skipped";

  if (waits(msg.purpose)) {
    const since = new Date(deps.now().getTime() - 3600_000);
    const [recent] = await deps.db
      .select({ n: count() })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, msg.recipient), eq(outboundMessages.channel, msg.channel), gt(outboundMessages.sentAt, since)));
    if ((recent?.n ?? 0) >= PER_RECIPIENT_PER_HOUR) {
      await queue.send(sendMessageJob, { messageId: id }, { startAfterSeconds: RATE_LIMIT_WAIT_SECONDS });
      return "waiting";
    }
  }

  // Wait for the channel's slot before claiming: a process stopped while waiting has sent nothing.
  await pace?.take(msg.channel, job.signal);

  // Claim: of two workers holding the same id, one sends.
  const claimed = await deps.db
    .update(outboundMessages)
    .set({ status: "sending", attempts: sql`${outboundMessages.attempts} + 1` })
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, "queued")))
    .returning({ id: outboundMessages.id });
  if (claimed.length === 0) return "skipped";

  const text = msg.sealed === null ? msg.body : msg.body.replace("{secret}", unseal(deps.config.sessionSecret, msg.sealed));
  try {
    if (msg.channel === "whatsapp") {
      const [creds] = await deps.db.select().from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, msg.agencyId));
      if (!creds) throw new WhatsappError("WhatsApp is not configured for this agency.", true);
      // A message the business starts needs an approved template (Meta refuses free text outside a reply window).
      const template = msg.purpose === "reminder" ? creds.reminderTemplate : msg.purpose === "alert" ? creds.alertTemplate : null;
      if (template && msg.params) await sendWhatsappTemplate({ apiUrl: deps.config.WHATSAPP_API_URL }, creds, msg.recipient, { name: template, language: creds.templateLanguage, params: msg.params });
      else await sendWhatsappText({ apiUrl: deps.config.WHATSAPP_API_URL }, creds, msg.recipient, text);
    } else {
      await deps.otpTransport.send({ channel: msg.channel, to: msg.recipient, text, subject: msg.subject ?? undefined });
    }
  } catch (err) {
    if (err instanceof ProviderBusy) {
      // Nothing went out: back in the queue after the provider's wait, the attempt not counted.
      pace?.holdOff(msg.channel, err.retryAfterSeconds);
      await deps.db
        .update(outboundMessages)
        .set({ status: "queued", attempts: sql`${outboundMessages.attempts} - 1`, lastError: err.message })
        .where(eq(outboundMessages.id, id));
      await queue.send(sendMessageJob, { messageId: id }, { startAfterSeconds: err.retryAfterSeconds });
      return "waiting";
    }
    const error = err instanceof Error ? err.message : String(err);
    if (job.isLastAttempt || (err instanceof WhatsappError && err.permanent)) {
      await markDead(deps, id, error);
      deps.logger.warn("Message not delivered", { messageId: id, channel: msg.channel, error });
      return "dead";
    }
    // The provider refused it: nothing went out, so the retry may send.
    await deps.db.update(outboundMessages).set({ status: "queued", lastError: error.slice(0, 500) }).where(eq(outboundMessages.id, id));
    throw err;
  }
  await deps.db.update(outboundMessages).set({ status: "sent", sealed: null, sentAt: deps.now(), lastError: null }).where(eq(outboundMessages.id, id));
  return "sent";
}

/** How long the queue waits before sending a message sendMessageNow is sending (its process may die). */
export const SEND_NOW_FALLBACK_SECONDS = 60;

/**
 * A sign-in code: sent in this request, so the person waiting learns at once whether it went.
 * The row and a job are written first (the job starts a minute later), so a process that dies
 * before the send still sends it; the send claims the row, so the job then finds it sent. A
 * failed send is dead at once (the person asks again; a late copy of an old code only confuses).
 * Returns false when the provider refused it; true when sent or waiting on the provider's rate.
 */
export async function sendMessageNow(deps: OutboxDeps & Pick<Deps, "otpTransport" | "logger">, m: MessageRequest): Promise<boolean> {
  const id = await queueMessage(deps, m, { startAfterSeconds: SEND_NOW_FALLBACK_SECONDS });
  if (id === null) return true; // this event was sent already (a retried request)
  if (!deps.queue) throw new Error("sendMessageNow: no job queue in this process.");
  const outcome = await deliverMessage(deps, deps.queue, { data: { messageId: id }, isLastAttempt: true });
  return outcome !== "dead";
}

export function sendPaceOf(config: Pick<Deps["config"], "SMS_SENDS_PER_SECOND" | "EMAIL_SENDS_PER_SECOND" | "WHATSAPP_SENDS_PER_SECOND">): SendPace {
  return createSendPace({ sms: config.SMS_SENDS_PER_SECOND, email: config.EMAIL_SENDS_PER_SECOND, whatsapp: config.WHATSAPP_SENDS_PER_SECOND });
}

export async function startMessageJobs(deps: Deps, queue: JobQueue) {
  const pace = sendPaceOf(deps.config);
  // Four at a time: a provider answering in 200 ms still gets 20 a second from one process.
  await queue.work(sendMessageJob, async (job) => void (await deliverMessage(deps, queue, job, pace)), {
    concurrency: 4,
    onGivenUp: (data) => markDead(deps, data.messageId, "Its server process stopped on the last attempt."),
  });
}
