import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { cardIdSchema } from "./card-id.ts";
import {
  ACCOUNT_NUMBER_MESSAGE,
  EARLIEST_YEAR,
  EMAIL_MESSAGE,
  IFSC_MESSAGE,
  LIMITS,
  LINK_MESSAGE,
  PHONE_MESSAGE,
  PRICE_MESSAGE,
  REQUIRED_MESSAGE,
  THEME_COLOR_MESSAGE,
  UPI_MESSAGE,
  YOUTUBE_MESSAGE,
} from "./constants.ts";
import { CARD_SECTIONS, CARD_STATUSES, CARD_TEMPLATES, CONTACT_FIELD_TYPES } from "./enums.ts";
import { idSchema } from "./id.ts";
import { uploadedImageUrl } from "./image-url.ts";
import { toE164 } from "./phone.ts";

/**
 * The card editor's sections (SPEC §3 Card, §5 messages), one schema per `updateCard*` call,
 * shared by the API and the panel's forms. The stored sections' types (the cards table's jsonb
 * columns) are inferred from these schemas at the end of this file: declared once.
 * Optional text is "" or absent in a form; both mean "not set".
 */

const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).optional();
const requiredText = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `Use at most ${max} characters.`);

/** http(s) links; "www.example.com" is read as https://www.example.com. */
export const linkSchema = z
  .string({ error: LINK_MESSAGE })
  .trim()
  .max(2000, LINK_MESSAGE)
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: LINK_MESSAGE }));

/** Our own uploads (/uploads/…, from POST /document/uploadDoc) or an https image link. */
export const imageUrlSchema = uploadedImageUrl(LINK_MESSAGE);

const cardNo = idSchema("cardNo", REQUIRED_MESSAGE);

/* ---- Basic details ---- */

/** A contact number of any country, stored in E.164; a bare 10-digit number is Indian (contracts/phone.ts). */
export const contactPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .transform((v, ctx) => {
    const e164 = toE164(v);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** An extra contact row; the value is checked by its type with SPEC §5's messages. */
export const contactFieldSchema = z
  .object({
    type: z.enum(CONTACT_FIELD_TYPES, { error: REQUIRED_MESSAGE }),
    label: requiredText(40),
    value: z.string({ error: REQUIRED_MESSAGE }).trim().max(2000),
  })
  .transform((f, ctx) => {
    const schema = { tel: contactPhoneSchema, email: emailSchema, url: linkSchema, text: requiredText(200) }[f.type];
    const r = schema.safeParse(f.value);
    if (!r.success) {
      const message = { tel: PHONE_MESSAGE, email: EMAIL_MESSAGE, url: LINK_MESSAGE, text: REQUIRED_MESSAGE }[f.type];
      ctx.addIssue({ code: "custom", path: ["value"], message });
      return z.NEVER;
    }
    return { ...f, value: r.data };
  });

export const basicDetailsFields = {
  name: optionalText(80),
  designation: optionalText(80),
  companyName: requiredText(120),
  tagline: optionalText(160),
  phoneNumber: contactPhoneSchema,
  alternatePhoneNumber: contactPhoneSchema.optional(),
  whatsappNumber: contactPhoneSchema.optional(),
  email: emailSchema.optional(),
  website: linkSchema.optional(),
  address: optionalText(300),
  mapLink: linkSchema.optional(),
  logoUrl: imageUrlSchema.optional(),
  profileImageUrl: imageUrlSchema.optional(),
  coverImageUrl: imageUrlSchema.optional(),
  contactFields: z.array(contactFieldSchema).max(LIMITS.contactFields, `Add at most ${LIMITS.contactFields} contact rows.`).optional(),
};

/** The form: the section's fields plus the public link (cardId), changeable here. */
export const basicDetailsFormSchema = z.object({ cardId: cardIdSchema, ...basicDetailsFields });

export const updateCardBasicDetailsSchema = basicDetailsFormSchema.extend({ cardNo });

/* ---- Payment options ---- */


export const bankAccountSchema = z.object({
  accountName: requiredText(120),
  accountNumber: z.string({ error: ACCOUNT_NUMBER_MESSAGE }).trim().regex(/^\d{9,18}$/, ACCOUNT_NUMBER_MESSAGE),
  ifsc: z
    .string({ error: IFSC_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, IFSC_MESSAGE),
  bankName: optionalText(120),
  branch: optionalText(120),
});

export const paymentOptionsFormSchema = z.object({
  upiId: z
    .string()
    .trim()
    .regex(/^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, UPI_MESSAGE)
    .optional(),
  upiName: optionalText(120),
  qrCodeUrl: imageUrlSchema.optional(),
  bankAccounts: z.array(bankAccountSchema).max(LIMITS.bankAccounts, `Add at most ${LIMITS.bankAccounts} bank accounts.`).optional(),
});
export const updateCardPaymentOptionsSchema = paymentOptionsFormSchema.extend({ cardNo });

/* ---- YouTube videos ---- */


/** The 11-character video id of a youtube.com/watch, youtu.be, shorts, embed or live link; null otherwise. */
export function youtubeVideoId(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^(www|m|music)\./, "");
    let id: string | null = null;
    if (host === "youtu.be") id = u.pathname.slice(1).split("/")[0];
    else if (host === "youtube.com" || host === "youtube-nocookie.com") {
      id = u.pathname === "/watch" ? u.searchParams.get("v") : (u.pathname.match(/^\/(?:shorts|embed|live|v)\/([^/?#]+)/)?.[1] ?? null);
    }
    return id && /^[\w-]{11}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export const youtubeVideoSchema = z.object({
  url: linkSchema.refine((v) => youtubeVideoId(v) !== null, YOUTUBE_MESSAGE),
  title: optionalText(120),
});
export const youtubeVideosFormSchema = z.object({
  title: optionalText(40),
  videos: z.array(youtubeVideoSchema).max(LIMITS.videos, `Add at most ${LIMITS.videos} videos.`).default([]),
});
export const updateCardYoutubeVideosSchema = youtubeVideosFormSchema.extend({ cardNo });

/* ---- Template ---- */

export const templateFormSchema = z.object({ template: z.enum(CARD_TEMPLATES, { error: "Choose a card style." }) });
export const updateCardTemplateSchema = templateFormSchema.extend({ cardNo });

/* ---- Gallery ---- */

export const galleryImageSchema = z.object({ url: imageUrlSchema, caption: optionalText(120) });
export const galleryFormSchema = z.object({
  title: optionalText(40),
  images: z.array(galleryImageSchema).max(LIMITS.galleryImages, `Add at most ${LIMITS.galleryImages} photos.`).default([]),
});
export const updateCardGallerySchema = galleryFormSchema.extend({ cardNo });

/* ---- About us ---- */

/** The year field: from 1950 (SPEC §5 "earliest year") to this year. */
export const establishedYearSchema = z.coerce
  .number({ error: "Enter a year like 1998." })
  .int("Enter a year like 1998.")
  .min(EARLIEST_YEAR, `Enter a year from ${EARLIEST_YEAR} onwards.`)
  .refine((y) => y <= new Date().getFullYear(), "The year can't be in the future.");

export const aboutUsFormSchema = z.object({
  title: optionalText(40),
  description: optionalText(2000),
  establishedYear: establishedYearSchema.optional(),
  specialities: z.array(requiredText(60)).max(LIMITS.specialities, `Add at most ${LIMITS.specialities} specialities.`).optional(),
});
export const updateCardAboutUsSchema = aboutUsFormSchema.extend({ cardNo });

/* ---- Products ---- */


/** What the API stores and returns: price in integer paise, null = "price on request". */
export const productSchema = z.object({
  name: requiredText(120),
  description: optionalText(500),
  price: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
  imageUrl: imageUrlSchema.optional(),
});
export const updateCardProductsSchema = z.object({
  cardNo,
  title: optionalText(40),
  items: z.array(productSchema).max(LIMITS.products, `Add at most ${LIMITS.products} products.`).default([]),
});

/** ₹ as people type it ("1,250.50") → paise; empty → null (price on request). */
export const rupeesToPaise = z
  .string()
  .trim()
  .regex(/^\d{1,8}(,\d{2,3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/, PRICE_MESSAGE)
  .transform((v) => Math.round(Number(v.replace(/,/g, "")) * 100))
  .pipe(z.number().max(1_000_000_000, PRICE_MESSAGE))
  .optional()
  .transform((v) => v ?? null);

/** The panel's form: the same product fields with the price typed in rupees. */
export const productsFormSchema = z.object({
  title: optionalText(40),
  items: z
    .array(productSchema.extend({ price: rupeesToPaise }))
    .max(LIMITS.products, `Add at most ${LIMITS.products} products.`)
    .default([]),
});

/* ---- Links ---- */

/** A link as stored and shown: a label and a whole http(s) link; linkTypeId names its Link Store type (its icon). */
export const cardLinkSchema = z.object({
  linkTypeId: idSchema("linkTypeId").optional(),
  label: requiredText(40),
  url: linkSchema,
});
/** The stored section. */
export const linksSectionSchema = z.object({
  title: optionalText(40),
  items: z.array(cardLinkSchema).max(LIMITS.links, `Add at most ${LIMITS.links} links.`).default([]),
});

/**
 * What the editor sends for one link (ADR 0020). With a Link Store type, `url` may be just the
 * handle or phone number and the label may be left empty (the type's name): the API turns it
 * into the stored link with the type's prefix (server/api/link-store/card-links.ts). Without a
 * type, a label and a whole link, as before.
 */
export const cardLinkInputSchema = z
  .object({
    linkTypeId: idSchema("linkTypeId").optional(),
    label: optionalText(40),
    url: z.string({ error: LINK_MESSAGE }).trim().min(1, LINK_MESSAGE).max(2000, LINK_MESSAGE),
  })
  .superRefine((v, ctx) => {
    if (v.linkTypeId !== undefined) return;
    if (!v.label) ctx.addIssue({ code: "custom", path: ["label"], message: REQUIRED_MESSAGE });
    if (!linkSchema.safeParse(v.url).success) ctx.addIssue({ code: "custom", path: ["url"], message: LINK_MESSAGE });
  });
export const linksFormSchema = z.object({
  title: optionalText(40),
  items: z.array(cardLinkInputSchema).max(LIMITS.links, `Add at most ${LIMITS.links} links.`).default([]),
});
export const updateCardLinksSchema = linksFormSchema.extend({ cardNo });

/* ---- Settings ---- */


const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const settingsFormSchema = z.object({
  sectionTitles: z.partialRecord(z.enum(CARD_SECTIONS), optionalText(40)).optional(),
  hiddenSections: z.array(z.enum(CARD_SECTIONS)).optional(),
  sectionOrder: z
    .array(z.enum(CARD_SECTIONS))
    .refine((list) => new Set(list).size === list.length, "Each section can appear only once.")
    .optional(),
  themeColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, THEME_COLOR_MESSAGE)
    .optional(),
  showSaveContact: checkbox.optional(),
  showShareButton: checkbox.optional(),
});
export const updateCardSettingsSchema = settingsFormSchema.extend({ cardNo });

/* ---- Admin calls ---- */

export const updateCardStatusSchema = z.object({ cardNo, status: z.enum(CARD_STATUSES, { error: "Choose active or inactive." }) });
export const updateCardLimitSchema = z.object({
  cardNo,
  cardLimit: z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(-1, "Use -1 for unlimited, or a number from 0.").max(1_000_000, "Use a number up to 1,000,000."),
});
export const deleteCardSchema = z.object({ cardNo });

/* ---- The sections as stored (the cards table's jsonb columns) and returned ---- */

/** The basic details without the card id; every field may be absent (a new card starts with its business's). */
export const basicDetailsSectionSchema = z.object(basicDetailsFields).partial();
/** The products as stored: prices in paise. */
export const productsSectionSchema = updateCardProductsSchema.omit({ cardNo: true });

export type CardContactField = z.output<typeof contactFieldSchema>;
export type CardBasicDetails = z.output<typeof basicDetailsSectionSchema>;
export type CardPaymentOptions = z.output<typeof paymentOptionsFormSchema>;
export type CardYoutubeVideos = z.output<typeof youtubeVideosFormSchema>;
export type CardGallery = z.output<typeof galleryFormSchema>;
export type CardAboutUs = z.output<typeof aboutUsFormSchema>;
export type CardProduct = z.output<typeof productSchema>;
export type CardProducts = z.output<typeof productsSectionSchema>;
export type CardLink = z.output<typeof cardLinkSchema>;
export type CardLinks = z.output<typeof linksSectionSchema>;
export type CardLinkInput = z.output<typeof cardLinkInputSchema>;
export type CardSettings = z.output<typeof settingsFormSchema>;
