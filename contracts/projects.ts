import { z } from "zod";
import { CARD_STATUSES, CARD_TEMPLATES } from "./enums.ts";
import { idSchema } from "./id.ts";
import { q } from "./query.ts";
import { REQUIRED_MESSAGE } from "./constants.ts";
import { listBusinessesQuery } from "./business.ts";
import { CARD_SEARCH_FIELDS, IMAGE_POST_FRAMES, IMAGE_POST_PLACEMENTS } from "./project-texts.ts";

/** Staff card list (GET /getcardlist) and its report, image-post calls (ADR 0017). */

const isoDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v); // 2026-02-30 rolls over: refuse it
    }, `${label} must be a real date.`);

/**
 * A GET form sends every field, the unset ones as "": for the lists and reports an empty value
 * means "no filter", so a plain form (no JavaScript) can ask for them.
 */
function emptyIsAbsent<T extends z.ZodRawShape>(shape: T) {
  return z.object(
    Object.fromEntries(Object.entries(shape).map(([k, schema]) => [k, z.union([z.literal("").transform(() => undefined), schema as z.ZodType])])) as unknown as {
      [K in keyof T]: z.ZodUnion<[z.ZodPipe<z.ZodLiteral<"">, z.ZodTransform<undefined, "">>, T[K]]>;
    },
  );
}

/** SPEC §3 filters for cards: active/inactive, done (paid)/not done, subscribed/not, enabled/disabled image posts, a fixed or flexible date. */
export const cardFilters = emptyIsAbsent({
  status: z.enum(CARD_STATUSES, { error: "Use active or inactive." }).optional(),
  payment: z.enum(["paid", "unpaid"], { error: "Use paid or unpaid." }).optional(),
  subscription: z.enum(["subscribed", "not-subscribed"], { error: "Use subscribed or not-subscribed." }).optional(),
  expiry: z.enum(["expired", "expiring-soon"], { error: "Use expired or expiring-soon." }).optional(),
  imagePostEnabled: z.enum(["yes", "no"], { error: "Use yes or no." }).optional(),
  template: z.enum(CARD_TEMPLATES, { error: "Use style-1 or style-2." }).optional(),
  /** Created on or after this day (India time); a fixed date is from = to. */
  createdFrom: isoDay("createdFrom").optional(),
  createdTo: isoDay("createdTo").optional(),
  /** Matches the five SPEC search fields, or only `searchBy`. */
  search: z.string().trim().max(100, "Use at most 100 characters.").optional(),
  searchBy: z.enum(CARD_SEARCH_FIELDS, { error: `searchBy must be one of: ${CARD_SEARCH_FIELDS.join(", ")}.` }).optional(),
});
export const cardListQuery = cardFilters.extend({ page: q.page(), pageSize: q.pageSize() });
export type CardFilters = z.output<typeof cardFilters>;

/** The business report takes the All Businesses list's filters (GET /business), without paging. */
export const businessReportQuery = emptyIsAbsent(listBusinessesQuery.omit({ page: true, pageSize: true }).shape);

const cardNo = idSchema("cardNo", REQUIRED_MESSAGE);

export const updateImagePostStatusSchema = z.object({
  cardNo,
  imagePostEnabled: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], { error: "Choose on or off." }),
});

const dailyLimit = z
  .union([z.literal("").transform(() => undefined), z.coerce.number({ error: "Enter a whole number." })])
  .pipe(z.number().int("Enter a whole number.").min(-1, "Use -1 for unlimited, or a number from 0.").max(1000, "Use a number up to 1,000.").optional())
  .optional();

/** Checkboxes: absent when none is ticked, a string when one is, an array for more. */
const ticked = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values, { error: message })).min(1, message));

export const updateImagePostSettingsSchema = z.object({
  cardNo,
  allowedFrames: ticked(IMAGE_POST_FRAMES, "Choose at least one frame."),
  placements: ticked(IMAGE_POST_PLACEMENTS, "Choose at least one place."),
  /** Empty = the plan's limit. */
  dailyImageLimit: dailyLimit,
  dailyVideoLimit: dailyLimit,
});
