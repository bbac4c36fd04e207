import { z } from "zod";
import { brandColourProblem, HEX_COLOUR } from "./brand-colour.ts";
import { THEME_COLOR_MESSAGE } from "./constants.ts";
import { idSchema } from "./id.ts";
import { uploadedImageUrl } from "./image-url.ts";

/**
 * UI customisation (SPEC §7 UI customisation; ADR 0019): an agency's branding is the row with
 * metaId "branding" on placement COMMON; its styles are what the panel, the sign-in pages and
 * the public cards of that agency's host show. Pure zod.
 */

export const BRANDING_META_ID = "branding";

const IMAGE_MESSAGE = "Use an uploaded image (/uploads/…) or an https:// link.";
/** "" (an emptied input) is the same as leaving it out: the default look. */
const blankIsUnset = <T extends z.ZodType>(s: T) => z.preprocess((v) => (typeof v === "string" && !v.trim() ? undefined : v), s.optional());
const text = (max: number) => z.string({ error: "Use text." }).trim().max(max, `Use at most ${max} characters.`);

/** A brand colour white button text reads on (WCAG AA), else the nearest shade that does. */
export const brandColourSchema = z
  .string({ error: THEME_COLOR_MESSAGE })
  .trim()
  .regex(HEX_COLOUR, THEME_COLOR_MESSAGE)
  .transform((v) => v.toLowerCase())
  .superRefine((v, ctx) => {
    const problem = brandColourProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const brandingStyles = z.object(
  {
    /** Shown instead of the agency's name (top bar, sign-in, public cards). */
    name: blankIsUnset(text(80)),
    logoUrl: blankIsUnset(uploadedImageUrl(IMAGE_MESSAGE)),
    faviconUrl: blankIsUnset(uploadedImageUrl(IMAGE_MESSAGE)),
    primaryColor: blankIsUnset(brandColourSchema),
    metaTitle: blankIsUnset(text(70)),
    metaDescription: blankIsUnset(text(200)),
  },
  { error: "styles must be an object." },
);
export type BrandingStyles = z.output<typeof brandingStyles>;

/** POST /ui-customisation: set an agency's branding (the superadmin names any agency; default their own). */
export const uiCustomisationBody = z.object({
  agencyId: idSchema("agencyId").optional(),
  metaId: z.literal(BRANDING_META_ID, { error: `metaId must be "${BRANDING_META_ID}".` }).default(BRANDING_META_ID),
  placement: z.literal("COMMON", { error: 'placement must be "COMMON".' }).default("COMMON"),
  styles: brandingStyles,
});

export const uiCustomisationQuery = z.object({ agencyId: idSchema("agencyId").optional() });

export const uiCustomisationParams = z.object({ uiCustomisationId: idSchema("uiCustomisationId") });

export const uiCustomisationDto = z.object({
  uiCustomisationId: z.number(),
  agencyId: z.number().nullable(),
  metaId: z.string(),
  placement: z.string(),
  styles: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  updatedAt: z.date(),
});

/** What a host shows: the defaults where nothing is customised. */
export const effectiveBranding = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
});
export type EffectiveBranding = z.infer<typeof effectiveBranding>;

export const uiCustomisationResponse = z.object({
  agencyId: z.number(),
  /** Agencies the caller may customise (the superadmin: all). */
  agencies: z.array(z.object({ agencyId: z.number(), agencyName: z.string(), host: z.string() })),
  list: z.array(uiCustomisationDto),
  branding: effectiveBranding,
});

export const uiCustomisationSaved = z.object({ customisation: uiCustomisationDto, branding: effectiveBranding });
export const uiCustomisationDeleted = z.object({ uiCustomisationId: z.number(), deleted: z.literal(true) });
