import { z } from "zod";
import type {
  CardAboutUs,
  CardBasicDetails,
  CardGallery,
  CardLinks,
  CardPaymentOptions,
  CardProducts,
  CardSettings,
  CardYoutubeVideos,
} from "#contracts/cards.ts";
import type { cards } from "#server/db/schema/business.ts";
import { CARD_STATUSES, CARD_TEMPLATES } from "#contracts/enums.ts";
import { PAYMENT_STATES } from "#contracts/payment-status.ts";
import { CARD_STATES } from "#contracts/card-state.ts";
import { IMAGE_POST_FRAMES, IMAGE_POST_PLACEMENTS } from "#contracts/project-texts.ts";

/** The sections are our own jsonb, written only through the zod schemas in #contracts/cards.ts: passed through as typed. */
export const cardDto = z.object({
  cardNo: z.number(),
  cardId: z.string(),
  businessId: z.number(),
  template: z.enum(CARD_TEMPLATES),
  status: z.enum(CARD_STATUSES),
  basicDetails: z.custom<CardBasicDetails>(),
  paymentOptions: z.custom<CardPaymentOptions>(),
  youtubeVideos: z.custom<CardYoutubeVideos>(),
  gallery: z.custom<CardGallery>(),
  aboutUs: z.custom<CardAboutUs>(),
  products: z.custom<CardProducts>(),
  links: z.custom<CardLinks>(),
  settings: z.custom<CardSettings>(),
  imagePostEnabled: z.boolean(),
  cardLimit: z.number(),
  viewCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Where the public card lives on the agency's host: "/" + cardId. */
  publicPath: z.string(),
});
export type CardDto = z.infer<typeof cardDto>;

export type CardRow = typeof cards.$inferSelect;

export const toCardDto = (r: CardRow): CardDto => ({
  cardNo: r.cardNo,
  cardId: r.cardId,
  businessId: r.businessId,
  template: r.template,
  status: r.status,
  basicDetails: r.basicDetails,
  paymentOptions: r.paymentOptions,
  youtubeVideos: r.youtubeVideos,
  gallery: r.gallery,
  aboutUs: r.aboutUs,
  products: r.products,
  links: r.links,
  settings: r.settings,
  imagePostEnabled: r.imagePostEnabled,
  cardLimit: r.cardLimit,
  viewCount: r.viewCount,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  publicPath: `/${r.cardId}`,
});

/** What staff set for a card's greeting posts (contracts/project-texts.ts `effectiveImagePostSettings`). */
export const imagePostSettingsDto = z.object({
  allowedFrames: z.array(z.enum(IMAGE_POST_FRAMES)),
  placements: z.array(z.enum(IMAGE_POST_PLACEMENTS)),
  dailyImageLimit: z.number().nullable(),
  dailyVideoLimit: z.number().nullable(),
});

/** One row of the staff card list: the card's headline plus its business's name, phone and payment. */
export const cardListRowDto = z.object({
  cardNo: z.number(),
  cardId: z.string(),
  businessId: z.number(),
  template: z.enum(CARD_TEMPLATES),
  status: z.enum(CARD_STATUSES),
  companyName: z.string().nullable(),
  imagePostEnabled: z.boolean(),
  cardLimit: z.number(),
  viewCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  publicPath: z.string(),
  businessName: z.string(),
  /** The registered phone: the business's, else its owner's sign-in phone. */
  phoneNumber: z.string().nullable(),
  paymentStatus: z.number(),
  expiryDateForCustomer: z.date().nullable(),
  paymentState: z.enum(PAYMENT_STATES),
  /** The card's one state (contracts/card-state.ts): what the staff list's badge shows. */
  cardState: z.object({ state: z.enum(CARD_STATES), paid: z.boolean(), daysLeft: z.number().nullable() }),
  /** Staff greeting-post settings with defaults filled in (ADR 0017). */
  imagePostSettings: imagePostSettingsDto,
});
