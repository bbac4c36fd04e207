import type { Deps } from "#server/api/lib/env.ts";
import type { JobQueue } from "#server/services/queue/index.ts";
import { startBillingJobs } from "#server/api/billing/jobs.ts";

/**
 * Every background job's worker (and schedule) this server runs (ADR 0022). One line per job;
 * the handlers live with their domains. Called by server/main.ts after the queue started; tests
 * register only the workers they exercise.
 */
export async function startJobWorkers(deps: Deps, queue: JobQueue): Promise<void> {
  await startBillingJobs(deps, queue);
}
