import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { unauthorized } from "#server/api/lib/errors.ts";
import { deleteVisibleFeedback, visibleFeedback } from "./service.ts";
import { enquiriesCsv, enquiriesVcf, exportBusiness } from "./export.ts";
import { csvHeaders, csvStream } from "#server/api/reports/service.ts";
import { describeServerError } from "#server/services/server-error.ts";
import { feedbackItemDto, feedbackListQuery } from "#contracts/feedback.ts";

const tag = "Feedback";

export const listFeedback = defineRoute({
  method: "get",
  path: "/feedback",
  tag,
  summary:
    "Feedback and enquiries left on public cards, newest first. Customers: one of their businesses (default the active one); staff: their agency's (franchisees: businesses they made).",
  access: access.customerOrStaff(),
  query: feedbackListQuery,
  response: z.object({
    total: z.number(),
    list: z.array(feedbackItemDto),
    page: z.number(),
    pageSize: z.number(),
    /** The business listed (customers), or the filter given (staff); null = none / all. */
    businessId: z.number().nullable(),
  }),
  async handler({ deps, agency, actor, query }) {
    if (actor.kind === "anonymous") throw unauthorized();
    return visibleFeedback(deps.db, actor, agency.id, query);
  },
});

export const deleteFeedback = defineRoute({
  method: "delete",
  path: "/feedback",
  tag,
  summary: "Delete one feedback or enquiry (?id). Only on a business the caller may see; anyone else's is 404.",
  access: access.customerOrStaff(),
  query: z.object({ id: q.int("id") }),
  response: z.object({ deleted: z.literal(true), id: z.number() }),
  async handler({ deps, agency, actor, query }) {
    return { deleted: true as const, id: await deleteVisibleFeedback(deps.db, actor, agency.id, query.id) };
  },
});

const exportQuery = z.object({ businessId: q.optionalInt("businessId") });

export const exportFeedbackCsv = defineRoute({
  method: "get",
  path: "/feedback/export/csv",
  tag,
  summary:
    "Every feedback and enquiry on one business as CSV (UTF-8 with BOM, newest first, formula-looking cells neutralised), streamed. Customers: one of their businesses (default the active one); staff: ?businessId they may see. Anyone else's is 404.",
  access: access.customerOrStaff(),
  query: exportQuery,
  response: z.string().describe("text/csv, saved as enquiries-{businessId}.csv"),
  raw: true,
  async handler({ c, deps, agency, actor, query }) {
    const businessId = await exportBusiness(deps.db, actor, agency.id, query.businessId);
    const failed = (err: unknown) =>
      deps.logger.error("Enquiry export failed", { requestId: c.get("requestId"), route: c.req.routePath, ...describeServerError(err) });
    return c.body(csvStream(deps.db, enquiriesCsv(deps.db, actor, agency.id, businessId), failed), 200, csvHeaders(`enquiries-${businessId}.csv`));
  },
});

export const exportFeedbackVcf = defineRoute({
  method: "get",
  path: "/feedback/export/vcf",
  tag,
  summary:
    "Every visitor who left a number or e-mail on one business's card, one vCard 3.0 each in a single .vcf (for a phone's contacts or a CRM). Same access as the CSV; anyone else's is 404.",
  access: access.customerOrStaff(),
  query: exportQuery,
  response: z.string().describe("text/vcard, saved as enquiries-{businessId}.vcf"),
  raw: true,
  async handler({ c, deps, agency, actor, query }) {
    const businessId = await exportBusiness(deps.db, actor, agency.id, query.businessId);
    return c.body(await enquiriesVcf(deps.db, actor, agency.id, businessId), 200, {
      "content-type": "text/vcard; charset=utf-8",
      "content-disposition": `attachment; filename="enquiries-${businessId}.vcf"`,
      "cache-control": "no-store",
    });
  },
});

export const feedbackRoutes = [listFeedback, deleteFeedback, exportFeedbackCsv, exportFeedbackVcf] as const;
