import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/auth/roles.ts";
import { customerDashboard } from "./customer.ts";
import { staffDashboard } from "./staff.ts";

/** GET /dashboard: a customer's active (or chosen) business, or the agency's counts for staff. */
export function dashboardFor(db: Db, actor: Actor, agencyId: number, businessId: number | undefined, now: Date) {
  if (actor.kind === "customer") return customerDashboard(db, actor, agencyId, businessId, now);
  return staffDashboard(db, actor, agencyId, now);
}

export { startCardReportJobs, weeklyCardReport } from "./weekly-report.ts";
