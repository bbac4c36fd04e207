import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { businessReportQuery, cardFilters } from "#contracts/projects.ts";
import { REPORT_FILE_NAME, REPORT_KINDS, reportSaveName, type ReportKind } from "#contracts/project-texts.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { describeServerError } from "#server/services/server-error.ts";
import { csvHeaders, csvStream } from "./csv-stream.ts";
import { BUSINESS_REPORT_COLUMNS, businessReport, CARD_REPORT_COLUMNS, digitalCardReport } from "./service.ts";

const tag = "Reports";
/** SPEC §6 Menu gating: Report is for the admin role. */
const REPORT_READERS = access.staff("admin");
/** A report that fails mid-download: logged like any server error (the client sees a cut-short file). */
const failed = (c: ApiContext) => (err: unknown) =>
  c.get("deps").logger.error("Report stream failed", { requestId: c.get("requestId"), route: c.req.routePath, ...describeServerError(err) });
const csv = z.string().describe("text/csv (UTF-8 with BOM), saved as report.csv");
/**
 * `saveAs=dated`: the file is offered as report-businesses-2026-11-27.csv instead of the spec's
 * report.csv (the Report page's form without JavaScript asks for it; with JavaScript the page names
 * the file itself). Issue 22, ADR 0044.
 */
const saveAs = { saveAs: z.literal("dated", { error: "saveAs may only be dated." }).optional() };
const fileName = (kind: ReportKind, dated: boolean, now: Date) => (dated ? reportSaveName(kind, now) : REPORT_FILE_NAME);

/** What the Report page offers (and, being admin-only, whether it may be shown at all). */
export const reportList = defineRoute({
  method: "get",
  path: "/reports/project-report",
  tag,
  summary: "The CSV reports this admin may download and their columns.",
  access: REPORT_READERS,
  response: z.object({ reports: z.array(z.object({ kind: z.enum(REPORT_KINDS), columns: z.array(z.string()) })) }),
  async handler() {
    return { reports: [ { kind: "digital-card" as const, columns: [...CARD_REPORT_COLUMNS] }, { kind: "business" as const, columns: [...BUSINESS_REPORT_COLUMNS] }] };
  },
});

export const digitalCardReportRoute = defineRoute({
  method: "get",
  path: "/reports/project-report/digital-card",
  tag,
  summary: "Every digital card of the All Projects list's filters and search, as CSV (report.csv), streamed.",
  access: REPORT_READERS,
  query: cardFilters.extend(saveAs),
  response: csv,
  raw: true,
  async handler({ c, deps, actor, agency, query: { saveAs, ...query } }) {
    const rows = csvStream(deps.db, digitalCardReport(deps.db, actor, agency.id, query, deps.now()), failed(c));
    return c.body(rows, 200, csvHeaders(fileName("digital-card", !!saveAs, deps.now())));
  },
});

export const businessReportRoute = defineRoute({
  method: "get",
  path: "/reports/project-report/business",
  tag,
  summary: "Every business of the All Businesses list's filters and search, as CSV (report.csv), streamed.",
  access: REPORT_READERS,
  query: businessReportQuery.extend(saveAs),
  response: csv,
  raw: true,
  async handler({ c, deps, actor, agency, query: { saveAs, ...query } }) {
    const rows = csvStream(deps.db, businessReport(deps.db, actor, agency.id, query, deps.now()), failed(c));
    return c.body(rows, 200, csvHeaders(fileName("business", !!saveAs, deps.now())));
  },
});

export const reportRoutes = [reportList, digitalCardReportRoute, businessReportRoute] as const;
