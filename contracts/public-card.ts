import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { contactPhoneSchema } from "./cards.ts";
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, PHONE_MESSAGE } from "./constants.ts";
import { CARD_SECTIONS, CARD_TEMPLATES, ENQUIRY_KINDS, PUBLIC_CARD_STATES } from "./enums.ts";
import { LANGUAGES } from "./i18n/languages.ts";

/**
 * The public card's API shapes (ADR 0008), shared by the API and the public page.
 * Pure zod: safe in any bundle.
 */

/** A card id as it arrives in a URL: loose on purpose (an unknown or old id is a 404, not a 422). */
export const cardIdParam = z.object({
  cardId: z.string().trim().toLowerCase().min(1, "cardId is required.").max(80, "cardId is too long."),
});

/* ---- The enquiry / feedback form ---- */

/** A visitor's number: any country's, stored in E.164; a bare 10-digit number is Indian. */
export const visitorPhoneSchema = contactPhoneSchema;

export const enquiryFormSchema = z
  .object({
    kind: z.enum(ENQUIRY_KINDS).default("enquiry"),
    name: z
      .string({ error: ENQUIRY_MESSAGES.name })
      .trim()
      .min(1, ENQUIRY_MESSAGES.name)
      .max(ENQUIRY_LIMITS.name, `Use at most ${ENQUIRY_LIMITS.name} characters.`),
    phoneNumber: visitorPhoneSchema.optional(),
    email: emailSchema.optional(),
    message: z
      .string({ error: ENQUIRY_MESSAGES.message })
      .trim()
      .min(1, ENQUIRY_MESSAGES.message)
      .max(ENQUIRY_LIMITS.message, `Use at most ${ENQUIRY_LIMITS.message} characters.`),
    /** Where the visitor came from (the link's `src`, ADR 0068); unknown values count as direct. */
    src: z.string().max(40).optional(),
    /** Honeypot: hidden from people, filled by bots. Anything in it and the message is dropped. */
    website: z.string().max(500).optional(),
    /** Signed render time of the form (form-token.ts). */
    token: z.string({ error: ENQUIRY_MESSAGES.expired }).min(1, ENQUIRY_MESSAGES.expired).max(200, ENQUIRY_MESSAGES.expired),
  })
  .superRefine((v, ctx) => {
    // An enquiry needs a way to answer it; feedback may be anonymous about contact.
    if (v.kind === "enquiry" && !v.phoneNumber) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: PHONE_MESSAGE });
  });
export type EnquiryForm = z.infer<typeof enquiryFormSchema>;

/* ---- GET /public-card/{cardId}: everything the page renders ---- */

const text = z.string();
const opt = z.string().optional();

export const publicCardDto = z.object({
  template: z.enum(CARD_TEMPLATES),
  themeColor: text,
  showSaveContact: z.boolean(),
  showShareButton: z.boolean(),
  logoUrl: text.nullable(),
  profileImageUrl: text.nullable(),
  coverImageUrl: text.nullable(),
  basic: z.object({
    name: opt,
    designation: opt,
    companyName: text,
    tagline: opt,
    phoneNumber: opt,
    alternatePhoneNumber: opt,
    whatsappNumber: opt,
    email: opt,
    website: opt,
    address: opt,
    mapLink: opt,
    contactFields: z.array(z.object({ type: text, label: text, value: text })),
  }),
  /** Visible sections in the owner's order, each with its heading. */
  sections: z.array(z.object({ key: z.enum(CARD_SECTIONS), title: text })),
  about: z.object({ description: opt, establishedYear: z.number().optional(), specialities: z.array(text) }),
  payment: z.object({
    upiId: opt,
    upiName: opt,
    qrCodeUrl: opt,
    bankAccounts: z.array(z.object({ accountName: text, accountNumber: text, ifsc: text, bankName: opt, branch: opt })),
  }),
  videos: z.array(z.object({ url: text, title: opt, youtubeId: text.nullable() })),
  gallery: z.array(z.object({ url: text, caption: opt })),
  products: z.array(z.object({ name: text, description: opt, price: z.number().nullable(), imageUrl: opt })),
  links: z.array(z.object({ label: text, url: text, iconUrl: text.nullable() })),
});
export type PublicCard = z.infer<typeof publicCardDto>;

export const publicCardResponse = z.object({
  state: z.enum(PUBLIC_CARD_STATES),
  cardId: text,
  /** The link people share: this host + /{cardId}. */
  publicUrl: text,
  agency: z.object({ name: text, logoUrl: text.nullable(), primaryColor: text.nullable() }),
  /** Shown on the inactive and expired pages; null when deleted. */
  businessName: text.nullable(),
  /** Only when live. */
  card: publicCardDto.nullable(),
  /** Signed render time for the enquiry form; only when live. */
  enquiryToken: text.nullable(),
  /** The published page for the business's category (/category/{slug}, ADR 0020); only when live. */
  categoryPage: z.object({ slug: text, title: text }).nullable(),
  /** A card in two languages (ADR 0075): which it has and which this response shows; null for one. */
  languages: z.object({ primary: z.enum(LANGUAGES), second: z.enum(LANGUAGES), shown: z.enum(LANGUAGES) }).nullable().optional(),
});
export type PublicCardResponse = z.infer<typeof publicCardResponse>;

/** The `src` of a card link (ADR 0068), passed on by the page to its counters; unknown values count as direct. */
export const cardSourceQuery = z.object({ src: z.string().max(40).optional() });
