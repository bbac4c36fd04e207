import { lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { otpChallenges, rateLimits, sessions } from "#server/db/schema/core.ts";
import type { Logger } from "#server/services/logger.ts";

/** Delete expired sessions, sign-ins and rate-limit windows (nothing reads them any more). */
export async function purgeExpired(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
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
