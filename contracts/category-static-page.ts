import { z } from "zod";
import { LINK_MESSAGE, REQUIRED_MESSAGE } from "./constants.ts";
import { idSchema } from "./id.ts";
import { uploadedImageUrl } from "./image-url.ts";
import { q } from "./query.ts";
import { categorySlug, STATIC_PAGE_LIMITS, STATIC_PAGE_MESSAGES } from "./category-static-page-constants.ts";

/**
 * Category static pages (SPEC §3, §7 Category static page; ADR 0020): a page per business
 * category, served on every agency's host at /category/{slug} and linked from the public
 * cards of businesses in that category. Plain text only: the page renders paragraphs, never HTML.
 */
export * from "./category-static-page-constants.ts";

const requiredText = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);
/** "true"/"false" from the form's select, a boolean from JSON; absent = published. */
const published = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" ? false : v === "" ? undefined : v),
  z.boolean({ error: "Choose published or hidden." }).default(true),
);

export const staticPageSectionSchema = z.object({
  title: optionalText(120),
  body: optionalText(STATIC_PAGE_LIMITS.sectionBody),
  imageUrl: uploadedImageUrl(LINK_MESSAGE).optional(),
});

/** POST /category-static-page: create, or update with categoryStaticPageId. */
export const categoryStaticPageBody = z.object({
  categoryStaticPageId: idSchema("categoryStaticPageId").optional(),
  category: requiredText(80).refine((v) => categorySlug(v) !== "", STATIC_PAGE_MESSAGES.slug),
  title: requiredText(120),
  heading: optionalText(160),
  /** Plain paragraphs separated by blank lines. */
  body: optionalText(STATIC_PAGE_LIMITS.body),
  imageUrl: uploadedImageUrl(LINK_MESSAGE).optional(),
  /** Empty rows (a form's spare row) are dropped. */
  sections: z
    .array(staticPageSectionSchema)
    .max(STATIC_PAGE_LIMITS.sections + 1, `Add at most ${STATIC_PAGE_LIMITS.sections} sections.`)
    .default([])
    .transform((list) => list.filter((s) => s.title || s.body || s.imageUrl))
    .refine((list) => list.length <= STATIC_PAGE_LIMITS.sections, `Add at most ${STATIC_PAGE_LIMITS.sections} sections.`),
  metaTitle: optionalText(70),
  metaDescription: optionalText(160),
  isActive: published,
});
export type CategoryStaticPageInput = z.input<typeof categoryStaticPageBody>;

const section = z.object({ title: z.string().optional(), body: z.string().optional(), imageUrl: z.string().optional() });

export const categoryStaticPageDto = z.object({
  categoryStaticPageId: z.number(),
  category: z.string(),
  /** The public address: /category/{slug} on the agency's host. */
  slug: z.string(),
  title: z.string(),
  heading: z.string().nullable(),
  body: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sections: z.array(section),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  isActive: z.boolean(),
  updatedAt: z.date(),
});
export type CategoryStaticPage = z.infer<typeof categoryStaticPageDto>;

export const STATIC_PAGE_STATUSES = ["active", "inactive"] as const;

export const categoryStaticPageListQuery = z.object({
  categoryStaticPageId: q.optionalInt("categoryStaticPageId"),
  search: z.string().trim().max(80, "Use at most 80 characters.").optional(),
  status: z.enum(STATIC_PAGE_STATUSES, { error: "Use active or inactive." }).optional(),
  page: q.page(),
  pageSize: q.pageSize(),
});

/** The public page: only what visitors see. */
export const publicCategoryPageDto = z.object({
  category: z.string(),
  slug: z.string(),
  title: z.string(),
  heading: z.string().nullable(),
  paragraphs: z.array(z.string()),
  imageUrl: z.string().nullable(),
  sections: z.array(z.object({ title: z.string().nullable(), paragraphs: z.array(z.string()), imageUrl: z.string().nullable() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  /** Absolute URL of this page on the host the visitor used (canonical, og:url). */
  publicUrl: z.string(),
});
export type PublicCategoryPage = z.infer<typeof publicCategoryPageDto>;
