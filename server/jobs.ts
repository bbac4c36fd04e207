import type { Deps } from "#server/api/lib/env.ts";
import type { JobQueue } from "#server/services/queue/index.ts";
import { monthlyBills, startBillingJobs } from "#server/api/billing/jobs.ts";
import { greetingVideoJob } from "#server/api/greetings/videos.ts";
import { starterLibraryJob, startStarterLibrary } from "#server/api/greetings/service.ts";
import { giveUpGreetingVideo, renderGreetingVideo } from "#server/api/greetings/video-job.ts";
import { userVideoJob } from "#server/api/promo-videos/service.ts";
import { giveUpUserVideo, renderUserVideo, requeueWaitingVideos } from "#server/api/promo-videos/job.ts";
import { templatePreviewJob } from "#server/api/promo-videos/templates.ts";
import { startTemplatePreviews } from "#server/api/promo-videos/preview.ts";
import { removeOrphanRenderDirs } from "#server/services/video/temp-dirs.ts";
import { expiringCardNotices, startNotificationJobs } from "#server/api/notifications/jobs.ts";
import { reconcileOrders, startGatewayJobs } from "#server/api/payments/jobs.ts";
import { registerProductLedgers } from "#server/api/ledgers.ts";
import { purgeExpiredJob, startHousekeepingJobs } from "#server/auth/housekeeping.ts";
import { sendMessageJob, startMessageJobs } from "#server/api/messages/outbox.ts";
import { insertBusiness } from "#server/api/business/create.ts";
import { reconcileRenewalLinksJob, renewalRemindersJob, startRenewalJobs, startRenewalLinkReconciliation } from "#server/api/renewals/service.ts";
import { businessImportJob, ownerInvitesJob, startOnboardingJobs } from "#server/api/onboarding/service.ts";
import { startCardReportJobs, weeklyCardReport } from "#server/api/dashboard/service.ts";

/** Every job this server sends or runs: their queues are made when the queue starts. */
export const ALL_JOBS = [
  greetingVideoJob,
  starterLibraryJob,
  templatePreviewJob,
  userVideoJob,
  monthlyBills,
  expiringCardNotices,
  purgeExpiredJob,
  reconcileOrders,
  sendMessageJob,
  businessImportJob,
  ownerInvitesJob,
  renewalRemindersJob,
  reconcileRenewalLinksJob,
  weeklyCardReport,
] as const;

/**
 * Every background job's worker (and schedule) this server runs (ADR 0022). One line per job;
 * the handlers live with their domains. Called by server/main.ts after the queue started; tests
 * register only the workers they exercise.
 */
export async function startJobWorkers(deps: Deps, queue: JobQueue): Promise<void> {
  // Reconciliation grants orders of every product: payments must know their ledgers.
  registerProductLedgers();
  await startBillingJobs(deps, queue);
  await startNotificationJobs(deps, queue);
  await startHousekeepingJobs(deps.db, deps.logger, queue, deps.now);
  await startGatewayJobs(deps, queue);
  await startMessageJobs(deps, queue);
  // Renewal reminders go out through the outbox above (ADR 0067).
  await startRenewalJobs(deps, queue);
  await startRenewalLinkReconciliation(deps, queue);
  // The weekly card report, Monday 09:00 India time (ADR 0068).
  await startCardReportJobs(deps, queue);
  // Imports make businesses the way POST /business does (ADR 0058).
  await startOnboardingJobs(deps, queue, insertBusiness);
  // Render folders a killed process left behind (issue 27).
  await removeOrphanRenderDirs({ atStart: true });
  // One render at a time: ffmpeg uses every core it gets.
  await queue.work(greetingVideoJob, (job) => renderGreetingVideo(deps, job), { onGivenUp: (data) => giveUpGreetingVideo(deps, data) });
  await queue.work(userVideoJob, (job) => renderUserVideo(deps, job), { onGivenUp: (data) => giveUpUserVideo(deps, data) });
  await requeueWaitingVideos(deps, queue);
  // Templates' preview frames and clips (issue 26): the seeded ones on the first start, unless left for later.
  await startTemplatePreviews(deps, queue, { drawMissing: deps.config.TEMPLATE_PREVIEWS === "on" });
  // The greeting starter library, made once at the first start (issue 26), unless left for later.
  await startStarterLibrary(deps, queue, { sendNow: deps.config.STARTER_LIBRARY === "on" });
}
