import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { createDbKeyedCache } from "#server/db/db-keyed-cache.ts";
import type { Storage } from "#server/services/storage/index.ts";
import { businesses, cards, type BusinessFrameSettings } from "#server/db/schema/business.ts";
import { imagePostDownloads } from "#server/db/schema/content.ts";
import type { Actor } from "#server/auth/roles.ts";
import { createHash } from "node:crypto";
import { notFound, invalid, unauthorized } from "#server/api/lib/errors.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { checkBrandToken, issueBrandToken } from "./brand-token.ts";
import { BUSINESS_NOT_FOUND } from "#server/api/business/service.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { lockBusiness } from "#server/api/payments/service.ts";
import { allowance, assertWithinLimit, limitWindowStart, withOverride } from "#server/api/payments/service.ts";
import { brandedJpeg, cachedJpeg, detailsVersion } from "#server/services/branding/branding.ts";
import { DEFAULT_FRAME_SETTINGS, renderFrameOverlay, type BrandDetails, type FrameSettings } from "#server/services/branding/overlay.ts";
import { FRAME_LABELS, FRAME_NAMES, GREETING_TEXTS, type FrameName } from "#contracts/greetings-enums.ts";
import type { brandedQuery, frameSettingsBody } from "#contracts/greetings.ts";
import type { FrameVisibility } from "#contracts/plans.ts";
import { readMedia } from "./media.ts";
import { visiblePost } from "./posts.ts";
import { greetingScope, type GreetingScope } from "./scope.ts";
import { assertNotPaused, cardGate } from "./gates.ts";
import { businessLogo } from "#contracts/logo.ts";
import { withSource } from "#contracts/card-sources.ts";
import { HEX_COLOUR, nearestPassingShade } from "#contracts/brand-colour.ts";
import { themeFonts } from "#server/services/script-fonts.ts";

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

const cardColour = (hex: string | undefined) => (hex && HEX_COLOUR.test(hex) ? nearestPassingShade(hex) : null);

/**
 * The card theme's type pairing for the frame; undefined for all-sans (the frame's own default),
 * which keeps the details' hash, and so every cached image and signed URL, of a sans theme as it was.
 */
function cardFonts(template: string | null) {
  const fonts = themeFonts(template);
  return fonts.head === "sans" && fonts.body === "sans" ? undefined : fonts;
}

/**
 * `linkOrigin` (the agency host's origin) puts the card's link and QR code on the frame (ADR 0068),
 * unless the owner turned "Card link and QR code" off; without it (videos) the frame has none.
 */
export async function brandBusiness(db: Db, actor: Actor | null, agencyId: number, businessId: number, linkOrigin?: string) {
  // null actor: a signed URL (brand-token.ts) already proved access; the agency still bounds it.
  const who = actor ? visibleTo(actor, agencyId) : and(eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt))!;
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
      cardSettings: cards.settings,
      cardTemplate: cards.template,
      cardId: cards.cardId,
      imagePostEnabled: cards.imagePostEnabled,
      imagePostSettings: cards.imagePostSettings,
    })
    .from(businesses)
    .leftJoin(cards, and(eq(cards.businessId, businesses.businessId), isNull(cards.deletedAt)))
    .where(and(eq(businesses.businessId, businessId), who))
    .limit(1);
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  // The card's switch and settings (ADR 0021 Gates): off refuses; its frames narrow the plan's.
  const gate = cardGate(row);
  const allowed = allowedFrames(row.frameVisibility).filter((f) => !gate.frames || gate.frames.includes(f));
  const settings = settingsOf(row.frameSettings ?? {}, allowed);
  const details: Omit<BrandDetails, "logo"> = {
    name: row.businessName,
    phone: row.phoneNumber,
    whatsapp: row.whatsappNumber,
    email: row.email,
    address: row.address,
    website: row.basicDetails?.website ?? null,
    // The owner's frame colour, else their card's theme colour (a business looks like itself
    // everywhere, issue 26), darkened to the nearest shade white text reads on, as the card does.
    primaryColor: row.frameSettings?.primaryColor ?? cardColour(row.cardSettings?.themeColor),
    // Its fonts too: a theme's head font (serif, mono) is part of its look. In the details, so the
    // frame cache's key (detailsVersion) and a video's saved brand carry them.
    fonts: cardFonts(row.cardTemplate),
    cardUrl: linkOrigin && row.cardId ? `${linkOrigin}/${row.cardId}` : null,
  };
  // The business's one logo (ADR 0037): the card's uploaded logo, else the Logo link field.
  const logoUrl = businessLogo(row.basicDetails?.logoUrl, row.logoUrl);
  return { row, gate, allowed, settings, details, logoUrl, version: detailsVersion(details, settings, logoUrl ?? "") };
}

export async function getFrameSettings(db: Db, secret: string, actor: Actor, agencyId: number, businessId: number, now: Date, linkOrigin?: string) {
  const b = await brandBusiness(db, actor, agencyId, businessId, linkOrigin);
  const a = withOverride(allowance(b.row, "greetingImages", now), b.gate.dailyImageLimit);
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
    token: issueBrandToken(secret, agencyId, businessId, b.version, now),
    greetingImages: { limit: a.limit, used: downloaded.length, downloadedToday: downloaded.map((d) => d.imageId).filter((id): id is number => id !== null) },
  };
}

export async function saveFrameSettings(db: Db, secret: string, actor: Actor, agencyId: number, body: z.output<typeof frameSettingsBody>, now: Date, linkOrigin?: string) {
  const b = await brandBusiness(db, actor, agencyId, body.businessId, linkOrigin);
  if (!b.allowed.includes(body.frameName)) throw invalid(GREETING_TEXTS.frameHidden, { frameName: [GREETING_TEXTS.frameHidden] });
  const frameSettings: BusinessFrameSettings = {
    ...b.row.frameSettings,
    frameName: body.frameName,
    height: body.height,
    display: body.display,
    show: body.show,
  };
  await db.update(businesses).set({ frameSettings }).where(eq(businesses.businessId, body.businessId));
  return getFrameSettings(db, secret, actor, agencyId, body.businessId, now, linkOrigin);
}

/** Counts a download against the plan's greeting limit; the same post again the same day is free. */
async function recordDownload(db: Db, agencyId: number, businessId: number, imageId: number, mediaType: "IMAGE" | "VIDEO", now: Date, override: number | null) {
  const kind = mediaType === "VIDEO" ? "greetingVideos" : "greetingImages";
  const since = limitWindowStart(kind, now) ?? new Date(0);
  await db.transaction(async (tx) => {
    // The business lock makes two parallel downloads count one after the other.
    await lockBusiness(tx, agencyId, businessId);
    const inWindow = and(eq(imagePostDownloads.businessId, businessId), eq(imagePostDownloads.mediaType, mediaType), gte(imagePostDownloads.createdAt, since));
    const [again] = await tx.select({ id: imagePostDownloads.id }).from(imagePostDownloads).where(and(inWindow, eq(imagePostDownloads.imageId, imageId))).limit(1);
    if (again) return;
    const [{ used }] = await tx.select({ used: count() }).from(imagePostDownloads).where(inWindow);
    await assertWithinLimit(tx, { businessId, kind, now, used, override });
    await tx.insert(imagePostDownloads).values({ agencyId, businessId, imageId, mediaType, createdAt: now });
  });
}

const WIDTH = { preview: 540, full: 1080 } as const;

/** Posts seen through signed URLs, for a few seconds: a page of tiles asks for each once, then again on every visit. */
const postCache = createDbKeyedCache<string, { at: number; post: { url: string; mediaType: string } | null }>(5000);
const POST_TTL_MS = 30_000;

async function cachedVisiblePost(db: Db, s: GreetingScope, imageId: number, now: number) {
  const key = `${s.agencyId}:${imageId}`;
  const hit = postCache.get(db, key);
  if (hit && now - hit.at < POST_TTL_MS) {
    if (!hit.post) throw notFound(GREETING_TEXTS.postNotFound);
    return hit.post;
  }
  let post: { url: string; mediaType: string } | null = null;
  try {
    const p = await visiblePost(db, s, imageId);
    post = { url: p.url, mediaType: p.mediaType };
    return post;
  } finally {
    postCache.set(db, key, { at: now, post });
  }
}

type BrandedArgs = {
  db: Db;
  storage: Storage;
  secret: string;
  agency: AgencyRow;
  actor: Actor;
  imageId: number;
  query: z.output<typeof brandedQuery>;
  ifNoneMatch: string | undefined;
  now: Date;
  /** The agency host's origin, for the card link on the frame. */
  linkOrigin: string;
};

/**
 * GET /image-post/{imageId}/branded: the post with the business's frame, as image/jpeg with an
 * ETag. A URL signed for the business's current version (`v`, `t`) is served from the cache with
 * no session or business query; otherwise the caller's session decides, like every other call.
 */
export async function brandedResponse(a: BrandedArgs): Promise<Response> {
  const { db, storage, agency, actor, imageId, query, now } = a;
  const overrides = `${query.frame ?? ""}~${query.height ?? ""}~${query.display ?? ""}`;
  const signed = !query.download && !!query.v && !!query.t && checkBrandToken(a.secret, agency.id, query.businessId, query.v, query.t, now);
  let s: GreetingScope;
  let post: { url: string; mediaType: string };
  if (signed) {
    // What the agency's customers see (the token was given to someone who may see the business).
    s = greetingScope(agency, { kind: "customer", sessionId: "", userId: 0 });
    if (!s.imagesEnabled) throw notFound(GREETING_TEXTS.notEnabled);
    await assertNotPaused(db, agency, null, now);
    post = await cachedVisiblePost(db, s, imageId, now.getTime());
  } else {
    if (actor.kind === "anonymous") throw unauthorized();
    s = greetingScope(agency, actor);
    if (s.customer && !s.imagesEnabled) throw notFound(GREETING_TEXTS.notEnabled);
    await assertNotPaused(db, agency, actor, now);
    post = await visiblePost(db, s, imageId);
  }
  if (post.mediaType !== "IMAGE") throw notFound("Greeting videos are branded as videos, not images.");
  const urlTag = createHash("sha1").update(post.url).digest("base64url").slice(0, 8);
  const etagFor = (version: string) => `"${imageId}-${version}-${overrides}-${query.size}-${urlTag}"`;
  const headers = (etag: string): Record<string, string> => ({
    etag,
    // Private: the image carries the business's contact details. A signed, versioned URL never changes.
    "cache-control": signed ? "private, max-age=86400" : "private, no-cache",
    "content-type": "image/jpeg",
    ...(query.download && { "content-disposition": `attachment; filename="greeting-${imageId}.jpg"` }),
  });
  const matches = (etag: string) => !query.download && !!a.ifNoneMatch && a.ifNoneMatch.split(/\s*,\s*/).includes(etag);

  if (signed) {
    const etag = etagFor(query.v!);
    if (matches(etag)) return new Response(null, { status: 304, headers: headers(etag) });
    const hit = cachedJpeg(etag);
    if (hit) return new Response(hit as Uint8Array<ArrayBuffer>, { status: 200, headers: headers(etag) });
  }

  const b = await brandBusiness(db, signed ? null : actor, agency.id, query.businessId, a.linkOrigin);
  // A signed URL of an older version: the details changed since (a new URL has the new image).
  if (signed && b.version !== query.v) throw notFound("This image is out of date. Please reload the page.");
  const settings: FrameSettings = {
    ...b.settings,
    ...(query.frame && { frameName: query.frame }),
    ...(query.height && { height: query.height }),
    ...(query.display && { display: query.display }),
  };
  if (!b.allowed.includes(settings.frameName) && settings.display !== "only-logo") throw notFound(GREETING_TEXTS.frameHidden);
  const etag = etagFor(b.version);
  if (query.download) await recordDownload(db, agency.id, query.businessId, imageId, "IMAGE", now, b.gate.dailyImageLimit);
  if (matches(etag)) return new Response(null, { status: 304, headers: headers(etag) });
  const jpeg = await brandedJpeg({
    etag,
    post: () => readMedia(storage, post.url),
    details: b.details,
    logo: async () => (b.logoUrl ? readMedia(storage, b.logoUrl) : null),
    settings,
    version: detailsVersion(b.details, settings, b.logoUrl ?? ""),
    // This greeting's QR code names it (ADR 0068): the owner sees which greeting brought visitors.
    qrText: b.details.cardUrl ? withSource(b.details.cardUrl, { source: "greeting", greetingId: imageId }) : null,
    width: WIDTH[query.size],
  });
  if (!jpeg) throw notFound(GREETING_TEXTS.postNotFound);
  return new Response(jpeg as Uint8Array<ArrayBuffer>, { status: 200, headers: headers(etag) });
}

/** The frame alone as a PNG (the video page lays it over the playing video), with the card's link and QR code as the video gets them. */
export async function overlayResponse(db: Db, storage: Storage, actor: Actor, agencyId: number, businessId: number, width: number, height: number, linkOrigin: string) {
  const b = await brandBusiness(db, actor, agencyId, businessId, linkOrigin);
  const logo = b.logoUrl ? await readMedia(storage, b.logoUrl) : null;
  const png = await renderFrameOverlay({ details: { ...b.details, logo }, settings: b.settings, width, height });
  return new Response(new Uint8Array(png), { status: 200, headers: { "content-type": "image/png", etag: `"${b.version}-${width}x${height}"`, "cache-control": "private, no-cache" } });
}
