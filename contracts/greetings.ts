import { z } from "zod";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";
import { MAX_ID } from "./constants.ts";
import {
  FRAME_DETAIL_KEYS,
  FRAME_DISPLAYS,
  FRAME_HEIGHTS,
  FRAME_NAMES,
  MEDIA_KINDS,
  MEDIA_TYPES,
  PLACEMENTS,
  POST_SHAPES,
} from "./greetings-enums.ts";

/* Greeting images and videos (SPEC §7 Images); the zod-free lists are in greetings-enums.ts. */

const name = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(80, `${label} can be at most 80 characters.`);
const description = z.string().trim().max(300, "The description can be at most 300 characters.").optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-10-20.").refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "That is not a real date.");
/** A form's empty date field means "none". */
const optionalDate = z.preprocess((v) => (v === "" ? undefined : v), isoDate.optional());
/** Ids in a query string: "1,2,3". */
const idList = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d+(,\d+)*$/, `${label}: ids separated by commas.`)
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .pipe(z.array(z.number().int().positive().max(MAX_ID, `${label}: an id is too large.`)).min(1).max(50, `${label}: at most 50 ids.`));

export const imageCategoryDto = z.object({
  imageCategoryId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number(),
  /** Platform content every agency sees (managed by the superadmin). */
  isPlatform: z.boolean(),
  /** The caller may change it. */
  manageable: z.boolean(),
  subcategoryCount: z.number(),
});

export const imageCategoryBody = z.object({
  /** Given: rename this category; absent: create (the same name again returns the existing one). */
  imageCategoryId: idSchema("imageCategoryId").optional(),
  name: name("Name"),
  description,
  sortOrder: z.coerce.number().int().min(0).max(10000).default(0),
});

export const imageSubcategoryDto = z.object({
  imageSubcategoryId: z.number(),
  imageCategoryId: z.number(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  eventDate: z.string().nullable(),
  placement: z.enum(PLACEMENTS),
  showOnHome: z.boolean(),
  sortOrder: z.number(),
  isPlatform: z.boolean(),
  manageable: z.boolean(),
  postCount: z.number(),
});

export const imageSubcategoryBody = z.object({
  imageSubcategoryId: idSchema("imageSubcategoryId").optional(),
  name: name("Name"),
  description,
  /** Festival day: the calendar and the "today" list find it by this date. */
  eventDate: optionalDate,
  placement: z.enum(PLACEMENTS, { error: "Choose where it shows." }).default("COMMON"),
  sortOrder: z.coerce.number().int().min(0).max(10000).default(0),
});

export const imageSubcategoryQuery = z.object({
  imageCategoryId: q.optionalInt("imageCategoryId"),
  placement: z.enum(PLACEMENTS).optional(),
  /** Festival calendar: subcategories whose eventDate is within [fromDate, toDate]. */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  /** Festivals after today (India) up to this many days ahead: the calendar of the coming weeks. */
  upcomingDays: z.coerce.number({ error: "upcomingDays must be a number." }).int().min(1).max(366).optional(),
  /** true: only subcategories without a festival date (categories); false: only dated ones. */
  evergreen: q.bool().optional(),
  search: z.string().trim().max(80).optional(),
  /** Put this business's own category (business.category / imageSubcategoryId) first. */
  businessId: q.optionalInt("businessId"),
  /** Only subcategories that have posts the caller may see. */
  withPosts: q.bool().optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const imageTagDto = z.object({ imageTagId: z.number(), name: z.string(), isPlatform: z.boolean(), manageable: z.boolean() });
export const imageTagBody = z.object({ name: name("Tag") });

export const imagePostDto = z.object({
  imageId: z.number(),
  imageSubcategoryId: z.number(),
  subcategoryName: z.string(),
  categoryName: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  postShape: z.enum(POST_SHAPES),
  mediaKind: z.enum(MEDIA_KINDS),
  url: z.string(),
  lowQualityUrl: z.string().nullable(),
  postDate: z.string().nullable(),
  eventDate: z.string().nullable(),
  placement: z.enum(PLACEMENTS),
  isAgencyExclusive: z.boolean(),
  isPlatform: z.boolean(),
  manageable: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.date(),
});
export type ImagePostDto = z.infer<typeof imagePostDto>;

export const imagePostListQuery = z.object({
  imageSubcategoryId: q.optionalInt("imageSubcategoryId"),
  imageCategoryId: q.optionalInt("imageCategoryId"),
  imageTagId: q.optionalInt("imageTagId"),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  postShape: z.enum(POST_SHAPES).optional(),
  mediaKind: z.enum(MEDIA_KINDS).optional(),
  placement: z.enum(PLACEMENTS).optional(),
  /** Posts for this day (or "today" in India): postDate = date, or their subcategory's festival is that day. */
  date: z.union([z.literal("today"), isoDate]).optional(),
  /** Staff: only the posts the caller manages (the management pages). */
  own: q.bool().optional(),
  search: z.string().trim().max(80).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const imagePostListResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  list: z.array(imagePostDto),
});

export const imagePostSearchQuery = z.object({
  search: z.string({ error: "Type something to search for." }).trim().min(1, "Type something to search for.").max(80),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const imagePostIdsQuery = z.object({ imageIds: idList("imageIds") });

export const multipleSubcategoriesQuery = z.object({
  imageSubcategoryIds: idList("imageSubcategoryIds"),
  mediaType: z.enum(MEDIA_TYPES).optional(),
  page: q.page(),
  /** Posts per subcategory. */
  pageSize: q.pageSize(),
});

export const byMultipleCategoryQuery = z.object({ imageCategoryIds: idList("imageCategoryIds") });
export const categoryNameQuery = z.object({ imageCategoryName: name("imageCategoryName") });

/** The fields a post is saved with; the file(s) come alongside in the multipart body. */
const postFields = {
  imageSubcategoryId: idSchema("imageSubcategoryId", "Choose a subcategory."),
  postShape: z.enum(POST_SHAPES, { error: "Choose square or story." }).default("SQUARE"),
  postDate: optionalDate,
  placement: z.enum(PLACEMENTS).default("COMMON"),
  /** Superadmin only: the agency an exclusive post is made for. */
  exclusiveForAgencyId: z.preprocess((v) => (v === "" ? undefined : v), idSchema("exclusiveForAgencyId").optional()),
  /** Tag ids, "1,2". */
  imageTagIds: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d+(,\d+)*$/, "Tags: ids separated by commas.").optional()),
};

const fileOrFiles = z.union([z.instanceof(File), z.array(z.instanceof(File))]);

export const imagePostBody = z.object({ file: z.instanceof(File, { error: "Choose a file to upload." }), ...postFields });
export const imagePostMultipleBody = z.object({
  files: fileOrFiles
    .transform((f) => (Array.isArray(f) ? f : [f]))
    .pipe(z.array(z.instanceof(File)).min(1, "Choose at least one file.").max(30, "At most 30 files at a time.")),
  ...postFields,
});
/** The form's own fields (without the files): the panel's Conform schema. */
export const imagePostFieldsSchema = z.object(postFields);

export const uploadResultDto = z.object({
  fileName: z.string(),
  ok: z.boolean(),
  imageId: z.number().nullable(),
  error: z.string().nullable(),
});

export const lowQualityBody = z.object({ imageIds: z.array(idSchema("imageIds")).min(1, "Give at least one imageId.").max(100) });
export const deletePostsBody = z.object({ imageIds: z.array(idSchema("imageIds")).min(1, "Give at least one imageId.").max(100) });

export const frameSettingsSchema = z.object({
  frameName: z.enum(FRAME_NAMES, { error: "Choose a frame." }),
  height: z.enum(FRAME_HEIGHTS, { error: "Choose a height." }),
  display: z.enum(FRAME_DISPLAYS, { error: "Choose what the frame shows." }),
  show: z.partialRecord(z.enum(FRAME_DETAIL_KEYS), z.boolean()).default({}),
});
export type FrameSettingsInput = z.infer<typeof frameSettingsSchema>;

export const frameSettingsBody = frameSettingsSchema.extend({ businessId: idSchema("businessId") });

export const frameSettingsResponse = z.object({
  businessId: z.number(),
  settings: frameSettingsSchema,
  /** The frames the business's plan shows (frameVisibility). */
  allowedFrames: z.array(z.enum(FRAME_NAMES)),
  /** Bumps whenever the business's details or frame change: part of every branded image's URL. */
  version: z.string(),
  /** Signs branded-image URLs of this business and version (the `t` query), so the server answers them from its cache without a session or a query (ADR 0021). */
  token: z.string(),
  /** The agency includes greeting videos (SPEC §5): the page links its '/videos'. */
  videosIncluded: z.boolean(),
  /** Today's greeting image downloads against the plan (-1 = unlimited; 0 = not included / expired). */
  greetingImages: z.object({ limit: z.number(), used: z.number(), downloadedToday: z.array(z.number()) }),
});

export const brandedQuery = z.object({
  businessId: q.int("businessId"),
  frame: z.enum(FRAME_NAMES).optional(),
  height: z.enum(FRAME_HEIGHTS).optional(),
  display: z.enum(FRAME_DISPLAYS).optional(),
  /** preview: 540 px wide (lists); full: 1080 px (default). */
  size: z.enum(["preview", "full"]).default("full"),
  /** true: a download, counted against the plan's greeting limit (an attachment). */
  download: q.bool().optional(),
  /** The details version the URL was made for (frame-settings `version`). */
  v: z.string().max(64).optional(),
  /** The frame-settings `token` for this business and version: with it the image needs no session. */
  t: z.string().max(100).optional(),
});

/** The frame settings page's form: one checkbox per detail (unchecked = hidden). */
export const frameSettingsFormSchema = z.object({
  frameName: z.enum(FRAME_NAMES, { error: "Choose a frame." }),
  height: z.enum(FRAME_HEIGHTS, { error: "Choose a height." }),
  display: z.enum(FRAME_DISPLAYS, { error: "Choose what the frame shows." }),
  show: z.object(Object.fromEntries(FRAME_DETAIL_KEYS.map((k) => [k, z.boolean().default(false)])) as Record<(typeof FRAME_DETAIL_KEYS)[number], z.ZodDefault<z.ZodBoolean>>).default({
    logo: false,
    name: false,
    phone: false,
    whatsapp: false,
    email: false,
    address: false,
    website: false,
    cardLink: false,
  }),
});
