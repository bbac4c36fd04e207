import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { deletedDto, videoTemplateBody, videoTemplateDto, videoTemplateIdBody, videoTemplateListDto, videoTemplateListQuery } from "#contracts/promo-videos.ts";
import { bumpPopularity, deleteTemplate, getTemplate, listTemplates, saveTemplate } from "./queries.ts";

const tag = "Video templates";
/** SPEC §6: Video template Management is superadmin plus (admin or franchisee-with-all-card-access). */
const manage = access.superadmin("admin", "franchisee-with-all-card-access");

export const listVideoTemplates = defineRoute({
  method: "get",
  path: "/video/template",
  tag,
  summary: "Video templates customers can order, most popular first (search by name, paged).",
  access: access.customerOrStaff(),
  query: videoTemplateListQuery,
  response: videoTemplateListDto,
  handler: ({ deps, agency, query }) => listTemplates(deps, agency, query),
});

export const getVideoTemplate = defineRoute({
  method: "get",
  path: "/video/template/{id}",
  tag,
  summary: "One video template with its placeholders (place and timing).",
  access: access.customerOrStaff(),
  params: z.object({ id: q.int("id") }),
  response: videoTemplateDto,
  handler: ({ deps, agency, params }) => getTemplate(deps, agency, params.id),
});

export const saveVideoTemplate = defineRoute({
  method: "post",
  path: "/video/template",
  tag,
  summary: "Create a video template (a generated background and placeholders), or change one when templateId is given.",
  access: manage,
  body: videoTemplateBody,
  response: videoTemplateDto,
  handler: ({ deps, actor, agency, body }) => saveTemplate(deps, actor, agency, body),
});

export const deleteVideoTemplate = defineRoute({
  method: "delete",
  path: "/video/template",
  tag,
  summary: "Delete a video template (body templateId): no new orders; videos already made stay.",
  access: manage,
  body: videoTemplateIdBody,
  response: deletedDto,
  handler: ({ deps, agency, body }) => deleteTemplate(deps, agency, body.templateId),
});

export const videoTemplatePopularity = defineRoute({
  method: "put",
  path: "/video/template/popularity",
  tag,
  summary: "Raise a template's popularity by one (body templateId); lists sort by it.",
  access: manage,
  body: videoTemplateIdBody,
  response: videoTemplateDto,
  handler: ({ deps, agency, body }) => bumpPopularity(deps, agency, body.templateId),
});

export const videoTemplateRoutes = [listVideoTemplates, getVideoTemplate, saveVideoTemplate, deleteVideoTemplate, videoTemplatePopularity] as const;
