import { z } from "zod";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";
import { USER_VIDEO_STATES, VIDEO_BACKGROUND_TEXTS, VIDEO_BACKGROUNDS, VIDEO_PLACEHOLDER_KEYS, VIDEO_TEMPLATE_LIMITS, PROMO_VIDEO_TEXTS } from "./promo-videos-texts.ts";

/* Promotional videos (ADR 0025): video templates and user videos. Texts in promo-videos-texts.ts. */

const pct = (label: string) => z.coerce.number({ error: `${label} must be a number.` }).min(0, `${label} must be 0–100.`).max(100, `${label} must be 0–100.`);
const seconds = (label: string) =>
  z.coerce.number({ error: `${label} must be a number.` }).min(0, `${label} must be 0 or more.`).max(VIDEO_TEMPLATE_LIMITS.maxSeconds, `${label} must be at most ${VIDEO_TEMPLATE_LIMITS.maxSeconds}.`);

/** One placeholder's place (percent of the frame) and time (seconds). */
export const videoPlaceholderSchema = z
  .object({
    key: z.enum(VIDEO_PLACEHOLDER_KEYS, { error: "Unknown placeholder." }),
    x: pct("x"),
    y: pct("y"),
    w: pct("w").refine((v) => v >= 5, "w must be at least 5."),
    h: pct("h").refine((v) => v >= 3, "h must be at least 3."),
    start: seconds("start"),
    end: seconds("end"),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "color must look like #ffffff.").default("#ffffff"),
  })
  .refine((p) => p.end > p.start, { message: PROMO_VIDEO_TEXTS.timingOrder, path: ["end"] });
export type VideoPlaceholder = z.output<typeof videoPlaceholderSchema>;

/** What a template draws: its background and placeholders (POST /video/template/preview takes only this). */
export const videoTemplateDraft = z.object({
  background: z.enum(VIDEO_BACKGROUNDS, { error: "Choose a background." }),
  /** An uploaded background (POST /video/template/background); the generated one when absent. */
  backgroundUrl: z.string().trim().max(400).optional(),
  durationSeconds: z.coerce
    .number({ error: "Duration must be a number." })
    .int("Duration must be whole seconds.")
    .min(VIDEO_TEMPLATE_LIMITS.minSeconds, `Duration must be at least ${VIDEO_TEMPLATE_LIMITS.minSeconds} s.`)
    .max(VIDEO_TEMPLATE_LIMITS.maxSeconds, `Duration must be at most ${VIDEO_TEMPLATE_LIMITS.maxSeconds} s.`),
  placeholders: z
    .array(videoPlaceholderSchema)
    .min(1, "Place at least one placeholder.")
    .max(VIDEO_PLACEHOLDER_KEYS.length)
    .refine((a) => new Set(a.map((p) => p.key)).size === a.length, "Each placeholder once."),
});
/** POST /video/template: a new template, or (with templateId) a change to one. */
export const videoTemplateBody = videoTemplateDraft.extend({
  templateId: idSchema("templateId").optional(),
  name: z.string({ error: "Enter a name." }).trim().min(2, "Enter a name.").max(80, "Name is too long."),
  description: z.string().trim().max(300, "Description is too long.").optional(),
});
/**
 * The admin form of a template: one row per placeholder, each with an "include" checkbox (a form
 * cannot add rows without JavaScript); the rows left out are dropped, then it is the body above.
 */
/** The form's rows: only the included ones; "use the generated background" drops the upload. */
function fromForm(raw: unknown) {
  if (!raw || typeof raw !== "object") return raw;
  const { useGenerated, ...v } = raw as { placeholders?: unknown; useGenerated?: unknown; backgroundUrl?: unknown };
  if (useGenerated === "on") delete v.backgroundUrl;
  if (!Array.isArray(v.placeholders)) return { ...v, placeholders: [] };
  const rows = v.placeholders as ({ include?: unknown } & Record<string, unknown>)[];
  return { ...v, placeholders: rows.filter((p) => p && p.include === "on").map(({ include: _include, ...p }) => p) };
}
export const videoTemplateFormSchema = z.preprocess(fromForm, videoTemplateBody);
/** The same form's Preview button: only what is drawn (a new template may have no name yet). */
export const videoTemplatePreviewFormSchema = z.preprocess(fromForm, videoTemplateDraft);

/** POST /video/template/background: one image or MP4 (multipart). */
export const videoBackgroundBody = z.object({ file: z.instanceof(File, { error: VIDEO_BACKGROUND_TEXTS.chooseFile }) });
export const videoBackgroundDto = z.object({
  backgroundUrl: z.string(),
  kind: z.enum(["image", "video"]),
  width: z.number(),
  height: z.number(),
  /** The MP4's length (it loops under the template); null for an image. */
  durationSeconds: z.number().nullable(),
});
/** POST /video/template/preview: the frame customers would see, drawn from unsaved values. */
export const videoTemplatePreviewDto = z.object({
  /** A JPEG, base64 (the panel shows it as a data: URL; nothing is stored). */
  jpeg: z.string(),
  width: z.number(),
  height: z.number(),
  /** The second drawn: the moment most placeholders show. */
  at: z.number(),
});

export const videoTemplateIdBody = z.object({ templateId: idSchema("templateId") });
export const videoTemplateListQuery = z.object({
  search: z.string().trim().max(80).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

export const videoTemplateDto = z.object({
  templateId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  background: z.string().nullable(),
  previewUrl: z.string(),
  durationSeconds: z.number(),
  popularity: z.number(),
  /** The template drawn with sample values (a JPEG frame, a short muted MP4); null while being drawn. */
  posterUrl: z.string().nullable(),
  clipUrl: z.string().nullable(),
  placeholders: z.array(
    z.object({ key: z.string(), label: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number(), start: z.number(), end: z.number(), color: z.string() }),
  ),
  createdAt: z.date(),
});
export type VideoTemplateDto = z.output<typeof videoTemplateDto>;
export const videoTemplateListDto = z.object({ items: z.array(videoTemplateDto), total: z.number(), page: z.number(), pageSize: z.number() });

const text = (label: string) => z.string().trim().max(VIDEO_TEMPLATE_LIMITS.maxText, `${label} is too long.`).optional();

/** POST /video/user-video: order one video of a template for a business. */
export const userVideoBody = z.object({
  businessId: idSchema("businessId"),
  templateId: idSchema("templateId"),
  /** The order form's one-time key: the same key again returns the first order (double click). */
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "requestKey must be 8–64 letters or digits.").optional(),
  businessName: text("Business name"),
  tagline: text("Tagline"),
  phone: text("Phone number"),
  offer: text("Offer text"),
});
export const userVideoNoBody = z.object({ videoNo: idSchema("videoNo") });
export const userVideoParams = z.object({ videoNo: q.int("videoNo") });
export const userVideoStatusBody = z.object({
  videoNo: idSchema("videoNo"),
  status: z.enum(USER_VIDEO_STATES, { error: "status must be queued, rendering, ready or failed." }),
  error: z.string().trim().max(200).optional(),
});
export const userVideoListQuery = z.object({
  businessId: q.optionalInt("businessId"),
  status: z.enum(USER_VIDEO_STATES, { error: "status must be queued, rendering, ready or failed." }).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});
export const userVideosByBusinessQuery = z.object({ businessId: q.int("businessId") });

export const userVideoDto = z.object({
  videoNo: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  status: z.enum(USER_VIDEO_STATES),
  percent: z.number(),
  values: z.record(z.string(), z.string()),
  /** The MP4 (H.264 + AAC), when ready. */
  url: z.string().nullable(),
  bytes: z.number().nullable(),
  error: z.string().nullable(),
  isPaid: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type UserVideoDto = z.output<typeof userVideoDto>;
export const userVideoListDto = z.object({ items: z.array(userVideoDto), total: z.number(), page: z.number(), pageSize: z.number() });
export const deletedDto = z.object({ deleted: z.literal(true) });
