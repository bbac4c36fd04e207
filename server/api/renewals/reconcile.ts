import { and, asc, between, eq, isNotNull } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { cardPayments } from "#server/db/schema/billing.ts";
import { renewals } from "#server/db/schema/renewals.ts";
import { reconcilePaymentLink } from "#server/api/payments/service.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";

/*
 * Renewal links paid while the callback and the webhook both went missing (ADR 0067): every 15
 * minutes, each open link older than 10 minutes (younger ones are probably still being paid) and
 * younger than its 30-day life is asked about at Razorpay, and a paid one is granted through the
 * same path as the callback. One instance per run, however many servers share the database.
 */

export const reconcileRenewalLinksJob = defineJob<Record<string, never>>("renewals.reconcile-links", { retryLimit: 0 });
export const RECONCILE_LINKS_CRON = "*/15 * * * *";

const MINUTE_MS = 60_000;
const YOUNGEST_MS = 10 * MINUTE_MS;
const OLDEST_MS = 31 * 24 * 60 * MINUTE_MS;

/** Returns how many renewals this run granted. */
export async function reconcileRenewalLinks(deps: Deps, limit = 100): Promise<number> {
  if (!deps.paymentGateway) return 0;
  const now = deps.now().getTime();
  const open = await deps.db
    .select({ linkId: renewals.paymentLinkId })
    .from(renewals)
    .innerJoin(cardPayments, eq(cardPayments.recordNo, renewals.recordNo))
    .where(and(isNotNull(renewals.paymentLinkId), eq(cardPayments.status, "created"), between(cardPayments.createdAt, new Date(now - OLDEST_MS), new Date(now - YOUNGEST_MS))))
    .orderBy(asc(cardPayments.createdAt))
    .limit(limit);
  let granted = 0;
  for (const { linkId } of open) {
    try {
      if (await reconcilePaymentLink(deps, linkId!)) granted++;
    } catch (err) {
      // Logged and asked again at the next run.
      deps.logger.warn("Reconciling a renewal's Payment Link failed", { linkId, error: String((err as Error).message) });
    }
  }
  return granted;
}

export async function startRenewalLinkReconciliation(deps: Deps, queue: JobQueue) {
  if (!deps.paymentGateway) return;
  await queue.work(reconcileRenewalLinksJob, async () => {
    const granted = await reconcileRenewalLinks(deps);
    if (granted) deps.logger.info("Reconciliation granted paid renewal links", { granted });
  });
  await queue.schedule(reconcileRenewalLinksJob, RECONCILE_LINKS_CRON, {});
}
