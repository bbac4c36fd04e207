import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
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
    "Order a promotional video of a template for a business, rendered as a background job; answers at once (status queued). The plan's promotional videos are used first, then a bought video (user video payment); neither → 403 upgrade. The same requestKey again returns the first order.",
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

export const userVideoRoutes = [
  listUserVideosRoute,
  userVideosByBusinessRoute,
  getUserVideoRoute,
  orderUserVideoRoute,
  updateUserVideoStatusRoute,
  deleteUserVideoRoute,
] as const;
