import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { businesses } from "./business.ts";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies, franchisees } from "./core.ts";
import { CONTACT_FIELD_TYPES, paymentColumns } from "./shared.ts";

/*
 * Platform-wide content (greeting categories, tags, link store, video templates, static pages,
 * UI customisation) is managed by the superadmin. Those tables carry a NULLABLE agencyId:
 * null = platform content every agency sees; a value = content owned by that agency only.
 * Uniques over (agencyId, name) use NULLS NOT DISTINCT so two platform rows cannot clash.
 */

export const PLACEMENTS = ["HOME_PAGE", "GREETING_IMAGE_PAGE", "COMMON"] as const;
export type Placement = (typeof PLACEMENTS)[number];

/* ---------------- Category static pages ---------------- */

export type CategoryStaticPageContent = {
  heading?: string;
  description?: string;
  bannerUrl?: string;
  sections?: { title: string; body: string; imageUrl?: string }[];
};

/** A landing page per business category (e.g. "Restaurant"). */
export const categoryStaticPages = pgTable(
  "category_static_pages",
  {
    categoryStaticPageId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    category: text().notNull(),
    imageSubcategoryId: integer(), // FK below (named: the generated name passes 63 chars)
    title: text().notNull(),
    content: jsonb().$type<CategoryStaticPageContent>().notNull().default({}),
    metaTitle: text(),
    metaDescription: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("category_static_pages_agency_category_uq").on(t.agencyId, t.category).nullsNotDistinct(),
    foreignKey({
      name: "category_static_pages_image_subcategory_fk",
      columns: [t.imageSubcategoryId],
      foreignColumns: [imageSubcategories.imageSubcategoryId],
    }).onDelete("set null"),
  ],
);

/* ---------------- PDF id cards ---------------- */

export const PDF_CARD_STATUSES = ["active", "inactive"] as const;

/** Everything printed on the card; loose, validated by the API. */
export type PdfCardDetails = {
  personName?: string;
  designation?: string;
  employeeId?: string;
  bloodGroup?: string;
  photoUrl?: string;
  logoUrl?: string;
  address?: string;
  website?: string;
  validUntil?: string;
  extraFields?: { label: string; value: string }[];
  /** The card's people (one CR80 page each); the single-person fields above predate it. ADR 0024. */
  people?: {
    personName: string;
    designation?: string;
    employeeId?: string;
    phones: string[];
    email?: string;
    address?: string;
    bloodGroup?: string;
    photoUrl?: string;
  }[];
};

export const pdfCards = pgTable(
  "pdf_cards",
  {
    pdfCardNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references((): AnyPgColumn => businesses.businessId, { onDelete: "cascade" }),
    companyName: text().notNull(),
    registeredPhoneNumber: text().notNull(),
    mails: text().array().notNull().default(sql`'{}'::text[]`),
    templateCode: text().notNull(),
    status: text({ enum: PDF_CARD_STATUSES }).notNull().default("active"),
    details: jsonb().$type<PdfCardDetails>().notNull().default({}),
    /** Unpaid cards download with a SAMPLE watermark. */
    isPaid: boolean().notNull().default(false),
    /** The single PDF plan includes one export; the API compares this with what was bought. */
    exportCount: integer().notNull().default(0),
    lastExportedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pdf_cards_agency_created_idx").on(t.agencyId, t.createdAt),
    index("pdf_cards_agency_company_idx").on(t.agencyId, t.companyName),
    index("pdf_cards_agency_phone_idx").on(t.agencyId, t.registeredPhoneNumber),
    index("pdf_cards_agency_template_idx").on(t.agencyId, t.templateCode),
    index("pdf_cards_business_idx").on(t.businessId),
  ],
);

export const pdfCardPayments = pgTable(
  "pdf_card_payments",
  {
    recordNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    // Money rows outlive what they paid for (see billing.ts).
    businessId: integer().references((): AnyPgColumn => businesses.businessId, { onDelete: "set null" }),
    pdfCardNo: integer().references(() => pdfCards.pdfCardNo, { onDelete: "set null" }),
    /** Id from agency.configuration.pdfCardConfig.customerPlans. */
    planId: integer(),
    ...paymentColumns("pdf_card_payments"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pdf_card_payments_business_idx").on(t.businessId, t.createdAt),
    index("pdf_card_payments_agency_idx").on(t.agencyId, t.createdAt),
  ],
);

/* ---------------- Greeting images and videos ---------------- */

export const imageCategories = pgTable(
  "image_categories",
  {
    imageCategoryId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("image_categories_agency_name_uq").on(t.agencyId, t.name).nullsNotDistinct()],
);

export const imageSubcategories = pgTable(
  "image_subcategories",
  {
    imageSubcategoryId: id(),
    imageCategoryId: integer().notNull(), // FK below
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    thumbnailUrl: text(),
    /** Festival day for the daily-greeting page and festival calendar; null = evergreen. */
    eventDate: date({ mode: "string" }),
    showOnHome: boolean().notNull().default(false),
    /** Where the subcategory is listed (SPEC placement); HOME_PAGE also sets showOnHome. */
    placement: text({ enum: PLACEMENTS }).notNull().default("COMMON"),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("image_subcategories_category_name_uq").on(t.imageCategoryId, t.name),
    foreignKey({
      name: "image_subcategories_category_fk",
      columns: [t.imageCategoryId],
      foreignColumns: [imageCategories.imageCategoryId],
    }).onDelete("cascade"),
    index("image_subcategories_event_date_idx").on(t.eventDate),
    // Businesses match their category text to a subcategory name.
    index("image_subcategories_name_idx").on(t.name),
  ],
);

export const imageTags = pgTable(
  "image_tags",
  {
    imageTagId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("image_tags_agency_name_uq").on(t.agencyId, t.name).nullsNotDistinct()],
);

export const MEDIA_TYPES = ["IMAGE", "VIDEO"] as const;
export const POST_SHAPES = ["SQUARE", "STORY"] as const;
export const MEDIA_KINDS = ["SQUARE_IMAGE", "SQUARE_VIDEO", "STORY_IMAGE", "STORY_VIDEO"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A greeting image/video. agencyId null = platform post; set = that agency's own (exclusive) post. */
export const imagePosts = pgTable(
  "image_posts",
  {
    imageId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    imageSubcategoryId: integer().notNull(), // FK below
    mediaType: text({ enum: MEDIA_TYPES }).notNull().default("IMAGE"),
    postShape: text({ enum: POST_SHAPES }).notNull().default("SQUARE"),
    /** Derived from mediaType + postShape; stored because lists filter on it. */
    mediaKind: text({ enum: MEDIA_KINDS }).notNull().default("SQUARE_IMAGE"),
    url: text().notNull(),
    /** Small preview (POST /image-post/generate-low-quality-image-post). */
    lowQualityUrl: text(),
    /** The day the post is meant for (daily greetings); null = any day. */
    postDate: date({ mode: "string" }),
    isAgencyExclusive: boolean().notNull().default(false),
    placement: text({ enum: PLACEMENTS }).notNull().default("COMMON"),
    createdByFranchiseeId: integer().references(() => franchisees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("image_posts_subcategory_date_idx").on(t.imageSubcategoryId, t.postDate),
    index("image_posts_agency_created_idx").on(t.agencyId, t.createdAt),
    index("image_posts_post_date_idx").on(t.postDate),
    foreignKey({
      name: "image_posts_image_subcategory_fk",
      columns: [t.imageSubcategoryId],
      foreignColumns: [imageSubcategories.imageSubcategoryId],
    }).onDelete("cascade"),
  ],
);

export const imagePostTags = pgTable(
  "image_post_tags",
  {
    imageId: integer()
      .notNull()
      .references(() => imagePosts.imageId, { onDelete: "cascade" }),
    imageTagId: integer()
      .notNull()
      .references(() => imageTags.imageTagId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.imageTagId] }), index("image_post_tags_tag_idx").on(t.imageTagId)],
);

/**
 * One row per branded greeting a business downloaded: what the plan's greeting limits count
 * (per day, Asia/Kolkata; server/api/payments/limits.ts). A repeated download of the same post
 * the same day counts once (the API checks before inserting).
 */
export const imagePostDownloads = pgTable(
  "image_post_downloads",
  {
    id: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references((): AnyPgColumn => businesses.businessId, { onDelete: "cascade" }),
    imageId: integer().references(() => imagePosts.imageId, { onDelete: "set null" }),
    mediaType: text({ enum: MEDIA_TYPES }).notNull().default("IMAGE"),
    createdAt: createdAt(),
  },
  (t) => [index("image_post_downloads_business_created_idx").on(t.businessId, t.createdAt)],
);

/* ---------------- Link store ---------------- */

export const linkCategories = pgTable(
  "link_categories",
  {
    linkCategoryId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [unique("link_categories_agency_name_uq").on(t.agencyId, t.name).nullsNotDistinct()],
);

/** A kind of link a card can show (WhatsApp, Instagram, website…), with its icon and input type. */
export const linkTypes = pgTable(
  "link_types",
  {
    linkTypeId: id(),
    linkCategoryId: integer()
      .notNull()
      .references(() => linkCategories.linkCategoryId, { onDelete: "cascade" }),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    iconUrl: text(),
    fieldType: text({ enum: CONTACT_FIELD_TYPES }).notNull().default("url"),
    /** Prepended to what the customer types, e.g. 'https://wa.me/'. */
    urlPrefix: text(),
    placeholder: text(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("link_types_category_idx").on(t.linkCategoryId, t.sortOrder)],
);

/* ---------------- Promotional videos ---------------- */

/**
 * An input the customer fills for a video template (business name, logo, phone…). The layout
 * part (ADR 0025) is optional for old rows: x, y, w, h in percent of the frame, start/end in
 * seconds, color a #rrggbb for text.
 */
export type VideoTemplateField = {
  key: string;
  label: string;
  type: "text" | "image" | "tel" | "url" | "color";
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  start?: number;
  end?: number;
  color?: string;
};

export const videoTemplates = pgTable(
  "video_templates",
  {
    templateId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    previewUrl: text().notNull(),
    thumbnailUrl: text(),
    durationSeconds: integer(),
    fields: jsonb().$type<VideoTemplateField[]>().notNull().default([]),
    /**
     * A generated background (ADR 0025: an ffmpeg lavfi preset drawn at render time, nothing
     * stored); null = previewUrl is an uploaded MP4 used as the background.
     */
    background: text(),
    /**
     * The template drawn with sample values (issue 26): a short muted MP4 and its poster frame
     * (thumbnailUrl), made by a queue job after each save; null while it is being drawn.
     */
    previewClipUrl: text(),
    /** Bumped by PUT /video/template/popularity; lists sort by it. */
    popularity: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("video_templates_popularity_idx").on(t.popularity)],
);

/** queued → rendering → ready | failed (ADR 0025); "done / not done" = ready / the rest. */
export const USER_VIDEO_STATUSES = ["queued", "rendering", "ready", "failed"] as const;

export type UserVideoDetails = { values?: Record<string, string>; notes?: string };

export const userVideos = pgTable(
  "user_videos",
  {
    videoNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references((): AnyPgColumn => businesses.businessId, { onDelete: "cascade" }),
    templateId: integer().references(() => videoTemplates.templateId, { onDelete: "set null" }),
    status: text({ enum: USER_VIDEO_STATUSES }).notNull().default("queued"),
    details: jsonb().$type<UserVideoDetails>().notNull().default({}),
    /** Storage key of the finished MP4. */
    outputUrl: text(),
    isPaid: boolean().notNull().default(false),
    /** 0–100 while rendering. */
    percent: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    /** The queue's job (pg-boss id). */
    jobId: text(),
    outputBytes: integer(),
    /** Why it failed, in words for the customer. */
    error: text(),
    /** The order form's one-time key: a double click or a resent form finds the first order. */
    requestKey: text(),
    finishedAt: tstz(),
    /** Deleted by its owner: hidden, but still counted against the plan (its credit stays used). */
    deletedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_videos_agency_created_idx").on(t.agencyId, t.createdAt),
    index("user_videos_business_idx").on(t.businessId),
    unique("user_videos_business_request_uq").on(t.businessId, t.requestKey),
  ],
);

export const userVideoPayments = pgTable(
  "user_video_payments",
  {
    recordNo: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer().references((): AnyPgColumn => businesses.businessId, { onDelete: "set null" }),
    videoNo: integer().references(() => userVideos.videoNo, { onDelete: "set null" }),
    ...paymentColumns("user_video_payments"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_video_payments_business_idx").on(t.businessId, t.createdAt),
    index("user_video_payments_agency_idx").on(t.agencyId, t.createdAt),
  ],
);

/* ---------------- UI customisation ---------------- */

export type UiCustomisationStyles = {
  backgroundColor?: string;
  textColor?: string;
  accentColor?: string;
  bannerUrl?: string;
  title?: string;
  subtitle?: string;
  [key: string]: string | number | boolean | undefined;
};

/** Styling for one item (metaId, e.g. a subcategory or section key) on one placement. */
export const uiCustomisations = pgTable(
  "ui_customisations",
  {
    uiCustomisationId: id(),
    agencyId: integer().references(() => agencies.id, { onDelete: "cascade" }),
    metaId: text().notNull(),
    placement: text({ enum: PLACEMENTS }).notNull().default("COMMON"),
    styles: jsonb().$type<UiCustomisationStyles>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("ui_customisations_agency_meta_placement_uq")
      .on(t.agencyId, t.metaId, t.placement)
      .nullsNotDistinct(),
  ],
);
