import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Deps } from "#server/api/lib/env.ts";
import { businesses } from "#server/db/schema/business.ts";
import { adminNotifications } from "#server/db/schema/core.ts";
import { expiryCondition } from "#server/api/business/service.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";

/**
 * Paid cards expiring soon become notices for their agency's staff (ADR 0016, appendix): every
 * day at 07:00 India time, and once when the server starts (a day it was down is caught up).
 * Reading the notifications writes nothing. A trial always ends within days, so it is not news.
 */
export const expiringCardNotices = defineJob<{ at?: string }>("notifications.expiring-cards", { retryLimit: 3, retryDelaySeconds: 60 });

export const EXPIRING_NOTICES_CRON = "0 7 * * *";

/**
 * One statement over every agency. The dedupe key is the business and its expiry day, so a rerun
 * adds nothing and a renewal that later expires again is a new notice. Returns how many were added.
 */
export async function deriveExpiringNotices(db: Db, now: Date): Promise<number> {
  const n = adminNotifications;
  const b = businesses;
  const expiry = sql`${b.expiryDateForCustomer} at time zone 'Asia/Kolkata'`;
  const added = await db.execute(sql`
    insert into ${n} (agency_id, kind, business_id, dedupe_key, title, body, created_at)
    select ${b.agencyId}, 'expiring-card', ${b.businessId}, 'expiring-card:' || ${b.businessId} || ':' || to_char(${expiry}, 'YYYY-MM-DD'),
      'Card expiring soon: ' || ${b.businessName}, 'Expires on ' || to_char(${expiry}, 'DD Mon YYYY'), ${now.toISOString()}::timestamptz
    from ${b}
    where ${and(isNull(b.deletedAt), eq(b.paymentStatus, 1), expiryCondition("expiring-soon", now))}
    order by ${b.businessId}
    on conflict (agency_id, dedupe_key) do nothing`);
  return (added as unknown as { rowCount: number | null }).rowCount ?? 0;
}

export async function startNotificationJobs(deps: Deps, queue: JobQueue) {
  await queue.work(expiringCardNotices, async (job) => {
    const added = await deriveExpiringNotices(deps.db, job.data.at ? new Date(job.data.at) : deps.now());
    if (added) deps.logger.info("Expiring card notices added", { added });
  });
  await queue.schedule(expiringCardNotices, EXPIRING_NOTICES_CRON, {}, { tz: "Asia/Kolkata" });
  await queue.send(expiringCardNotices, {});
}
