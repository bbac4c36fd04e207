import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FrameVisibility, PlanLimits } from "./billing.ts";
import { subscriptionPlans } from "./billing.ts";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { imageSubcategories } from "./content.ts";
import { agencies, franchisees, users } from "./core.ts";
import { BUSINESS_NATURES, CARD_SECTIONS, CARD_STATUSES, CARD_TEMPLATES, FEEDBACK_KINDS, TITLES } from "../../../contracts/enums.ts";

import type { StaffImagePostSettings } from "../../../contracts/project-texts.ts";
import { CARD_SOURCES, SOURCE_EVENTS } from "../../../contracts/card-sources.ts";

export { CONTACT_FIELD_TYPES, type ContactFieldType } from "./shared.ts";

/*
 * Primary keys carry the spec's names where the spec names them (businessId, cardNo) so
 * rows map onto API fields without renaming; other tables use a plain `id`.
 */

export { BUSINESS_NATURES, CARD_SECTIONS, CARD_STATUSES, CARD_TEMPLATES, FEEDBACK_KINDS, TITLES };
export type { BusinessNature, CardSection, CardStatus, CardTemplate, Title } from "../../../contracts/enums.ts";

/** Who created the business: the customer ('self') or a franchisee role / partner source. */
export const BUSINESS_MADE_BY_SELF = "self";

export const FRAME_NAMES = ["frame7", "frame2", "frame3"] as const;
export const FRAME_HEIGHTS = ["HEIGHT-1", "HEIGHT-2", "HEIGHT-3"] as const;
export const FRAME_DISPLAYS = ["all-details", "only-logo"] as const;

/** How the business's frame is drawn over greeting images (FRAME_SETTINGS_PAGE). */
export type BusinessFrameSettings = {
  frameName?: (typeof FRAME_NAMES)[number];
  height?: (typeof FRAME_HEIGHTS)[number];
  display?: (typeof FRAME_DISPLAYS)[number];
  primaryColor?: string;
  textColor?: string;
  /** Which business details the frame shows (logo, name, phone, whatsapp, email, address, website); absent = shown. */
  show?: Partial<Record<"logo" | "name" | "phone" | "whatsapp" | "email" | "address" | "website", boolean>>;
};

export const businesses = pgTable(
  "businesses",
  {
    businessId: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    businessName: text().notNull(),
    title: text({ enum: TITLES }).notNull().default("none"),
    contactPerson: text(),
    businessNature: text({ enum: BUSINESS_NATURES }),
    /** Free text shown to people; imageSubcategoryId is the machine link to greeting content. */
    category: text(),
    imageSubcategoryId: integer(), // FK below (named: the generated name passes 63 chars)
    phoneNumber: text(),
    alternatePhoneNumber: text(),
    whatsappNumber: text(),
    email: text(),
    address: text(),
    mapLink: text(),
    logoUrl: text(),
    frameSettings: jsonb().$type<BusinessFrameSettings>().notNull().default({}),
    expiryDateForCustomer: tstz(),
    /** 1 = paid, 0 = not paid (the spec's numeric flag, kept as is). */
    paymentStatus: integer().notNull().default(0),
    businessMadeBy: text().notNull().default(BUSINESS_MADE_BY_SELF),
    madeByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    isSubscriptionActive: boolean().notNull().default(false),
    subscriptionPlanId: integer(), // FK below
    // Snapshots of the plan bought: editing or deleting a plan must not change what a customer paid for.
    planLimits: jsonb().$type<PlanLimits>(),
    frameVisibility: jsonb().$type<FrameVisibility>(),
    /** Soft delete: payments and bills keep pointing at the row. */
    deletedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("businesses_agency_created_idx").on(t.agencyId, t.createdAt),
    index("businesses_agency_name_idx").on(t.agencyId, t.businessName),
    index("businesses_agency_phone_idx").on(t.agencyId, t.phoneNumber),
    index("businesses_agency_expiry_idx").on(t.agencyId, t.expiryDateForCustomer),
    index("businesses_user_idx").on(t.userId),
    index("businesses_made_by_franchisee_idx").on(t.madeByFranchiseeId),
    check("businesses_payment_status_ck", sql`${t.paymentStatus} in (0, 1)`),
    foreignKey({
      name: "businesses_image_subcategory_fk",
      columns: [t.imageSubcategoryId],
      foreignColumns: [imageSubcategories.imageSubcategoryId],
    }).onDelete("set null"),
    foreignKey({
      name: "businesses_subscription_plan_fk",
      columns: [t.subscriptionPlanId],
      foreignColumns: [subscriptionPlans.subscriptionPlanId],
    }).onDelete("set null"),
  ],
);

/* ---- Card sections (jsonb) ---- */

// The card's sections are our own jsonb, written only through the contracts' zod schemas: their
// types are inferred from those schemas (contracts/cards.ts), declared once.
import type {
  CardAboutUs,
  CardBasicDetails,
  CardGallery,
  CardLinks,
  CardPaymentOptions,
  CardProducts,
  CardSettings,
  CardYoutubeVideos,
} from "../../../contracts/cards.ts";
import type { CardSecondLanguage } from "../../../contracts/card-second-language.ts";

/** Staff settings (ADR 0017, contracts/project-texts.ts) plus the frame keys seeded before them. */
export type CardImagePostSettings = StaffImagePostSettings & {
  frameName?: (typeof FRAME_NAMES)[number];
  height?: (typeof FRAME_HEIGHTS)[number];
  display?: (typeof FRAME_DISPLAYS)[number];
  /** Pages where the frame shows (FRAME pages enumeration). */
  pages?: string[];
  /**
   * Set once staff use POST /updateImagePostStatus. Cards made before issue 22 (ADR 0044) had
   * imagePostEnabled=false by default while their greetings worked; only with this flag does
   * false switch a business's greeting images off.
   */
  switchedByStaff?: boolean;
};


export const cards = pgTable(
  "cards",
  {
    cardNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references(() => businesses.businessId, { onDelete: "cascade" }),
    /** The public slug (/{cardId}); unique within the agency, since each agency has its own host. */
    cardId: text().notNull(),
    template: text({ enum: CARD_TEMPLATES }).notNull().default("style-1"),
    status: text({ enum: CARD_STATUSES }).notNull().default("active"),
    basicDetails: jsonb().$type<CardBasicDetails>().notNull().default({}),
    paymentOptions: jsonb().$type<CardPaymentOptions>().notNull().default({}),
    youtubeVideos: jsonb().$type<CardYoutubeVideos>().notNull().default({ videos: [] }),
    gallery: jsonb().$type<CardGallery>().notNull().default({ images: [] }),
    aboutUs: jsonb().$type<CardAboutUs>().notNull().default({}),
    products: jsonb().$type<CardProducts>().notNull().default({ items: [] }),
    links: jsonb().$type<CardLinks>().notNull().default({ items: [] }),
    settings: jsonb().$type<CardSettings>().notNull().default({}),
    /** The card's texts in a second language (ADR 0075); null = one language. */
    secondLanguage: jsonb().$type<CardSecondLanguage>(),
    imagePostEnabled: boolean().notNull().default(true),
    imagePostSettings: jsonb().$type<CardImagePostSettings>().notNull().default({}),
    /** Admin-set cap (POST /updateCardLimit); meaning is product-defined, 1 by default. */
    cardLimit: integer().notNull().default(1),
    /** Cheap counter for the dashboard; detailed events go to analytics_events. */
    viewCount: integer().notNull().default(0),
    /**
     * Soft delete: the public URL then says the card was removed, and the slug stays taken so an
     * old shared link never opens somebody else's card.
     */
    deletedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live card per business (the 'One Card per Business' dialog).
    uniqueIndex("cards_business_uq").on(t.businessId).where(sql`${t.deletedAt} is null`),
    uniqueIndex("cards_agency_card_id_uq").on(t.agencyId, t.cardId),
    index("cards_agency_status_idx").on(t.agencyId, t.status),
    index("cards_agency_created_idx").on(t.agencyId, t.createdAt),
  ],
);

/**
 * A card's earlier public ids (ADR 0012): printed QR codes and shared links keep working, since
 * `/{old id}` answers 301 to the card's current id, forever. An id here is never given to another
 * card (availability checks cards and this table); the card itself may take it back, which
 * removes its row here.
 */
/**
 * Words no new card id may use as a part, added by the platform's admin to the built-in
 * BRAND_WORDS (contracts/card-id.ts; issue 22 M4, ADR 0045): one list for every agency's host.
 */
export const protectedCardWords = pgTable("protected_card_words", {
  word: text().primaryKey(),
  createdAt: tstz().notNull().defaultNow(),
});

export const cardIdHistory = pgTable(
  "card_id_history",
  {
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    cardId: text().notNull(),
    cardNo: integer()
      .notNull()
      .references(() => cards.cardNo, { onDelete: "cascade" }),
    /** When the card stopped using this id. */
    retiredAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.cardId] }), index("card_id_history_card_idx").on(t.cardNo)],
);

/**
 * Per-card, per-day counters for the owner's dashboard. The public card buffers increments in
 * memory and adds them here in batches (ADR 0008), so a busy card costs no write per view.
 */
export const cardDailyStats = pgTable(
  "card_daily_stats",
  {
    cardNo: integer()
      .notNull()
      .references(() => cards.cardNo, { onDelete: "cascade" }),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    /** The day in India (Asia/Kolkata), when the owner reads "today". */
    day: date({ mode: "string" }).notNull(),
    views: integer().notNull().default(0),
    /** Taps on call, WhatsApp, email, map, UPI and link buttons. */
    taps: integer().notNull().default(0),
    /** vCard downloads ("Save contact"). */
    saves: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cardNo, t.day] }), index("card_daily_stats_agency_day_idx").on(t.agencyId, t.day)],
);

/**
 * Card visits and actions by where they came from (issue 25, ADR 0068): one counter row per
 * business, day, source (and greeting) and event, added to in batches like card_daily_stats.
 * `greeting_id` is 0 unless the source is a greeting; no foreign key, so a deleted post keeps its
 * history. No visitor is stored: only the channel and a count.
 */
export const cardSourceStats = pgTable(
  "card_source_stats",
  {
    businessId: integer()
      .notNull()
      .references(() => businesses.businessId, { onDelete: "cascade" }),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    /** The day in India (Asia/Kolkata). */
    day: date({ mode: "string" }).notNull(),
    source: text({ enum: CARD_SOURCES }).notNull(),
    greetingId: integer().notNull().default(0),
    event: text({ enum: SOURCE_EVENTS }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day, t.source, t.greetingId, t.event] }),
    index("card_source_stats_agency_day_idx").on(t.agencyId, t.day),
  ],
);

/** Messages left by visitors on a public card. */
export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references(() => businesses.businessId, { onDelete: "cascade" }),
    cardNo: integer().references(() => cards.cardNo, { onDelete: "set null" }),
    kind: text({ enum: FEEDBACK_KINDS }).notNull().default("feedback"),
    name: text().notNull(),
    phoneNumber: text(),
    email: text(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("feedback_business_created_idx").on(t.businessId, t.createdAt),
    index("feedback_agency_created_idx").on(t.agencyId, t.createdAt),
  ],
);

/** Uploaded files (POST /document/uploadDoc). The bytes live in storage under storageKey. */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    // Either a customer or a franchisee uploaded it; set null keeps the row so storage can be cleaned up.
    ownerUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ownerFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    fileName: text().notNull(),
    /** Caller-chosen folder levels, e.g. hierarchy1 = 'business', hierarchy2 = '42'. */
    hierarchy1: text().notNull(),
    hierarchy2: text(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("documents_storage_key_uq").on(t.storageKey),
    index("documents_agency_hierarchy_idx").on(t.agencyId, t.hierarchy1, t.hierarchy2),
  ],
);
