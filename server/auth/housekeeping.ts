import { and, eq, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clientLogs, otpChallenges, rateLimits, sessions } from "#server/db/schema/core.ts";
import { outboundMessages } from "#server/db/schema/messages.ts";
import { SESSION_IDLE_MS } from "./session.ts";
import type { Logger } from "#server/services/logger.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";

/** Client error logs are for debugging: kept 30 days. */
export const CLIENT_LOG_RETENTION_MS = 30 * 24 * 3600_000;

/** A sign-in code's outbox row (ADR 0053) is kept a week: its code was cleared when sent; the row shows that it went. */
export const OTP_MESSAGE_RETENTION_MS = 7 * 24 * 3600_000;

/** Delete expired sessions, sign-ins, rate-limit windows, old client logs and old sign-in code messages. */
export async function purgeExpired(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));
  await db.delete(clientLogs).where(lt(clientLogs.createdAt, new Date(now.getTime() - CLIENT_LOG_RETENTION_MS)));
  await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, now));
  // The longest rate-limit window is one hour.
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 2 * 3600_000)));
  // Every sign-in writes one; other messages stay (their rows are what stops a second send).
  await db.delete(outboundMessages).where(and(eq(outboundMessages.purpose, "otp"), lt(outboundMessages.createdAt, new Date(now.getTime() - OTP_MESSAGE_RETENTION_MS))));
}

/**
 * The purge as a queue job (ADR 0022): hourly, and once at start. On the queue, one instance runs
 * each hour's purge however many servers share the database, and a failed run is retried.
 */
export const purgeExpiredJob = defineJob<{ at?: string }>("housekeeping.purge-expired", { retryLimit: 2, retryDelaySeconds: 60 });

export const HOUSEKEEPING_CRON = "23 * * * *";

export async function startHousekeepingJobs(db: Db, logger: Logger, queue: JobQueue, now: () => Date = () => new Date()) {
  await queue.work(purgeExpiredJob, async (job) => {
    await purgeExpired(db, job.data.at ? new Date(job.data.at) : now());
    logger.debug("Housekeeping: expired sessions, sign-ins, rate limits and old client logs purged");
  });
  await queue.schedule(purgeExpiredJob, HOUSEKEEPING_CRON, {});
  await queue.send(purgeExpiredJob, {});
}
