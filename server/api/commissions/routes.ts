import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { z } from "zod";
import {
  commissionDownloadQuery,
  commissionOverviewQuery,
  commissionOverviewResponse,
  commissionPayoutBody,
  commissionPayoutResponse,
  commissionRateBody,
  commissionRateDto,
  commissionStatementQuery,
  commissionStatementResponse,
} from "#contracts/commissions.ts";
import { commissionOverview, commissionStatement, markCommissionPayout, setCommissionRate } from "./statement.ts";
import { statementCsv, statementFileName, statementPdf } from "./files.ts";

const tag = "Commissions";

export const commissionOverviewRoute = defineRoute({
  method: "get",
  path: "/commissions",
  tag,
  summary: "Every staff member of the agency with their commission rate, the month's net commission and its payout (admin). Month YYYY-MM, default this Asia/Kolkata month.",
  access: access.staff("admin"),
  query: commissionOverviewQuery,
  response: commissionOverviewResponse,
  handler: ({ deps, agency, query }) => commissionOverview(deps.db, agency.id, query.month, deps.now()),
});

export const setCommissionRateRoute = defineRoute({
  method: "put",
  path: "/commissions/rate",
  tag,
  summary: "Set a franchisee's commission (admin): percent of each paid plan (basis points) or a fixed amount per payment (paise). Applies to payments from now on; another agency's staff is 404.",
  access: access.staff("admin"),
  body: commissionRateBody,
  response: z.object({ franchiseeId: z.number(), rate: commissionRateDto }),
  handler: ({ deps, actor, agency, body }) => setCommissionRate(deps.db, actor, agency.id, body, deps.now()),
});

export const commissionStatementRoute = defineRoute({
  method: "get",
  path: "/commissions/statement",
  tag,
  summary: "A franchisee's monthly commission statement: lines (sales, renewals, reversals), totals and the payout. Admins any staff member of the agency; staff their own (read-only); else 404.",
  access: access.staff(),
  query: commissionStatementQuery,
  response: commissionStatementResponse,
  handler: ({ deps, actor, agency, query }) => commissionStatement(deps.db, actor, agency, query.franchiseeId, query.month, deps.now()),
});

export const commissionDownloadRoute = defineRoute({
  method: "get",
  path: "/commissions/statement/download",
  tag,
  summary: "The monthly statement as CSV (commission-{id}-YYYY-MM.csv) or PDF; who may see it as for the statement.",
  access: access.staff(),
  query: commissionDownloadQuery,
  response: z.unknown(),
  raw: true,
  async handler({ deps, actor, agency, query }) {
    const s = await commissionStatement(deps.db, actor, agency, query.franchiseeId, query.month, deps.now());
    const disposition = `attachment; filename="${statementFileName(s, query.format)}"`;
    if (query.format === "csv") {
      return new Response(statementCsv(s), { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": disposition, "cache-control": "no-store" } });
    }
    return new Response(new Uint8Array(await statementPdf(s)), { headers: { "content-type": "application/pdf", "content-disposition": disposition, "cache-control": "no-store" } });
  },
});

export const commissionPayoutRoute = defineRoute({
  method: "post",
  path: "/commissions/payout",
  tag,
  summary: "Mark a franchisee's month paid (admin): records the month's net once; a repeat returns the first payout (alreadyPaid). A month with nothing to pay is 409.",
  access: access.staff("admin"),
  body: commissionPayoutBody,
  response: commissionPayoutResponse,
  handler: ({ deps, actor, agency, body }) => markCommissionPayout(deps.db, actor, agency.id, body, deps.now()),
});

export const commissionRoutes = [commissionOverviewRoute, setCommissionRateRoute, commissionStatementRoute, commissionDownloadRoute, commissionPayoutRoute] as const;
