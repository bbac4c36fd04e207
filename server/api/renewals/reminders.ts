import { eq, sql } from "drizzle-orm";
import { addDays, indiaDate, indiaDayStart } from "#contracts/india-time.ts";
import type { Deps } from "#server/api/lib/env.ts";
import { agencies } from "#server/db/schema/core.ts";
import { agencyWhatsappSettings } from "#server/db/schema/messages.ts";
import { renewals, renewalSettings } from "#server/db/schema/renewals.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { agencyLinkOrigin, queueMessages } from "#server/api/messages/service.ts";
import { payableOnline } from "#server/api/payments/service.ts";
import { formatDate, formatPrice } from "#contracts/format.ts";
import { CATALOGUES } from "#contracts/i18n/messages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { accountLanguage, agencyDefaultLanguage } from "#server/api/lib/request-language.ts";
import { renewPath, renewToken } from "./token.ts";

/*
 * Renewal reminders (ADR 0067): every day at 09:00 India time (after quiet hours) and once at
 * start, every paid card whose expiry day is one of its agency's chosen days away (7 before, 1
 * before, 3 after by default) gets a reminder by SMS, e-mail, and WhatsApp when the agency has it,
 * through the outbox (ADR 0053): once per business, expiry day, reminder day and channel.
 * Yesterday's reminders are caught up too (a day the server was down); the outbox's unique key
 * makes that, and any re-run, send nothing twice.
 *
 * Speed: a page of businesses at a time (keyset on the id, so memory stays flat), each page three
 * statements for renewals, messages and jobs, in one transaction.
 */

export const renewalRemindersJob = defineJob<{ at?: string }>("renewals.queue-reminders", { retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 30 * 60 });
const RENEWAL_REMINDERS_CRON = "0 9 * * *";

const PAGE = 2500;
const DAY_MS = 86_400_000;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

type Candidate = {
  business_id: number;
  business_name: string;
  franchisee_id: number | null;
  expires_at: Date | string;
  expires_on: string;
  phone: string | null;
  email: string | null;
  plan_name: string | null;
  price: number | null;
  language: string | null;
};

/**
 * The reminder's words in the owner's language: the expiry, the plan's price and the one-tap
 * link; the unsubscribe line is the outbox's.
 */
export function reminderText(lang: Language, c: Pick<Candidate, "business_name" | "plan_name" | "price">, expiresAt: Date, expired: boolean, link: string) {
  const t = CATALOGUES[lang].outbound;
  const date = formatDate(expiresAt, lang);
  const head = fmt(expired ? t.reminderExpired : t.reminderExpires, { business: c.business_name, date });
  const price = formatPrice(c.price);
  const pay = !payableOnline(c.price) ? fmt(t.reminderRenewHere, { link }) : c.plan_name ? fmt(t.reminderPayPlan, { plan: c.plan_name, price, link }) : fmt(t.reminderPay, { price, link });
  return `${head} ${pay}`;
}

type ReminderDeps = Pick<Deps, "db" | "queue" | "now" | "config">;

/** Queue every reminder due now for every agency that has them on. Returns how many messages and renewal rows were new. */
export async function queueRenewalReminders(deps: ReminderDeps, at?: Date): Promise<{ messages: number; reminded: number }> {
  const now = at ?? deps.now();
  const rows = await deps.db
    .select({ agencyId: renewalSettings.agencyId, days: renewalSettings.days, host: agencies.host, configuration: agencies.configuration, whatsapp: agencyWhatsappSettings.agencyId })
    .from(renewalSettings)
    .innerJoin(agencies, eq(agencies.id, renewalSettings.agencyId))
    .leftJoin(agencyWhatsappSettings, eq(agencyWhatsappSettings.agencyId, renewalSettings.agencyId))
    .where(eq(renewalSettings.enabled, true));
  const total = { messages: 0, reminded: 0 };
  for (const a of rows) {
    const r = await remindAgency(deps, { agencyId: a.agencyId, days: a.days, origin: agencyLinkOrigin(deps.config, a.host), whatsapp: a.whatsapp !== null, language: agencyDefaultLanguage(a) }, now);
    total.messages += r.messages;
    total.reminded += r.reminded;
  }
  return total;
}

type AgencyReminders = { agencyId: number; origin: string; whatsapp: boolean; language: Language };

async function remindAgency(deps: ReminderDeps, a: AgencyReminders & { days: number[] }, now: Date) {
  const today = indiaDate(now);
  const days = new Set(a.days);
  // Expiry days a reminder is due for: today's, and yesterday's caught up.
  const targets = [...new Set(a.days.flatMap((d) => [addDays(today, -d), addDays(today, -d - 1)]))].sort();
  if (targets.length === 0) return { messages: 0, reminded: 0 };
  const from = indiaDayStart(targets[0]!);
  const to = indiaDayStart(addDays(targets.at(-1)!, 1));
  const out = { messages: 0, reminded: 0 };
  let after = 0;
  for (;;) {
    const page = await deps.db.execute(sql`
      select b.business_id, b.business_name, b.made_by_franchisee_id as franchisee_id, b.expiry_date_for_customer as expires_at,
        to_char(b.expiry_date_for_customer at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as expires_on,
        u.phone_number as phone, u.email, u.language, p.name as plan_name, p.price
      from businesses b
      join users u on u.id = b.user_id
      left join subscription_plans p on p.subscription_plan_id = b.subscription_plan_id
      where b.agency_id = ${a.agencyId} and b.deleted_at is null and b.payment_status = 1
        and b.expiry_date_for_customer >= ${from.toISOString()}::timestamptz and b.expiry_date_for_customer < ${to.toISOString()}::timestamptz
        and b.business_id > ${after}
      order by b.business_id
      limit ${PAGE}`);
    const candidates = (page as unknown as { rows: Candidate[] }).rows;
    if (candidates.length === 0) break;
    after = Number(candidates.at(-1)!.business_id);
    const due = candidates.flatMap((c) => {
      const since = daysBetween(c.expires_on, today);
      // The reminder day this is: today's (since), or yesterday's missed one (since - 1).
      const ds = [since, since - 1].filter((d) => days.has(d));
      return ds.length && (c.phone || c.email) ? [{ c, ds }] : [];
    });
    if (due.length) {
      const r = await remindPage(deps, a, due, now);
      out.messages += r.messages;
      out.reminded += r.reminded;
    }
    if (candidates.length < PAGE) break;
  }
  return out;
}

async function remindPage(deps: ReminderDeps, a: AgencyReminders, due: { c: Candidate; ds: number[] }[], now: Date) {
  return deps.db.transaction(async (tx) => {
    // One renewal row per business and expiry day; a re-run finds the same row (and its id for the link).
    const upserted = await tx.execute(sql`
      insert into ${renewals} (agency_id, business_id, franchisee_id, expires_on, expires_at)
      select ${a.agencyId}, x.business_id, x.franchisee_id, x.expires_on::date, x.expires_at::timestamptz
      from json_to_recordset(${JSON.stringify(due.map(({ c }) => ({ business_id: c.business_id, franchisee_id: c.franchisee_id, expires_on: c.expires_on, expires_at: new Date(c.expires_at).toISOString() })))}::json)
        as x(business_id int, franchisee_id int, expires_on text, expires_at text)
      on conflict (business_id, expires_on) do update set expires_at = excluded.expires_at
      returning id, business_id as "businessId"`);
    const renewalOf = new Map((upserted as unknown as { rows: { id: number; businessId: number }[] }).rows.map((r) => [Number(r.businessId), Number(r.id)]));

    const messages = due.flatMap(({ c, ds }) => {
      const renewalId = renewalOf.get(Number(c.business_id))!;
      const link = a.origin + renewPath(renewToken(deps.config.sessionSecret, renewalId));
      const expiresAt = new Date(c.expires_at);
      // The owner's own choice of language, else the agency's (ADR 0066).
      const language = accountLanguage(c.language, a.language);
      return ds.flatMap((d) => {
        const text = reminderText(language, c, expiresAt, d > 0, link);
        const eventKey = `renewal:${c.business_id}:${c.expires_on}:${d}`;
        const list: { eventKey: string; channel: "sms" | "email" | "whatsapp"; to: string; text: string; subject?: string; language: Language; params?: string[] }[] = [];
        if (c.phone) list.push({ eventKey, channel: "sms", to: c.phone, text, language });
        if (c.email) list.push({ eventKey, channel: "email", to: c.email, text, language, subject: fmt(CATALOGUES[language].outbound.reminderSubject, { business: c.business_name }) });
        // The agency's reminder template, when it has one: {{1}} business, {{2}} expiry date, {{3}} the pay link.
        if (c.phone && a.whatsapp) list.push({ eventKey, channel: "whatsapp", to: c.phone, text, language, params: [c.business_name, formatDate(expiresAt, language), link] });
        return list;
      });
    });
    const inserted = await queueMessages(deps, messages, { agencyId: a.agencyId, purpose: "reminder" }, { tx });

    // A renewal's count goes up once per reminder day that was new (on whichever channels).
    const newDays = new Map<number, Set<string>>();
    for (const m of inserted) {
      const businessId = Number(m.eventKey.split(":")[1]);
      const id = renewalOf.get(businessId)!;
      newDays.set(id, (newDays.get(id) ?? new Set()).add(m.eventKey));
    }
    if (newDays.size) {
      const counts = [...newDays].map(([id, keys]) => ({ id, n: keys.size }));
      await tx.execute(sql`
        update ${renewals} r set reminders = r.reminders + x.n, last_reminded_at = ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(counts)}::json) as x(id int, n int)
        where r.id = x.id`);
    }
    return { messages: inserted.length, reminded: newDays.size };
  });
}

export async function startRenewalJobs(deps: Deps, queue: JobQueue) {
  await queue.work(renewalRemindersJob, async (job) => {
    await queueRenewalReminders(deps, job.data.at ? new Date(job.data.at) : undefined);
  });
  await queue.schedule(renewalRemindersJob, RENEWAL_REMINDERS_CRON, {}, { tz: "Asia/Kolkata" });
  await queue.send(renewalRemindersJob, {});
}
