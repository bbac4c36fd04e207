import type { Deps } from "#server/api/lib/env.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { reconcileOpenOrders } from "./gateway.ts";

/**
 * Paid orders nobody completed are granted by a queue job every 15 minutes (ADR 0022): one
 * instance asks Razorpay per run however many servers share the database. A failed order is
 * logged and retried at the next run; the job itself is not retried.
 */
export const reconcileOrders = defineJob<Record<string, never>>("payments.reconcile-open-orders", { retryLimit: 0 });

export const RECONCILE_CRON = "*/15 * * * *";

/** Nothing to reconcile without a gateway (no keys and no test gateway): no schedule. */
export async function startGatewayJobs(deps: Deps, queue: JobQueue) {
  if (!deps.paymentGateway) return;
  await queue.work(reconcileOrders, async () => {
    const granted = await reconcileOpenOrders(deps);
    if (granted) deps.logger.info("Reconciliation granted paid orders", { granted });
  });
  await queue.schedule(reconcileOrders, RECONCILE_CRON, {});
}
