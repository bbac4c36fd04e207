import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { greetingVideoBody, greetingVideoDto, greetingVideoQuery } from "#contracts/greeting-videos.ts";
import { greetingVideoStatus, requestGreetingVideo } from "./service.ts";

const tag = "Greeting videos";
const params = z.object({ imageId: q.int("imageId") });

export const postBrandedVideo = defineRoute({
  method: "post",
  path: "/image-post/{imageId}/branded-video",
  tag,
  summary:
    "Make this VIDEO post with the business's frame (an MP4 for phones), as a background job; answers at once with its status. Asking again (a double click) returns the same render; a failed one is tried again. Counts against the plan's greeting videos per day (403 upgrade when reached). Same access as the post.",
  access: access.customerOrStaff(),
  params,
  body: greetingVideoBody,
  response: greetingVideoDto,
  handler: ({ deps, agency, actor, params, body }) => requestGreetingVideo(deps, actor, agency, params.imageId, body.businessId),
});

export const getBrandedVideo = defineRoute({
  method: "get",
  path: "/image-post/{imageId}/branded-video",
  tag,
  summary:
    "Where this business's branded video of the post stands: none (not asked for with its current frame), queued, rendering (percent), ready (url of the MP4) or failed (error).",
  access: access.customerOrStaff(),
  params,
  query: greetingVideoQuery,
  response: greetingVideoDto,
  handler: ({ deps, agency, actor, params, query }) => greetingVideoStatus(deps, actor, agency, params.imageId, query.businessId),
});

export const greetingVideoRoutes = [postBrandedVideo, getBrandedVideo] as const;
