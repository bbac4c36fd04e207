import type { Deps } from "#server/api/lib/env.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { generateMonthBills } from "./generate.ts";
import { periodOf, previousPeriod } from "./rules.ts";

/**
 * Month bills on the queue (ADR 0023): every day at 00:30 Asia/Kolkata the running bill of the
 * month is brought up to date and the month before is finished (so on the 1st it is final, and a
 * day the server was down is caught up the next day). Generation is idempotent, so a retried or
 * doubled run changes nothing (runs for one month also wait on one advisory lock).
 */
export const monthlyBills = defineJob<{ at?: string }>("billing.month-bills", { retryLimit: 3, retryDelaySeconds: 60 });

export const MONTH_BILLS_CRON = "30 0 * * *";

/** Generate the month before and this month as of `now`. */
export async function runMonthBills(deps: Pick<Deps, "db">, now: Date) {
  const current = periodOf(now);
  const previous = await generateMonthBills(deps.db, { ...previousPeriod(current), now });
  const running = await generateMonthBills(deps.db, { ...current, now });
  return { previous, running };
}

export async function startBillingJobs(deps: Deps, queue: JobQueue) {
  await queue.work(monthlyBills, async (job) => {
    const { previous, running } = await runMonthBills(deps, job.data.at ? new Date(job.data.at) : deps.now());
    deps.logger.info("Month bills generated", { previous, running });
  });
  await queue.schedule(monthlyBills, MONTH_BILLS_CRON, {}, { tz: "Asia/Kolkata" });
}
