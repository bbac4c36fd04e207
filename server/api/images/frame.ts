import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Storage } from "#server/services/storage/index.ts";
import { businesses, cards, type BusinessFrameSettings } from "#server/db/schema/business.ts";
import { imagePostDownloads } from "#server/db/schema/content.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound, invalid } from "#server/api/lib/errors.ts";
import { BUSINESS_NOT_FOUND, visibleTo } from "#server/api/business/queries.ts";
import { lockBusiness } from "#server/api/payments/grant.ts";
import { allowance, assertWithinLimit, limitWindowStart } from "#server/api/payments/limits.ts";
import { brandedJpeg, detailsVersion } from "#server/services/branding/branding.ts";
import { DEFAULT_FRAME_SETTINGS, renderFrameOverlay, type BrandDetails, type FrameSettings } from "#server/services/branding/overlay.ts";
import { FRAME_LABELS, FRAME_NAMES, GREETING_TEXTS, type FrameName } from "#contracts/greetings-enums.ts";
import type { brandedQuery, frameSettingsBody } from "#contracts/greetings.ts";
import type { FrameVisibility } from "#contracts/plans.ts";
import { readMedia } from "./media.ts";
import { visiblePost } from "./posts.ts";
import type { GreetingScope } from "./scope.ts";

/*
 * The business's frame: its settings (businesses.frameSettings, the customer's own choice; the
 * card's imagePostSettings belong to the staff's per-card switch, ADR 0021) and the branded image.
 */

/** The frames a plan shows (frame7 regular, frame2 product, frame3 political; ADR 0021). */
export function allowedFrames(visibility: FrameVisibility | null): FrameName[] {
  const hidden = { regular: visibility?.hideRegularFrame, product: visibility?.hideProductFrame, political: visibility?.hidePoliticalFrame };
  return FRAME_NAMES.filter((f) => !hidden[FRAME_LABELS[f].kind]);
}

function settingsOf(saved: BusinessFrameSettings, allowed: FrameName[]): FrameSettings {
  const s: FrameSettings = {
    frameName: saved.frameName ?? DEFAULT_FRAME_SETTINGS.frameName,
    height: saved.height ?? DEFAULT_FRAME_SETTINGS.height,
    display: saved.display ?? DEFAULT_FRAME_SETTINGS.display,
    show: saved.show ?? {},
  };
  if (!allowed.includes(s.frameName)) {
    // A plan that hides every frame leaves the logo only.
    if (allowed.length) s.frameName = allowed[0];
    else s.display = "only-logo";
  }
  return s;
}

export async function brandBusiness(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const [row] = await db
    .select({
      businessId: businesses.businessId,
      businessName: businesses.businessName,
      phoneNumber: businesses.phoneNumber,
      whatsappNumber: businesses.whatsappNumber,
      email: businesses.email,
      address: businesses.address,
      logoUrl: businesses.logoUrl,
      frameSettings: businesses.frameSettings,
      frameVisibility: businesses.frameVisibility,
      paymentStatus: businesses.paymentStatus,
      expiryDateForCustomer: businesses.expiryDateForCustomer,
      planLimits: businesses.planLimits,
      basicDetails: cards.basicDetails,
    })
    .from(businesses)
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId)))
    .limit(1);
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  const allowed = allowedFrames(row.frameVisibility);
  const settings = settingsOf(row.frameSettings ?? {}, allowed);
  const details: Omit<BrandDetails, "logo"> = {
    name: row.businessName,
    phone: row.phoneNumber,
    whatsapp: row.whatsappNumber,
    email: row.email,
    address: row.address,
    website: row.basicDetails?.website ?? null,
    primaryColor: row.frameSettings?.primaryColor ?? null,
  };
  const logoUrl = row.logoUrl ?? row.basicDetails?.logoUrl ?? null;
  return { row, allowed, settings, details, logoUrl, version: detailsVersion(details, settings, logoUrl ?? "") };
}

export async function getFrameSettings(db: Db, actor: Actor, agencyId: number, businessId: number, now: Date) {
  const b = await brandBusiness(db, actor, agencyId, businessId);
  const a = allowance(b.row, "greetingImages", now);
  const since = limitWindowStart("greetingImages", now) ?? new Date(0);
  const downloaded = await db
    .select({ imageId: imagePostDownloads.imageId })
    .from(imagePostDownloads)
    .where(and(eq(imagePostDownloads.businessId, businessId), eq(imagePostDownloads.mediaType, "IMAGE"), gte(imagePostDownloads.createdAt, since)));
  return {
    businessId,
    settings: { ...b.settings, show: b.settings.show ?? {} },
    allowedFrames: b.allowed,
    version: b.version,
    greetingImages: { limit: a.limit, used: downloaded.length, downloadedToday: downloaded.map((d) => d.imageId).filter((id): id is number => id !== null) },
  };
}

export async function saveFrameSettings(db: Db, actor: Actor, agencyId: number, body: z.output<typeof frameSettingsBody>, now: Date) {
  const b = await brandBusiness(db, actor, agencyId, body.businessId);
  if (!b.allowed.includes(body.frameName)) throw invalid(GREETING_TEXTS.frameHidden, { frameName: [GREETING_TEXTS.frameHidden] });
  const frameSettings: BusinessFrameSettings = {
    ...b.row.frameSettings,
    frameName: body.frameName,
    height: body.height,
    display: body.display,
    show: body.show,
  };
  await db.update(businesses).set({ frameSettings }).where(eq(businesses.businessId, body.businessId));
  return getFrameSettings(db, actor, agencyId, body.businessId, now);
}

/** Counts a download against the plan's greeting limit; the same post again the same day is free. */
async function recordDownload(db: Db, agencyId: number, businessId: number, imageId: number, mediaType: "IMAGE" | "VIDEO", now: Date) {
  const kind = mediaType === "VIDEO" ? "greetingVideos" : "greetingImages";
  const since = limitWindowStart(kind, now) ?? new Date(0);
  await db.transaction(async (tx) => {
    // The business lock makes two parallel downloads count one after the other.
    await lockBusiness(tx, agencyId, businessId);
    const inWindow = and(eq(imagePostDownloads.businessId, businessId), eq(imagePostDownloads.mediaType, mediaType), gte(imagePostDownloads.createdAt, since));
    const [again] = await tx.select({ id: imagePostDownloads.id }).from(imagePostDownloads).where(and(inWindow, eq(imagePostDownloads.imageId, imageId))).limit(1);
    if (again) return;
    const [{ used }] = await tx.select({ used: count() }).from(imagePostDownloads).where(inWindow);
    await assertWithinLimit(tx, { businessId, kind, now, used });
    await tx.insert(imagePostDownloads).values({ agencyId, businessId, imageId, mediaType, createdAt: now });
  });
}

const WIDTH = { preview: 540, full: 1080 } as const;

/** GET /image-post/{imageId}/branded: the post with the business's frame, as image/jpeg with an ETag. */
export async function brandedResponse(
  db: Db,
  storage: Storage,
  actor: Actor,
  s: GreetingScope,
  imageId: number,
  query: z.output<typeof brandedQuery>,
  ifNoneMatch: string | undefined,
  now: Date,
): Promise<Response> {
  const post = await visiblePost(db, s, imageId);
  const b = await brandBusiness(db, actor, s.agencyId, query.businessId);
  if (post.mediaType !== "IMAGE") throw notFound("Greeting videos are branded as videos, not images.");
  const settings: FrameSettings = {
    ...b.settings,
    ...(query.frame && { frameName: query.frame }),
    ...(query.height && { height: query.height }),
    ...(query.display && { display: query.display }),
  };
  if (!b.allowed.includes(settings.frameName) && settings.display !== "only-logo") throw notFound(GREETING_TEXTS.frameHidden);
  const version = detailsVersion(b.details, settings, b.logoUrl ?? "");
  const etag = `"${imageId}-${version}-${query.size}-${Buffer.from(post.url).toString("base64url").slice(-12)}"`;
  if (query.download) await recordDownload(db, s.agencyId, query.businessId, imageId, "IMAGE", now);
  const headers: Record<string, string> = {
    etag,
    // Private: the image carries the business's contact details.
    "cache-control": "private, no-cache",
    "content-type": "image/jpeg",
  };
  if (query.download) headers["content-disposition"] = `attachment; filename="greeting-${imageId}.jpg"`;
  if (!query.download && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers });
  const jpeg = await brandedJpeg({
    etag,
    post: () => readMedia(storage, post.url),
    details: b.details,
    logo: async () => (b.logoUrl ? readMedia(storage, b.logoUrl) : null),
    settings,
    version,
    width: WIDTH[query.size],
  });
  if (!jpeg) throw notFound(GREETING_TEXTS.postNotFound);
  return new Response(new Uint8Array(jpeg), { status: 200, headers });
}

/** The frame alone as a PNG (the video page lays it over the playing video). */
export async function overlayResponse(db: Db, storage: Storage, actor: Actor, agencyId: number, businessId: number, width: number, height: number) {
  const b = await brandBusiness(db, actor, agencyId, businessId);
  const logo = b.logoUrl ? await readMedia(storage, b.logoUrl) : null;
  const png = await renderFrameOverlay({ details: { ...b.details, logo }, settings: b.settings, width, height });
  return new Response(new Uint8Array(png), { status: 200, headers: { "content-type": "image/png", etag: `"${b.version}-${width}x${height}"`, "cache-control": "private, no-cache" } });
}
