import { accountLanguage, agencyDefaultLanguage } from "#server/api/lib/request-language.ts";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { agencies, users } from "#server/db/schema/core.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { agencyLinkOrigin, queueMessage } from "#server/api/messages/service.ts";
import { messagesFor } from "#contracts/i18n/messages.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { fmt } from "#contracts/i18n/fmt.ts";
import { formatNumber } from "#contracts/format.ts";
import type { CardSource } from "#contracts/card-sources.ts";
import { cardWeeks, lastWeekStart, type WeekReport } from "./card-report.ts";

/*
 * The weekly card report (issue 25, ADR 0068): every Monday 09:00 India time, each business with
 * a live card gets last week's numbers by SMS and e-mail through the outbox (ADR 0053): purpose
 * "report", so quiet hours and the one-tap unsubscribe apply. The event key names the business
 * and the week, so a retried or doubled run sends nothing twice.
 */
export const weeklyCardReport = defineJob<{ at?: string }>("dashboard.weekly-card-report", { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600 });

export const WEEKLY_CARD_REPORT_CRON = "0 9 * * 1";

type ReportDeps = Pick<Deps, "db" | "queue" | "now" | "config" | "logger">;

const PAGE = 200;

const SOURCE_KEYS: Record<CardSource, "sourceDirect" | "sourceGreeting" | "sourceQr" | "sourceWhatsapp" | "sourceIdcard"> = {
  direct: "sourceDirect",
  greeting: "sourceGreeting",
  qr: "sourceQr",
  whatsapp: "sourceWhatsapp",
  idcard: "sourceIdcard",
};

/** The report's words in the owner's language: a short SMS and a fuller e-mail. */
export function weeklyReportTexts(lang: Language, businessName: string, w: WeekReport, dashboardUrl: string) {
  const t = messagesFor(lang, "cardReport").cardReport;
  const n = (v: number) => formatNumber(v);
  const numbers = fmt(t.numbersLine, { visits: n(w.totals.visit), saves: n(w.totals.save), calls: n(w.totals.call), whatsapp: n(w.totals.whatsapp), enquiries: n(w.totals.enquiry) });
  const head = fmt(t.reportHeading, { business: businessName, from: w.weekStart, to: w.weekEnd });
  const best = w.topGreeting ? fmt(t.bestGreetingLine, { name: w.topGreeting.name ?? `#${w.topGreeting.greetingId}`, visits: n(w.topGreeting.visits) }) : null;
  const more = fmt(t.seeDashboard, { url: dashboardUrl });
  const sms = [head, numbers, best, more].filter(Boolean).join("\n");
  const bySource = w.bySource
    .filter((s) => s.visit + s.save + s.call + s.whatsapp + s.enquiry > 0)
    .map((s) => `${t[SOURCE_KEYS[s.source]]}: ${fmt(t.numbersLine, { visits: n(s.visit), saves: n(s.save), calls: n(s.call), whatsapp: n(s.whatsapp), enquiries: n(s.enquiry) })}`);
  const email = [head, "", numbers, ...(bySource.length ? ["", t.bySource, ...bySource] : []), ...(best ? ["", best] : []), "", more].join("\n");
  return { sms, email, subject: fmt(t.reportSubject, { business: businessName, visits: n(w.totals.visit) }) };
}

/**
 * Queue last week's report for every business with a live card, a page of businesses at a time.
 * Returns how many messages were newly queued (0 on a second run for the same week).
 */
export async function runWeeklyCardReports(deps: ReportDeps, now: Date) {
  const weekStart = lastWeekStart(now);
  let after = 0;
  let queued = 0;
  for (;;) {
    const page = await deps.db
      .select({
        businessId: businesses.businessId,
        agencyId: businesses.agencyId,
        businessName: businesses.businessName,
        phone: users.phoneNumber,
        email: users.email,
        language: users.language,
        host: agencies.host,
        configuration: agencies.configuration,
      })
      .from(businesses)
      .innerJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt), eq(cards.status, "active")))
      .innerJoin(users, eq(users.id, businesses.userId))
      .innerJoin(agencies, eq(agencies.id, businesses.agencyId))
      .where(and(isNull(businesses.deletedAt), gt(businesses.businessId, after)))
      .orderBy(asc(businesses.businessId))
      .limit(PAGE);
    for (const b of page) {
      const [week] = await cardWeeks(deps.db, b.agencyId, b.businessId, weekStart, 1);
      const lang = accountLanguage(b.language, agencyDefaultLanguage(b));
      const dashboardUrl = `${agencyLinkOrigin(deps.config, b.host)}/panel/customer?businessId=${b.businessId}`;
      const texts = weeklyReportTexts(lang, b.businessName, week!, dashboardUrl);
      const base = { agencyId: b.agencyId, eventKey: `card-report:${b.businessId}:${weekStart}`, purpose: "report" as const, language: lang };
      if (b.phone && (await queueMessage(deps, { ...base, channel: "sms", to: b.phone, text: texts.sms }))) queued++;
      if (b.email && (await queueMessage(deps, { ...base, channel: "email", to: b.email, subject: texts.subject, text: texts.email }))) queued++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.businessId;
  }
  return { weekStart, queued };
}

export async function startCardReportJobs(deps: Deps, queue: JobQueue) {
  await queue.work(weeklyCardReport, async (job) => {
    const result = await runWeeklyCardReports(deps, job.data.at ? new Date(job.data.at) : deps.now());
    deps.logger.info("Weekly card reports queued", result);
  });
  await queue.schedule(weeklyCardReport, WEEKLY_CARD_REPORT_CRON, {}, { tz: "Asia/Kolkata" });
}
