import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { forbidden, unauthorized } from "#server/api/lib/errors.ts";
import { answerLanguage } from "#server/api/lib/request-language.ts";
import { translateMessage } from "#contracts/i18n/messages.ts";
import { UPLOAD_ENVELOPE_BYTES } from "#contracts/constants.ts";
import {
  brandedQuery,
  byMultipleCategoryQuery,
  categoryNameQuery,
  deletePostsBody,
  frameSettingsBody,
  frameSettingsResponse,
  imageCategoryBody,
  imageCategoryDto,
  imagePostBody,
  imagePostDto,
  imagePostIdsQuery,
  imagePostListQuery,
  imagePostListResponse,
  imagePostMultipleBody,
  imagePostSearchQuery,
  imageSubcategoryBody,
  imageSubcategoryDto,
  imageSubcategoryQuery,
  imageTagBody,
  imageTagDto,
  lowQualityBody,
  multipleSubcategoriesQuery,
  uploadResultDto,
} from "#contracts/greetings.ts";
import { MAX_GREETING_VIDEO_BYTES } from "#contracts/greetings-enums.ts";
import { assertReadable, greetingScope, type GreetingScope } from "./scope.ts";
import {
  deleteSubcategory,
  deleteTag,
  listCategories,
  listSubcategories,
  listTags,
  saveCategory,
  saveSubcategory,
  saveTag,
  subcategoriesOfCategories,
  subcategoriesOfCategoryName,
} from "./content.ts";
import { deletePosts, generateLowQuality, listPosts, postsByIds, postsOfSubcategories, searchPosts, uploadPost, uploadPosts } from "./posts.ts";
import { brandedResponse, getFrameSettings, overlayResponse, saveFrameSettings } from "./frame.ts";
import { assertNotPaused } from "./gates.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { requestOrigin } from "#server/api/lib/request-meta.ts";

import type { Actor } from "#server/auth/roles.ts";
import { greetingVideoBody, greetingVideoDto, greetingVideoQuery } from "#contracts/greeting-videos.ts";
import { greetingVideoStatus, requestGreetingVideo } from "./videos.ts";

const tag = "Images";

/** Who manages greetings (SPEC §6): admin or franchisee-with-all-card-access. */
const managers = access.staff("admin", "franchisee-with-all-card-access");

/** Readers: customers (of an agency with image posts) and staff. */
function reader(agency: AgencyRow, actor: Actor): GreetingScope {
  if (actor.kind === "anonymous") throw unauthorized();
  const s = greetingScope(agency, actor);
  assertReadable(s);
  return s;
}

const manager = (agency: AgencyRow, actor: Actor) => {
  const s = greetingScope(agency, actor);
  if (!s.manager) throw forbidden();
  return s;
};

const subcategoryList = z.object({ total: z.number(), page: z.number().optional(), pageSize: z.number().optional(), list: z.array(imageSubcategoryDto) });

/* ---------- categories ---------- */

export const getImageCategories = defineRoute({
  method: "get",
  path: "/image-post/image-category",
  tag,
  summary: "Greeting categories: the platform's and the agency's own.",
  access: access.customerOrStaff(),
  response: z.object({ total: z.number(), list: z.array(imageCategoryDto) }),
  handler: async ({ deps, agency, actor }) => listCategories(deps.db, reader(agency, actor)),
});

export const postImageCategory = defineRoute({
  method: "post",
  path: "/image-post/image-category",
  tag,
  summary: "Create a greeting category (the superadmin's go to the platform library, others' to their agency), or rename one (imageCategoryId). The same name again returns the existing row.",
  access: managers,
  body: imageCategoryBody,
  response: z.object({ imageCategoryId: z.number(), created: z.boolean() }),
  handler: async ({ deps, agency, actor, body }) => saveCategory(deps.db, manager(agency, actor), body),
});

/* ---------- subcategories ---------- */

export const getImageSubcategories = defineRoute({
  method: "get",
  path: "/image-subcategory",
  tag,
  summary:
    "Greeting subcategories, filtered (category, placement, festival dates fromDate..toDate for the calendar, search); with businessId the business's own category comes first.",
  access: access.customerOrStaff(),
  query: imageSubcategoryQuery,
  response: subcategoryList,
  handler: async ({ deps, agency, actor, query }) => listSubcategories(deps.db, actor, reader(agency, actor), query, deps.now()),
});

export const getSubcategoriesByMultipleCategory = defineRoute({
  method: "get",
  path: "/image-subcategory/by-mulitple-category",
  tag,
  summary: "The subcategories of several categories (imageCategoryIds=1,2). The path's spelling is the spec's.",
  access: access.customerOrStaff(),
  query: byMultipleCategoryQuery,
  response: subcategoryList,
  handler: async ({ deps, agency, actor, query }) => subcategoriesOfCategories(deps.db, reader(agency, actor), query.imageCategoryIds),
});

export const getSubcategoriesByCategoryName = defineRoute({
  method: "get",
  path: "/image-subcategory/category-name",
  tag,
  summary: "The subcategories of the category with this name (imageCategoryName), any letter case.",
  access: access.customerOrStaff(),
  query: categoryNameQuery,
  response: subcategoryList,
  handler: async ({ deps, agency, actor, query }) => subcategoriesOfCategoryName(deps.db, reader(agency, actor), query.imageCategoryName),
});

export const postImageSubcategory = defineRoute({
  method: "post",
  path: "/image-post/image-category/{imageCategoryId}/image-subcategory",
  tag,
  summary: "Add a subcategory (festival date, placement) to a category, or change one the caller owns (imageSubcategoryId).",
  access: managers,
  params: z.object({ imageCategoryId: q.int("imageCategoryId") }),
  body: imageSubcategoryBody,
  response: z.object({ imageSubcategoryId: z.number(), created: z.boolean() }),
  handler: async ({ deps, agency, actor, params, body }) => saveSubcategory(deps.db, manager(agency, actor), params.imageCategoryId, body),
});

export const deleteImageSubcategory = defineRoute({
  method: "delete",
  path: "/image-post/image-category/{imageCategoryId}/image-subcategory",
  tag,
  summary: "Delete a subcategory the caller owns (?imageSubcategoryId) and its posts.",
  access: managers,
  params: z.object({ imageCategoryId: q.int("imageCategoryId") }),
  query: z.object({ imageSubcategoryId: q.int("imageSubcategoryId") }),
  response: z.object({ deleted: z.literal(true), imageSubcategoryId: z.number() }),
  handler: async ({ deps, agency, actor, params, query }) => deleteSubcategory(deps.db, manager(agency, actor), params.imageCategoryId, query.imageSubcategoryId),
});

/* ---------- tags ---------- */

export const getImageTags = defineRoute({
  method: "get",
  path: "/image-post/image-tag",
  tag,
  summary: "Greeting tags: the platform's and the agency's own.",
  access: access.customerOrStaff(),
  response: z.object({ total: z.number(), list: z.array(imageTagDto) }),
  handler: async ({ deps, agency, actor }) => listTags(deps.db, reader(agency, actor)),
});

export const postImageTag = defineRoute({
  method: "post",
  path: "/image-post/image-tag",
  tag,
  summary: "Create a tag (the same name again returns the existing one).",
  access: managers,
  body: imageTagBody,
  response: z.object({ imageTagId: z.number(), name: z.string(), created: z.boolean() }),
  handler: async ({ deps, agency, actor, body }) => saveTag(deps.db, manager(agency, actor), body),
});

export const deleteImageTag = defineRoute({
  method: "delete",
  path: "/image-post/image-tag/{imageTagId}",
  tag,
  summary: "Delete a tag the caller owns.",
  access: managers,
  params: z.object({ imageTagId: q.int("imageTagId") }),
  response: z.object({ deleted: z.literal(true), imageTagId: z.number() }),
  handler: async ({ deps, agency, actor, params }) => deleteTag(deps.db, manager(agency, actor), params.imageTagId),
});

/* ---------- posts ---------- */

export const getImagePosts = defineRoute({
  method: "get",
  path: "/image-post",
  tag,
  summary:
    "Greeting posts the caller may see, newest first, filtered (subcategory, category, tag, media type/shape/kind, placement, date = that day's posts and festivals, search); own=true: those the caller manages.",
  access: access.customerOrStaff(),
  query: imagePostListQuery,
  response: imagePostListResponse,
  handler: async ({ deps, agency, actor, query }) => listPosts(deps.db, deps.storage, reader(agency, actor), query, deps.now()),
});

export const searchImagePosts = defineRoute({
  method: "get",
  path: "/image-post/search",
  tag,
  summary: "Posts whose subcategory, category or tag matches the text: one merged list, each imageId once.",
  access: access.customerOrStaff(),
  query: imagePostSearchQuery,
  response: imagePostListResponse,
  handler: async ({ deps, agency, actor, query }) => searchPosts(deps.db, deps.storage, reader(agency, actor), query),
});

export const getImagePostsByIds = defineRoute({
  method: "get",
  path: "/image-post/ids",
  tag,
  summary: "The posts with these ids (imageIds=1,2,3) the caller may see; others are left out.",
  access: access.customerOrStaff(),
  query: imagePostIdsQuery,
  response: z.object({ total: z.number(), list: z.array(imagePostDto) }),
  handler: async ({ deps, agency, actor, query }) => postsByIds(deps.db, deps.storage, reader(agency, actor), query.imageIds),
});

export const getPostsOfMultipleSubcategories = defineRoute({
  method: "get",
  path: "/image-post/paginated-mutiple-subcategories",
  tag,
  summary: "A page of posts for each subcategory (imageSubcategoryIds=1,2; pageSize per subcategory). The path's spelling is the spec's.",
  access: access.customerOrStaff(),
  query: multipleSubcategoriesQuery,
  response: z.object({
    page: z.number(),
    pageSize: z.number(),
    list: z.array(z.object({ imageSubcategoryId: z.number(), name: z.string(), eventDate: z.string().nullable(), total: z.number(), posts: z.array(imagePostDto) })),
  }),
  handler: async ({ deps, agency, actor, query }) => postsOfSubcategories(deps.db, deps.storage, reader(agency, actor), query),
});

const uploadLimit = MAX_GREETING_VIDEO_BYTES + UPLOAD_ENVELOPE_BYTES;

export const postImagePost = defineRoute({
  method: "post",
  path: "/image-post",
  tag,
  summary: "Upload one greeting (JPEG/PNG/WebP image, cropped to 1080×1080 square or 1080×1920 story, with a ≤ 30 KB preview; or an MP4 video).",
  access: managers,
  body: imagePostBody,
  bodyType: "multipart",
  maxBodyBytes: uploadLimit,
  response: z.object({ imageId: z.number() }),
  handler: ({ deps, agency, actor, body }) => uploadPost(deps, manager(agency, actor), actor, body),
});

export const postImagePostMultiple = defineRoute({
  method: "post",
  path: "/image-post/multiple",
  tag,
  summary: "Upload many greetings at once (files): each file is checked and stored on its own; the answer lists each file's result or error.",
  access: managers,
  body: imagePostMultipleBody,
  bodyType: "multipart",
  maxBodyBytes: 4 * uploadLimit,
  response: z.object({ created: z.number(), failed: z.number(), results: z.array(uploadResultDto) }),
  async handler({ c, deps, agency, actor, body }) {
    const answer = await uploadPosts(deps, manager(agency, actor), actor, body);
    // A file's refusal is a field of a 200, not an error app.onError sees: in the asker's language here (ADR 0066).
    const lang = await answerLanguage(c);
    return { ...answer, results: answer.results.map((r) => (r.error ? { ...r, error: translateMessage(lang, r.error) } : r)) };
  },
});

export const postLowQualityImagePost = defineRoute({
  method: "post",
  path: "/image-post/generate-low-quality-image-post",
  tag,
  summary: "Make (again) the small previews (≤ 30 KB JPEG) of image posts the caller manages.",
  access: managers,
  body: lowQualityBody,
  response: z.object({ list: z.array(z.object({ imageId: z.number(), lowQualityUrl: z.string().nullable(), bytes: z.number() })) }),
  handler: async ({ deps, agency, actor, body }) => generateLowQuality(deps.db, deps.storage, manager(agency, actor), body.imageIds),
});

export const deleteImagePosts = defineRoute({
  method: "delete",
  path: "/image-post",
  tag,
  summary: "Delete posts the caller manages (body imageIds); one the caller may not manage makes it 404 and nothing is deleted.",
  access: managers,
  body: deletePostsBody,
  response: z.object({ deleted: z.literal(true), imageIds: z.array(z.number()) }),
  handler: async ({ deps, agency, actor, body }) => deletePosts(deps.db, deps.storage, manager(agency, actor), body.imageIds),
});

/* ---------- branding ---------- */

export const getBrandedImagePost = defineRoute({
  method: "get",
  path: "/image-post/{imageId}/branded",
  tag,
  summary:
    "The post with the business's frame (image/jpeg, 1080 px wide; size=preview 540), the saved frame settings unless frame/height/display override them; ETag/304. download=true counts it against the plan's greeting limit (403 upgrade when reached).",
  // Signed URLs (t, v from frame-settings) need no session; without them the session decides (401).
  access: access.public,
  params: z.object({ imageId: q.int("imageId") }),
  query: brandedQuery,
  response: z.unknown(),
  raw: true,
  handler: async ({ c, deps, agency, actor, params, query }) =>
    brandedResponse({
      db: deps.db,
      storage: deps.storage,
      secret: deps.config.sessionSecret,
      agency,
      actor,
      imageId: params.imageId,
      query,
      ifNoneMatch: c.req.header("if-none-match"),
      now: deps.now(),
      linkOrigin: requestOrigin(c, deps.config),
    }),
});

export const getFrameOverlay = defineRoute({
  method: "get",
  path: "/image-post/frame-overlay",
  tag,
  summary: "The business's frame alone, a transparent PNG for media of width×height (the video page lays it over the video).",
  access: access.customerOrStaff(),
  query: z.object({
    businessId: q.int("businessId"),
    width: z.coerce.number().int().min(100).max(2160).default(1080),
    height: z.coerce.number().int().min(100).max(3840).default(1080),
  }),
  response: z.unknown(),
  raw: true,
  handler: async ({ c, deps, agency, actor, query }) => {
    reader(agency, actor);
    await assertNotPaused(deps.db, agency, actor, deps.now());
    return overlayResponse(deps.db, deps.storage, actor, agency.id, query.businessId, query.width, query.height, requestOrigin(c, deps.config));
  },
});

export const getImagePostFrameSettings = defineRoute({
  method: "get",
  path: "/image-post/frame-settings",
  tag,
  summary: "A business's frame settings (FRAME_SETTINGS_PAGE) and the frames its plan shows.",
  access: access.customerOrStaff(),
  query: z.object({ businessId: q.int("businessId") }),
  response: frameSettingsResponse,
  handler: async ({ c, deps, agency, actor, query }) => {
    const s = reader(agency, actor);
    await assertNotPaused(deps.db, agency, actor, deps.now());
    return { ...(await getFrameSettings(deps.db, deps.config.sessionSecret, actor, agency.id, query.businessId, deps.now(), requestOrigin(c, deps.config))), videosIncluded: s.videosIncluded };
  },
});

export const putImagePostFrameSettings = defineRoute({
  method: "put",
  path: "/image-post/frame-settings",
  tag,
  summary: "Save a business's frame: frame (one its plan shows), height, display and which details show.",
  access: access.customerOrStaff(),
  body: frameSettingsBody,
  response: frameSettingsResponse,
  handler: async ({ c, deps, agency, actor, body }) => {
    const s = reader(agency, actor);
    await assertNotPaused(deps.db, agency, actor, deps.now());
    return { ...(await saveFrameSettings(deps.db, deps.config.sessionSecret, actor, agency.id, body, deps.now(), requestOrigin(c, deps.config))), videosIncluded: s.videosIncluded };
  },
});

const imageRoutes = [
  getImageCategories,
  postImageCategory,
  getSubcategoriesByMultipleCategory,
  getSubcategoriesByCategoryName,
  getImageSubcategories,
  postImageSubcategory,
  deleteImageSubcategory,
  getImageTags,
  postImageTag,
  deleteImageTag,
  searchImagePosts,
  getImagePostsByIds,
  getPostsOfMultipleSubcategories,
  postLowQualityImagePost,
  postImagePostMultiple,
  getFrameOverlay,
  getImagePostFrameSettings,
  putImagePostFrameSettings,
  getImagePosts,
  postImagePost,
  deleteImagePosts,
  getBrandedImagePost,
] as const;

/* ---------------- Greeting videos: a greeting video post with the business's frame ---------------- */

const videoTag = "Greeting videos";
const videoParams = z.object({ imageId: q.int("imageId") });

export const postBrandedVideo = defineRoute({
  method: "post",
  path: "/image-post/{imageId}/branded-video",
  tag: videoTag,
  summary:
    "Make this VIDEO post with the business's frame (an MP4 for phones), as a background job; answers at once with its status. Asking again (a double click) returns the same render; a failed one is tried again. Counts against the plan's greeting videos per day (403 upgrade when reached). Same access as the post.",
  access: access.customerOrStaff(),
  params: videoParams,
  body: greetingVideoBody,
  response: greetingVideoDto,
  handler: ({ c, deps, agency, actor, params, body }) => requestGreetingVideo(deps, actor, agency, params.imageId, body.businessId, requestOrigin(c, deps.config)),
});

export const getBrandedVideo = defineRoute({
  method: "get",
  path: "/image-post/{imageId}/branded-video",
  tag: videoTag,
  summary:
    "Where this business's branded video of the post stands: none (not asked for with its current frame), queued, rendering (percent), ready (url of the MP4) or failed (error).",
  access: access.customerOrStaff(),
  params: videoParams,
  query: greetingVideoQuery,
  response: greetingVideoDto,
  handler: ({ c, deps, agency, actor, params, query }) => greetingVideoStatus(deps, actor, agency, params.imageId, query.businessId, requestOrigin(c, deps.config)),
});

const greetingVideoRoutes = [postBrandedVideo, getBrandedVideo] as const;

export const greetingRoutes = [...imageRoutes, ...greetingVideoRoutes] as const;
