import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import {
  deletedDto,
  userVideoBody,
  userVideoDto,
  userVideoListDto,
  userVideoListQuery,
  userVideoNoBody,
  userVideoParams,
  userVideosByBusinessQuery,
  userVideoStatusBody,
} from "#contracts/promo-videos.ts";
import { z } from "zod";
import { deleteUserVideo, getUserVideo, listUserVideos, orderUserVideo, updateUserVideoStatus, userVideosByBusiness } from "./service.ts";
import {
  videoBackgroundBody,
  videoBackgroundDto,
  videoTemplateBody,
  videoTemplateDraft,
  videoTemplateDto,
  videoTemplateIdBody,
  videoTemplateListDto,
  videoTemplateListQuery,
  videoTemplatePreviewDto,
} from "#contracts/promo-videos.ts";
import { UPLOAD_ENVELOPE_BYTES } from "#contracts/constants.ts";
import { VIDEO_BACKGROUND_LIMITS } from "#contracts/promo-videos-texts.ts";
import { bumpPopularity, deleteTemplate, getTemplate, listTemplates, saveTemplate } from "./templates.ts";
import { previewDraft, uploadBackground } from "./backgrounds.ts";

/* ---------------- Video templates (what a customer orders a promotional video from) ---------------- */

const templateTag = "Video templates";
/** SPEC §6: Video template Management is superadmin plus (admin or franchisee-with-all-card-access). */
const manage = access.superadmin("admin", "franchisee-with-all-card-access");

export const listVideoTemplates = defineRoute({
  method: "get",
  path: "/video/template",
  tag: templateTag,
  summary: "Video templates customers can order, most popular first (search by name, paged).",
  access: access.customerOrStaff(),
  query: videoTemplateListQuery,
  response: videoTemplateListDto,
  handler: ({ deps, agency, query }) => listTemplates(deps, agency, query),
});

export const getVideoTemplate = defineRoute({
  method: "get",
  path: "/video/template/{id}",
  tag: templateTag,
  summary: "One video template with its placeholders (place and timing).",
  access: access.customerOrStaff(),
  params: z.object({ id: q.int("id") }),
  response: videoTemplateDto,
  handler: ({ deps, agency, params }) => getTemplate(deps, agency, params.id),
});

export const saveVideoTemplate = defineRoute({
  method: "post",
  path: "/video/template",
  tag: templateTag,
  summary: "Create a video template (a generated background and placeholders), or change one when templateId is given.",
  access: manage,
  body: videoTemplateBody,
  response: videoTemplateDto,
  handler: ({ deps, actor, agency, body }) => saveTemplate(deps, actor, agency, body),
});

export const deleteVideoTemplate = defineRoute({
  method: "delete",
  path: "/video/template",
  tag: templateTag,
  summary: "Delete a video template (body templateId): no new orders; videos already made stay.",
  access: manage,
  body: videoTemplateIdBody,
  response: deletedDto,
  handler: ({ deps, agency, body }) => deleteTemplate(deps, agency, body.templateId),
});

export const videoTemplatePopularity = defineRoute({
  method: "put",
  path: "/video/template/popularity",
  tag: templateTag,
  summary: "Raise a template's popularity by one (body templateId); lists sort by it.",
  access: manage,
  body: videoTemplateIdBody,
  response: videoTemplateDto,
  handler: ({ deps, agency, body }) => bumpPopularity(deps, agency, body.templateId),
});

export const uploadVideoBackground = defineRoute({
  method: "post",
  path: "/video/template/background",
  tag: templateTag,
  summary:
    "Upload a template's background (multipart file): a JPEG, PNG or WebP image up to 5 MB (cropped to 720×1280), or an MP4 up to 8 MB and 60 s, at least 360 px a side. Answers its backgroundUrl for POST /video/template.",
  access: manage,
  body: videoBackgroundBody,
  bodyType: "multipart",
  maxBodyBytes: VIDEO_BACKGROUND_LIMITS.videoBytes + UPLOAD_ENVELOPE_BYTES,
  response: videoBackgroundDto,
  handler: ({ deps, agency, body }) => uploadBackground(deps, agency, body.file),
});

export const previewVideoTemplate = defineRoute({
  method: "post",
  path: "/video/template/preview",
  tag: templateTag,
  summary: "The poster frame (360×640 JPEG, base64) of a template drawn from unsaved values with sample texts; nothing is stored.",
  access: manage,
  body: videoTemplateDraft,
  response: videoTemplatePreviewDto,
  handler: ({ c, deps, agency, body }) => previewDraft(deps, agency, body, c.req.raw.signal),
});

const videoTemplateRoutes = [
  listVideoTemplates,
  getVideoTemplate,
  saveVideoTemplate,
  uploadVideoBackground,
  previewVideoTemplate,
  deleteVideoTemplate,
  videoTemplatePopularity,
] as const;

/* ---------------- Promotional videos ---------------- */

const tag = "User videos";

export const listUserVideosRoute = defineRoute({
  method: "get",
  path: "/video/user-video",
  tag,
  summary: "Promotional videos the caller may see, newest first (filter by businessId and status, paged).",
  access: access.customerOrStaff(),
  query: userVideoListQuery,
  response: userVideoListDto,
  handler: ({ deps, actor, agency, query }) => listUserVideos(deps, actor, agency, query),
});

// Before /video/user-video/{videoNo}: "getUserVideosByBusiness" is not a videoNo.
export const userVideosByBusinessRoute = defineRoute({
  method: "get",
  path: "/video/user-video/getUserVideosByBusiness",
  tag,
  summary: "Every promotional video of one business (param businessId), newest first.",
  access: access.customerOrStaff(),
  query: userVideosByBusinessQuery,
  response: z.array(userVideoDto),
  handler: ({ deps, actor, agency, query }) => userVideosByBusiness(deps, actor, agency, query.businessId),
});

export const getUserVideoRoute = defineRoute({
  method: "get",
  path: "/video/user-video/{videoNo}",
  tag,
  summary: "One promotional video: queued, rendering (percent), ready (url of the MP4) or failed (error).",
  access: access.customerOrStaff(),
  params: userVideoParams,
  response: userVideoDto,
  handler: ({ deps, actor, agency, params }) => getUserVideo(deps, actor, agency, params.videoNo),
});

export const orderUserVideoRoute = defineRoute({
  method: "post",
  path: "/video/user-video",
  tag,
  summary:
    "Order a promotional video of a template for a business, rendered as a background job; answers at once (status queued). The plan's promotional videos are used first, then a bought video (user video payment); neither → 403 upgrade naming a plan that gives more, or 409 { limitReached } when no plan on offer does (ADR 0042). The same requestKey again returns the first order.",
  access: access.customerOrStaff(),
  body: userVideoBody,
  response: userVideoDto,
  handler: ({ deps, actor, agency, body }) => orderUserVideo(deps, actor, agency, body),
});

export const updateUserVideoStatusRoute = defineRoute({
  method: "post",
  path: "/video/user-video/updateUserVideoStatus",
  tag,
  summary: "Staff: queued renders the video again, failed stops it with a reason, ready only when its file exists.",
  access: access.staff(),
  body: userVideoStatusBody,
  response: userVideoDto,
  handler: ({ deps, actor, agency, body }) => updateUserVideoStatus(deps, actor, agency, body),
});

export const deleteUserVideoRoute = defineRoute({
  method: "delete",
  path: "/video/user-video",
  tag,
  summary: "Delete a promotional video (body videoNo); it still counts against the plan.",
  access: access.customerOrStaff(),
  body: userVideoNoBody,
  response: deletedDto,
  handler: ({ deps, actor, agency, body }) => deleteUserVideo(deps, actor, agency, body.videoNo),
});

const userVideoRoutes = [
  listUserVideosRoute,
  userVideosByBusinessRoute,
  getUserVideoRoute,
  orderUserVideoRoute,
  updateUserVideoStatusRoute,
  deleteUserVideoRoute,
] as const;

export const promoVideoRoutes = [...videoTemplateRoutes, ...userVideoRoutes] as const;
