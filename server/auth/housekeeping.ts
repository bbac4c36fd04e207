import { lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { clientLogs, otpChallenges, rateLimits, sessions } from "#server/db/schema/core.ts";
import { SESSION_IDLE_MS } from "./session.ts";
import type { Logger } from "#server/services/logger.ts";

/** Client error logs are for debugging: kept 30 days. */
export const CLIENT_LOG_RETENTION_MS = 30 * 24 * 3600_000;

/** Delete expired sessions, sign-ins, rate-limit windows and old client logs. */
export async function purgeExpired(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));
  await db.delete(clientLogs).where(lt(clientLogs.createdAt, new Date(now.getTime() - CLIENT_LOG_RETENTION_MS)));
  await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, now));
  // The longest rate-limit window is one hour.
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - 2 * 3600_000)));
}

export function scheduleHousekeeping(db: Db, logger: Logger, everyMs = 3600_000) {
  const run = () => purgeExpired(db, new Date()).catch((err) => logger.warn("Housekeeping failed", { error: String(err) }));
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
