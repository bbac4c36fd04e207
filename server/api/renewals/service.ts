/* The renewals domain's surface (ADR 0030, ADR 0067): the reminder and link jobs for server/jobs.ts. */
export { queueRenewalReminders, renewalRemindersJob, startRenewalJobs } from "./reminders.ts";
export { reconcileRenewalLinks, reconcileRenewalLinksJob, startRenewalLinkReconciliation } from "./reconcile.ts";
