import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { badRequest, notFound } from "#server/api/lib/errors.ts";
import { enforceLimit } from "#server/api/lib/limits.ts";
import type { AgencyRow, ApiContext, Deps } from "#server/api/lib/env.ts";
import { requestOrigin } from "#server/api/lib/request-meta.ts";
import { qrCode, type QrFormat } from "#server/services/qr.ts";
import { checkFormToken } from "./form-token.ts";
import { findPublicCard, stateOf } from "./load.ts";
import { cardOgImage, cardRef, cardVCard, countVisit, liveCard, offlineShareKit, publicCardView, storeEnquiry } from "./service.ts";
import { ENQUIRY_MESSAGES } from "#contracts/constants.ts";
import { TAP_KINDS } from "#contracts/enums.ts";
import { LANGUAGES, negotiateLanguage } from "#contracts/i18n/languages.ts";
import { cardIdParam, cardSourceQuery, enquiryFormSchema, publicCardResponse } from "#contracts/public-card.ts";
import { parseSource, withSource, type SourceEvent } from "#contracts/card-sources.ts";
import { currentCardIdFor } from "#server/api/cards/service.ts";

const tag = "Public card";
const file = z.unknown();

/** The link people share: the host the visitor used (the agency's) + /{cardId}. */
function publicUrlOf(c: ApiContext, deps: Deps, cardId: string) {
  return `${requestOrigin(c, deps.config)}/${cardId}`;
}

/** A file route asked by a card's old id: 301 to the same file under its current id, query kept (ADR 0012). */
async function redirectIfMoved(c: ApiContext, deps: Deps, agency: AgencyRow, cardId: string) {
  if (await findPublicCard(deps.db, agency.id, cardId)) return null;
  const current = await currentCardIdFor(deps.db, agency.id, cardId);
  if (!current) return null;
  const url = new URL(c.req.url);
  const path = url.pathname.replace(`/public-card/${encodeURIComponent(cardId)}/`, `/public-card/${current}/`);
  return c.redirect(`${path}${url.search}`, 301);
}

const notModified = (c: ApiContext, etag: string) => c.req.header("if-none-match")?.split(/\s*,\s*/).includes(etag);

/** A QR image with its ETag (304 when the browser has it), saved as `downloadName` when asked. */
function qrFile(c: ApiContext, image: Awaited<ReturnType<typeof qrCode>>, cacheControl: string, downloadName: string | null) {
  const headers: Record<string, string> = { etag: image.etag, "cache-control": cacheControl };
  if (notModified(c, image.etag)) return c.body(null, 304, headers);
  headers["content-type"] = image.contentType;
  if (downloadName) headers["content-disposition"] = `attachment; filename="${downloadName}"`;
  return c.body(image.body, 200, headers);
}

const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (ch) => ch.charCodeAt(0));

/* ---- Routes ---- */

export const getPublicCard = defineRoute({
  method: "get",
  path: "/public-card/{cardId}",
  tag,
  summary:
    "A public card as its page renders it, with its state (live, inactive, expired, deleted); unknown ids are 404. A card's old id answers with the card under its current `cardId` (the page redirects there).",
  access: access.public,
  params: cardIdParam,
  // The page's language (its ?lang=, else the browser's Accept-Language): the owner's second-language texts when the card has them (ADR 0075).
  query: z.object({ lang: z.enum(LANGUAGES).optional() }),
  response: publicCardResponse,
  handler: ({ c, deps, agency, params, query }) => publicCardView(deps, agency, params.cardId, (cardId) => publicUrlOf(c, deps, cardId), query.lang ?? negotiateLanguage(c.req.header("accept-language")) ?? undefined),
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
    await storeEnquiry(deps, agency.id, row, body, parseSource(body.src));
    return { sent: true as const };
  },
});

export const downloadVCard = defineRoute({
  method: "get",
  path: "/public-card/{cardId}/vcard",
  tag,
  summary: "Save contact: the card as a vCard 3.0 file ({cardId}.vcf). Counts a save (by the link's source, `src`).",
  access: access.public,
  params: cardIdParam,
  query: cardSourceQuery,
  response: file,
  raw: true,
  async handler({ c, deps, agency, params, query }) {
    const moved = await redirectIfMoved(c, deps, agency, params.cardId);
    if (moved) return moved;
    const row = await liveCard(deps.db, agency.id, params.cardId, deps.now());
    const vcard = await cardVCard(row, publicUrlOf(c, deps, row.card.cardId), deps.config.dataDir);
    countVisit(deps, { cardNo: row.card.cardNo, agencyId: agency.id, businessId: row.business.businessId }, "saves", c.req.header("user-agent"), { from: parseSource(query.src), event: "save" });
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
      const moved = await redirectIfMoved(c, deps, agency, params.cardId);
      if (moved) return moved;
      const row = await liveCard(deps.db, agency.id, params.cardId, deps.now());
      // A scan is attributed (ADR 0068): the printed or shown code carries ?src=qr.
      const image = await qrCode(withSource(publicUrlOf(c, deps, row.card.cardId), "qr"), format);
      // A link's QR code never changes: browsers and proxies may keep it for a year.
      return qrFile(c, image, "public, max-age=31536000, immutable", query.download ? `${row.card.cardId}-qr.${format}` : null);
    },
  });
}

export const qrPng = qrRoute("png");
export const qrSvg = qrRoute("svg");

/**
 * The offline share kit (ADR 0062): the contact itself (a short vCard 3.0) or the UPI link as a
 * QR code, readable by a phone with no data. It changes when the card does: revalidated by ETag.
 */
function offlineQrRoute<const K extends "contact" | "upi", const F extends QrFormat>(kind: K, format: F) {
  return defineRoute({
    method: "get",
    path: `/public-card/{cardId}/${kind}-qr.${format}`,
    tag,
    summary:
      kind === "contact"
        ? `A QR code (${format.toUpperCase()}) holding the card's contact as a vCard 3.0 (name, phones, e-mail, links, UPI link): saved by a phone's camera without internet.`
        : `A QR code (${format.toUpperCase()}) of the card's UPI payment link (upi://pay), for any UPI app's scanner; 404 when the card has no UPI id.`,
    access: access.public,
    params: cardIdParam,
    query: qrQuery,
    response: file,
    raw: true,
    async handler({ c, deps, agency, params, query }) {
      const moved = await redirectIfMoved(c, deps, agency, params.cardId);
      if (moved) return moved;
      const row = await liveCard(deps.db, agency.id, params.cardId, deps.now());
      const kit = offlineShareKit(row, publicUrlOf(c, deps, row.card.cardId));
      const text = kind === "contact" ? kit.contact : kit.upi;
      if (!text) throw notFound("This card has no UPI id.");
      return qrFile(c, await qrCode(text, format), "public, no-cache", query.download ? `${row.card.cardId}-${kind}-qr.${format}` : null);
    },
  });
}

export const contactQrPng = offlineQrRoute("contact", "png");
export const contactQrSvg = offlineQrRoute("contact", "svg");
export const upiQrPng = offlineQrRoute("upi", "png");
export const upiQrSvg = offlineQrRoute("upi", "svg");

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
    const moved = await redirectIfMoved(c, deps, agency, params.cardId);
    if (moved) return moved;
    const row = await liveCard(deps.db, agency.id, params.cardId, deps.now());
    const image = await cardOgImage(row, publicUrlOf(c, deps, row.card.cardId), deps.config.dataDir);
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
  summary: "Counts one view: a 1×1 image the card page loads (bots and cached HTML don't count), by the link's source (`src`).",
  access: access.public,
  params: cardIdParam,
  query: cardSourceQuery,
  response: file,
  raw: true,
  async handler({ c, deps, agency, params, query }) {
    const ref = await cardRef(deps.db, agency.id, params.cardId);
    if (ref) countVisit(deps, ref, "views", c.req.header("user-agent"), { from: parseSource(query.src), event: "visit" });
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
  query: cardSourceQuery.extend({ kind: z.enum(TAP_KINDS, { error: `kind must be one of ${TAP_KINDS.join(", ")}.` }) }),
  response: file,
  raw: true,
  async handler({ c, deps, agency, params, query }) {
    const ref = await cardRef(deps.db, agency.id, params.cardId);
    // Calls and WhatsApp taps are also counted by source (ADR 0068); the other taps only in total.
    const event: SourceEvent | null = query.kind === "call" || query.kind === "whatsapp" ? query.kind : null;
    if (ref) countVisit(deps, ref, "taps", c.req.header("user-agent"), event ? { from: parseSource(query.src), event } : undefined);
    return c.body(null, 204, { "cache-control": "no-store" });
  },
});

export const publicCardRoutes = [getPublicCard, sendEnquiry, downloadVCard, qrPng, qrSvg, contactQrPng, contactQrSvg, upiQrPng, upiQrSvg, openGraphImage, viewBeacon, recordTap] as const;
