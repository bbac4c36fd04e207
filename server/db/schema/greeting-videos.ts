import { index, integer, jsonb, pgTable, text, unique, type AnyPgColumn } from "drizzle-orm/pg-core";
import { businesses, type BusinessFrameSettings, type FRAME_DISPLAYS, type FRAME_HEIGHTS, type FRAME_NAMES } from "./business.ts";
import { imagePosts } from "./content.ts";
import { createdAt, id, tstz, updatedAt } from "./columns.ts";
import { agencies } from "./core.ts";

/** queued → rendering → ready | failed (a failed render may be asked for again: back to queued). */
export const GREETING_VIDEO_STATUSES = ["queued", "rendering", "ready", "failed"] as const;
export type GreetingVideoStatus = (typeof GREETING_VIDEO_STATUSES)[number];

/**
 * What the frame draws, copied when the render is asked for (ADR 0022): the job draws exactly
 * what `brandVersion` names, even if the business changes its details while it waits.
 */
export type GreetingVideoBrand = {
  details: { name: string; phone?: string | null; whatsapp?: string | null; email?: string | null; address?: string | null; website?: string | null; primaryColor?: string | null };
  settings: {
    frameName: (typeof FRAME_NAMES)[number];
    height: (typeof FRAME_HEIGHTS)[number];
    display: (typeof FRAME_DISPLAYS)[number];
    show?: BusinessFrameSettings["show"];
  };
  logoUrl: string | null;
};

/**
 * A greeting video post branded with one business's frame: one row per (post, business, brand
 * version), so a double click or a second visit reuses the render, and a new logo or frame makes
 * a new one. Progress lives here, not in the queue's tables.
 */
export const greetingVideoRenders = pgTable(
  "greeting_video_renders",
  {
    renderId: id(),
    agencyId: integer().notNull().references(() => agencies.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references((): AnyPgColumn => businesses.businessId, { onDelete: "cascade" }),
    imageId: integer()
      .notNull()
      .references(() => imagePosts.imageId, { onDelete: "cascade" }),
    /** detailsVersion() of the brand below: changes whenever anything drawn changes. */
    brandVersion: text().notNull(),
    brand: jsonb().$type<GreetingVideoBrand>().notNull(),
    status: text({ enum: GREETING_VIDEO_STATUSES }).notNull().default("queued"),
    /** 0–100 while rendering. */
    percent: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    /** The queue's job (pg-boss id) doing it. */
    jobId: text(),
    /** Storage key of the finished MP4. */
    outputKey: text(),
    outputBytes: integer(),
    durationMs: integer(),
    /** Why it failed, in words for the customer. */
    error: text(),
    finishedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("greeting_video_renders_post_business_version_uq").on(t.imageId, t.businessId, t.brandVersion),
    // The plan's "greeting videos per day" counts a business's renders of the day.
    index("greeting_video_renders_business_created_idx").on(t.businessId, t.createdAt),
    index("greeting_video_renders_agency_idx").on(t.agencyId),
  ],
);
