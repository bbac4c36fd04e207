import crypto from "node:crypto";
import { isbot } from "isbot";
import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { clearRateLimit, hitRateLimit } from "#server/auth/rate-limit.ts";
import { feedback } from "#server/db/schema/business.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { badRequest, notFound } from "#server/api/lib/errors.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import type { AgencyRow, ApiContext, Deps } from "#server/api/lib/env.ts";
import { requestMeta } from "#server/api/lib/request-meta.ts";
import { onCardChanged } from "#server/domain/card-events.ts";
import { cardStats, type StatKind } from "#server/services/card-stats.ts";
import { qrCode, type QrFormat } from "#server/services/qr.ts";
import { ogImage } from "#server/services/og-image.ts";
import { buildVCard } from "#server/services/vcard.ts";
import { checkFormToken, issueFormToken } from "./form-token.ts";
import { findPublicCard, stateOf, toPublicCard, type PublicCardRow } from "./load.ts";
import { contactPhoto, readLocalUpload } from "./logo.ts";
import { vcardTel } from "#contracts/phone.ts";
import { ENQUIRY_MESSAGES } from "#contracts/constants.ts";
import { TAP_KINDS } from "#contracts/enums.ts";
import { cardIdParam, enquiryFormSchema, publicCardResponse } from "#contracts/public-card.ts";

const tag = "Public card";
const file = z.unknown();

/** The link people share: the host the visitor used (the agency's) + /{cardId}. */
function publicUrlOf(c: ApiContext, deps: Deps, cardId: string) {
  const meta = requestMeta(c, deps.config);
  return `${meta.secure ? "https" : "http"}://${meta.host}/${cardId}`;
}

/** The card if visitors may see it; anything else (unknown, paused, expired, deleted) is a 404 here. */
async function liveCard(deps: Deps, agency: AgencyRow, cardId: string): Promise<PublicCardRow> {
  const row = await findPublicCard(deps.db, agency.id, cardId);
  if (!row || stateOf(row, deps.now()) !== "live") throw notFound("This card is not available.");
  return row;
}

const notModified = (c: ApiContext, etag: string) => c.req.header("if-none-match")?.split(/\s*,\s*/).includes(etag);

/* ---- Counting (views, taps, saves) ---- */

/** cardId → card number, for the beacon and tap pings (no database read per view). */
const refs = new Map<string, { at: number; ref: { cardNo: number; agencyId: number } | null }>();
const REF_TTL_MS = 60_000;
onCardChanged(({ agencyId, cardId }) => refs.delete(`${agencyId}:${cardId}`));

async function cardRef(deps: Deps, agencyId: number, cardId: string) {
  const key = `${agencyId}:${cardId}`;
  const hit = refs.get(key);
  if (hit && Date.now() - hit.at < REF_TTL_MS) return hit.ref;
  const row = await findPublicCard(deps.db, agencyId, cardId);
  const ref = row && !row.card.deletedAt ? { cardNo: row.card.cardNo, agencyId } : null;
  if (refs.size > 5000) refs.clear();
  refs.set(key, { at: Date.now(), ref });
  return ref;
}

function count(c: ApiContext, deps: Deps, ref: { cardNo: number; agencyId: number }, kind: StatKind) {
  // Crawlers and link-preview bots are not visitors.
  const ua = c.req.header("user-agent");
  if (ua && isbot(ua)) return;
  cardStats(deps.db, { now: deps.now, logger: deps.logger }).add(ref, kind);
}

const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (ch) => ch.charCodeAt(0));

/* ---- Routes ---- */

export const getPublicCard = defineRoute({
  method: "get",
  path: "/public-card/{cardId}",
  tag,
  summary: "A public card as its page renders it, with its state (live, inactive, expired, deleted); unknown ids are 404.",
  access: access.public,
  params: cardIdParam,
  response: publicCardResponse,
  async handler({ c, deps, agency, params }) {
    const row = await findPublicCard(deps.db, agency.id, params.cardId);
    if (!row) throw notFound("We could not find this card.");
    const now = deps.now();
    const state = stateOf(row, now);
    const live = state === "live";
    const branding = agency.configuration.branding ?? {};
    return {
      state,
      cardId: row.card.cardId,
      publicUrl: publicUrlOf(c, deps, row.card.cardId),
      agency: { name: agency.agencyName, logoUrl: branding.logoUrl ?? null, primaryColor: branding.primaryColor ?? null },
      businessName: state === "deleted" ? null : row.card.basicDetails.companyName?.trim() || row.business.businessName,
      card: live ? toPublicCard(row) : null,
      enquiryToken: live ? issueFormToken(deps.config.sessionSecret, row.card.cardNo, now) : null,
    };
  },
});

export const sendEnquiry = defineRoute({
  method: "post",
  path: "/public-card/{cardId}/enquiry",
  tag,
  summary: "A visitor's enquiry or feedback to the card's owner (spam-checked, rate-limited, double submits ignored).",
  access: access.public,
  params: cardIdParam,
  body: enquiryFormSchema,
  response: z.object({ sent: z.literal(true) }),
  async handler({ c, deps, agency, params, body }) {
    const row = await findPublicCard(deps.db, agency.id, params.cardId);
    if (!row) throw notFound("We could not find this card.");
    if (stateOf(row, deps.now()) !== "live") throw notFound(ENQUIRY_MESSAGES.closed);
    // A filled honeypot looks like success to the bot, and nothing is stored.
    if (body.website?.trim()) return { sent: true as const };
    const token = checkFormToken(deps.config.sessionSecret, row.card.cardNo, body.token, deps.now());
    if (token === "too-fast") throw badRequest(ENQUIRY_MESSAGES.tooFast);
    if (token !== "ok") throw badRequest(ENQUIRY_MESSAGES.expired);
    // Per address: generous, since mobile networks put many phones behind one address (CGNAT).
    await enforceLimit(c, { key: `enquiry:ip:${c.get("clientIp")}`, limit: 10, windowSeconds: 10 * 60, message: ENQUIRY_MESSAGES.rateLimited });
    await enforceLimit(c, { key: `enquiry:card:${row.card.cardNo}`, limit: 30, windowSeconds: 60 * 60, message: ENQUIRY_MESSAGES.rateLimited });

    // The same message twice within 10 minutes (a double tap, a resent form) is stored once.
    const values = {
      agencyId: agency.id,
      businessId: row.business.businessId,
      cardNo: row.card.cardNo,
      kind: body.kind,
      name: body.name,
      phoneNumber: body.phoneNumber ?? null,
      email: body.email ?? null,
      message: body.message,
    };
    const fingerprint = crypto.createHash("sha256").update(JSON.stringify(values)).digest("base64url");
    const dedupeKey = `enquiry:dup:${fingerprint}`;
    const first = await hitRateLimit(deps.db, dedupeKey, 1, 10 * 60, deps.now());
    if (first.allowed) {
      try {
        await deps.db.insert(feedback).values(values);
      } catch (err) {
        await clearRateLimit(deps.db, dedupeKey);
        throw err;
      }
    }
    return { sent: true as const };
  },
});

export const downloadVCard = defineRoute({
  method: "get",
  path: "/public-card/{cardId}/vcard",
  tag,
  summary: "Save contact: the card as a vCard 3.0 file ({cardId}.vcf). Counts a save.",
  access: access.public,
  params: cardIdParam,
  response: file,
  raw: true,
  async handler({ c, deps, agency, params }) {
    const row = await liveCard(deps, agency, params.cardId);
    const card = toPublicCard(row);
    const b = card.basic;
    const tel = (n: string | undefined) => (n ? [vcardTel(n)] : []);
    const extra = (type: string) => b.contactFields.filter((f) => f.type === type).map((f) => f.value);
    const vcard = buildVCard({
      name: b.name,
      organisation: b.companyName,
      title: b.designation,
      phones: [b.phoneNumber, b.alternatePhoneNumber, b.whatsappNumber, ...extra("tel")].flatMap(tel),
      emails: [b.email, ...extra("email")].filter((e): e is string => !!e),
      address: b.address,
      urls: [publicUrlOf(c, deps, row.card.cardId), b.website, ...extra("url")].filter((u): u is string => !!u),
      note: b.tagline,
      photoJpeg: (await contactPhoto(deps.config.dataDir, card.logoUrl ?? card.profileImageUrl)) ?? undefined,
    });
    count(c, deps, { cardNo: row.card.cardNo, agencyId: agency.id }, "saves");
    return c.body(vcard, 200, {
      "content-type": "text/vcard; charset=utf-8",
      "content-disposition": `attachment; filename="${row.card.cardId}.vcf"`,
      "cache-control": "no-store",
    });
  },
});

const qrQuery = z.object({ download: q.bool().optional() });

function qrRoute<const F extends QrFormat>(format: F) {
  return defineRoute({
    method: "get",
    path: `/public-card/{cardId}/qr.${format}`,
    tag,
    summary: `A QR code (${format.toUpperCase()}) of the card's public link; ?download=true saves it as a file.`,
    access: access.public,
    params: cardIdParam,
    query: qrQuery,
    response: file,
    raw: true,
    async handler({ c, deps, agency, params, query }) {
      const row = await liveCard(deps, agency, params.cardId);
      const image = await qrCode(publicUrlOf(c, deps, row.card.cardId), format);
      // A link's QR code never changes: browsers and proxies may keep it for a year.
      const headers: Record<string, string> = { etag: image.etag, "cache-control": "public, max-age=31536000, immutable" };
      if (notModified(c, image.etag)) return c.body(null, 304, headers);
      headers["content-type"] = image.contentType;
      if (query.download) headers["content-disposition"] = `attachment; filename="${row.card.cardId}-qr.${format}"`;
      return c.body(image.body, 200, headers);
    },
  });
}

export const qrPng = qrRoute("png");
export const qrSvg = qrRoute("svg");

export const openGraphImage = defineRoute({
  method: "get",
  path: "/public-card/{cardId}/og.jpg",
  tag,
  summary: "The card's link-preview picture (og:image): 1200×630 JPEG.",
  access: access.public,
  params: cardIdParam,
  response: file,
  raw: true,
  async handler({ c, deps, agency, params }) {
    const row = await liveCard(deps, agency, params.cardId);
    const card = toPublicCard(row);
    const b = card.basic;
    const image = await ogImage({
      title: b.companyName,
      subtitle: [b.name, b.designation].filter(Boolean).join(" · ") || undefined,
      tagline: b.tagline,
      footer: publicUrlOf(c, deps, row.card.cardId).replace(/^https?:\/\//, ""),
      themeColor: card.themeColor,
      logo: await readLocalUpload(deps.config.dataDir, card.logoUrl),
    });
    // Short browser cache: an edited card gets a new picture (and ETag) within the hour.
    const headers = { etag: image.etag, "cache-control": "public, max-age=3600" };
    if (notModified(c, image.etag)) return c.body(null, 304, headers);
    return c.body(image.body, 200, { ...headers, "content-type": "image/jpeg" });
  },
});

export const viewBeacon = defineRoute({
  method: "get",
  path: "/public-card/{cardId}/view.gif",
  tag,
  summary: "Counts one view: a 1×1 image the card page loads (bots and cached HTML don't count).",
  access: access.public,
  params: cardIdParam,
  response: file,
  raw: true,
  async handler({ c, deps, agency, params }) {
    const ref = await cardRef(deps, agency.id, params.cardId);
    if (ref) count(c, deps, ref, "views");
    return c.body(PIXEL, 200, { "content-type": "image/gif", "cache-control": "no-store" });
  },
});

export const recordTap = defineRoute({
  method: "post",
  path: "/public-card/{cardId}/tap",
  tag,
  summary: "Counts one tap on a card's call, WhatsApp, email, map, UPI or link button (sent by the link's `ping`).",
  access: access.public,
  params: cardIdParam,
  query: z.object({ kind: z.enum(TAP_KINDS, { error: `kind must be one of ${TAP_KINDS.join(", ")}.` }) }),
  response: file,
  raw: true,
  async handler({ c, deps, agency, params }) {
    const ref = await cardRef(deps, agency.id, params.cardId);
    if (ref) count(c, deps, ref, "taps");
    return c.body(null, 204, { "cache-control": "no-store" });
  },
});

export const publicCardRoutes = [getPublicCard, sendEnquiry, downloadVCard, qrPng, qrSvg, openGraphImage, viewBeacon, recordTap] as const;
