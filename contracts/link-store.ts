import { z } from "zod";
import { REQUIRED_MESSAGE } from "./constants.ts";
import { idSchema } from "./id.ts";
import { normalizeImageUrl } from "./image-url.ts";
import { q } from "./query.ts";
import { isBuiltinIconUrl, LINK_FIELD_TYPES, LINK_STORE_MESSAGES } from "./link-store-constants.ts";

/**
 * The link store (SPEC §7 Links; ADR 0020): link categories and link types, kept by the
 * platform and shared with every agency. Shared by the API, the Link Store page and the card
 * editor's Links picker. The zod-free pieces are in link-store-constants.ts.
 */
export * from "./link-store-constants.ts";

const name = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `Use at most ${max} characters.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);
/** The place in its list: a whole number 0–1000 (a form sends it as text). */
const sortOrder = z
  .union([z.number(), z.string().trim().regex(/^\d{1,9}$/).transform(Number)], { error: "Enter a whole number." })
  .pipe(z.number().int("Enter a whole number.").min(0, "Use 0 or more.").max(1000, "Use at most 1000."))
  .optional()
  .transform((v) => v ?? 0);

/** A built-in icon (/link-icons/…) or our own upload / an https image. */
export const linkIconSchema = z
  .string({ error: LINK_STORE_MESSAGES.icon })
  .trim()
  .max(2000, LINK_STORE_MESSAGES.icon)
  .transform((v, ctx) => {
    if (isBuiltinIconUrl(v)) return v;
    const url = normalizeImageUrl(v);
    if (url === null) ctx.addIssue({ code: "custom", message: LINK_STORE_MESSAGES.icon });
    return url ?? v;
  });

/** The text put before what the customer types: an https link ("https://instagram.com/"). */
const urlPrefixSchema = z
  .string()
  .trim()
  .max(200, LINK_STORE_MESSAGES.prefix)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const url = new URL(v);
      if (url.protocol === "https:" && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) && !url.username && !url.password) return v;
    } catch {
      /* refused below */
    }
    ctx.addIssue({ code: "custom", message: LINK_STORE_MESSAGES.prefix });
    return z.NEVER;
  });

/* ---- Categories ---- */

/** POST /link-store/link-category: create, or rename with linkCategoryId. */
export const linkCategoryBody = z.object({
  linkCategoryId: idSchema("linkCategoryId").optional(),
  name: name(60),
  sortOrder,
});
export type LinkCategoryInput = z.input<typeof linkCategoryBody>;

export const linkCategoryDto = z.object({
  linkCategoryId: z.number(),
  name: z.string(),
  sortOrder: z.number(),
  /** How many link types it holds (a category with types cannot be deleted). */
  typeCount: z.number(),
});
export type LinkCategory = z.infer<typeof linkCategoryDto>;

/* ---- Types ---- */

/** POST /link-store/link-type: create, or update with linkTypeId. */
export const linkTypeBody = z
  .object({
    linkTypeId: idSchema("linkTypeId").optional(),
    linkCategoryId: idSchema("linkCategoryId", "Choose a category."),
    name: name(40),
    iconUrl: linkIconSchema,
    fieldType: z.enum(LINK_FIELD_TYPES, { error: "Choose what customers type: a link or handle, or a phone number." }).default("url"),
    urlPrefix: urlPrefixSchema,
    placeholder: optionalText(60),
    sortOrder,
  })
  .superRefine((v, ctx) => {
    if (v.fieldType === "tel" && !v.urlPrefix) ctx.addIssue({ code: "custom", path: ["urlPrefix"], message: LINK_STORE_MESSAGES.telNeedsPrefix });
  });
export type LinkTypeInput = z.input<typeof linkTypeBody>;

export const linkTypeDto = z.object({
  linkTypeId: z.number(),
  linkCategoryId: z.number(),
  categoryName: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  fieldType: z.enum(LINK_FIELD_TYPES),
  urlPrefix: z.string().nullable(),
  placeholder: z.string().nullable(),
  sortOrder: z.number(),
});
export type LinkType = z.infer<typeof linkTypeDto>;

/** GET /link-store/link-type: every type (the editor's picker), or one category's. */
export const linkTypeListQuery = z.object({
  linkCategoryId: q.optionalInt("linkCategoryId"),
  search: z.string().trim().max(60, "Use at most 60 characters.").optional(),
});
