import { z } from "zod";
import { EMAIL_MESSAGE, PHONE_MESSAGE, emailSchema, normalizeIndianMobile } from "#server/api/auth/schemas.ts";

/**
 * The public card's API shapes (ADR 0008), shared by the API and the public page.
 * Pure zod: safe in any bundle.
 */

export const PUBLIC_CARD_STATES = ["live", "inactive", "expired", "deleted"] as const;
export type PublicCardState = (typeof PUBLIC_CARD_STATES)[number];

/** What a tap on the card was: counted for the owner's dashboard. */
export const TAP_KINDS = ["call", "whatsapp", "email", "map", "upi", "link"] as const;
export type TapKind = (typeof TAP_KINDS)[number];

/** A card id as it arrives in a URL: loose on purpose (an unknown or old id is a 404, not a 422). */
export const cardIdParam = z.object({
  cardId: z.string().trim().toLowerCase().min(1, "cardId is required.").max(80, "cardId is too long."),
});

/* ---- The enquiry / feedback form ---- */

export const ENQUIRY_KINDS = ["enquiry", "feedback"] as const;
export const ENQUIRY_LIMITS = { name: 80, message: 1000 } as const;
export const ENQUIRY_MESSAGES = {
  name: "Please enter your name.",
  message: "Please write your message.",
  tooFast: "That was quick! Please wait a few seconds and send it again.",
  expired: "This form has expired. Please send your message again.",
  closed: "This card is not taking messages right now.",
  rateLimited: (minutes: number) => `Too many messages. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;

/** A visitor's number: an Indian mobile (any usual spelling) or an international +country number. */
export const visitorPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(20, PHONE_MESSAGE)
  .transform((v, ctx) => {
    const indian = normalizeIndianMobile(v);
    if (indian) return indian;
    const intl = v.replace(/[\s\-()]/g, "");
    if (/^\+[1-9]\d{7,14}$/.test(intl)) return intl;
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  });

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
export { EMAIL_MESSAGE, PHONE_MESSAGE };

/* ---- GET /public-card/{cardId}: everything the page renders ---- */

const text = z.string();
const opt = z.string().optional();

export const sectionKeys = ["about", "links", "products", "gallery", "videos", "paymentOptions", "feedback", "enquiry"] as const;

export const publicCardDto = z.object({
  template: z.enum(["style-1", "style-2"]),
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
  sections: z.array(z.object({ key: z.enum(sectionKeys), title: text })),
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
  links: z.array(z.object({ label: text, url: text })),
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
});
export type PublicCardResponse = z.infer<typeof publicCardResponse>;
