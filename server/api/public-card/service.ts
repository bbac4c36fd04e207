import crypto from "node:crypto";
import { isbot } from "isbot";
import type { Db } from "#server/db/client.ts";
import { feedback } from "#server/db/schema/business.ts";
import { clearRateLimit, hitRateLimit } from "#server/auth/rate-limit.ts";
import { notFound } from "#server/api/lib/errors.ts";
import type { AgencyRow, Deps } from "#server/api/lib/env.ts";
import { onCardChanged } from "#server/domain/card-events.ts";
import { createDbKeyedCache } from "#server/db/db-keyed-cache.ts";
import { cardStats, type StatKind } from "#server/services/card-stats.ts";
import { ogImage } from "#server/services/og-image.ts";
import { buildVCard } from "#server/services/vcard.ts";
import { offlineContactVCard } from "#server/services/offline-contact.ts";
import { upiHref } from "#contracts/format.ts";
import type { SourceEvent, SourceRef } from "#contracts/card-sources.ts";
import { findPublicCard, stateOf, toPublicCard, type PublicCardRow } from "./load.ts";
import { contactPhoto, readLocalUpload } from "./logo.ts";
import { issueFormToken } from "./form-token.ts";
import { inLanguage, secondLanguageNames } from "./second-language.ts";
import type { Language } from "#contracts/i18n/languages.ts";
import { vcardTel } from "#contracts/phone.ts";
import type { EnquiryForm } from "#contracts/public-card.ts";
import { currentCardIdFor } from "#server/api/cards/service.ts";
import { notices, notifyAdmins } from "#server/api/notifications/service.ts";
import { brandingOf } from "#server/api/ui-customisation/service.ts";
import { linkIconsOf } from "#server/api/link-store/service.ts";
import { categoryPageFor } from "#server/api/category-static-page/service.ts";
import { queueEnquiryAlerts } from "#server/api/messages/service.ts";

/** The card if visitors may see it; anything else (unknown, paused, expired, deleted) is a 404 here. */
export async function liveCard(db: Db, agencyId: number, cardId: string, now: Date): Promise<PublicCardRow> {
  const row = await findPublicCard(db, agencyId, cardId);
  if (!row || stateOf(row, now) !== "live") throw notFound("This card is not available.");
  return row;
}

/** The card that used `oldId` before it changed its link (ADR 0012), or null. */
export async function findMovedCard(db: Db, agencyId: number, oldId: string) {
  const current = await currentCardIdFor(db, agencyId, oldId);
  return current ? findPublicCard(db, agencyId, current) : null;
}

/* ---- Counting (views, taps, saves) ---- */

type CardRef = { cardNo: number; agencyId: number; businessId: number };

/** cardId → card number, for the beacon and tap pings (no database read per view). */
const refs = createDbKeyedCache<string, { at: number; ref: CardRef | null }>(5000);
const REF_TTL_MS = 60_000;
onCardChanged(({ agencyId, cardId }) => refs.delete(`${agencyId}:${cardId}`));

export async function cardRef(db: Db, agencyId: number, cardId: string) {
  const key = `${agencyId}:${cardId}`;
  const hit = refs.get(db, key);
  if (hit && Date.now() - hit.at < REF_TTL_MS) return hit.ref;
  const row = await findPublicCard(db, agencyId, cardId);
  const ref = row && !row.card.deletedAt ? { cardNo: row.card.cardNo, agencyId, businessId: row.business.businessId } : null;
  refs.set(db, key, { at: Date.now(), ref });
  return ref;
}

/**
 * One view, tap or save; crawlers and link-preview bots are not visitors. `bySource` also counts
 * it by where the visitor came from (ADR 0068), in the same batch: no write on the request.
 */
export function countVisit(
  deps: Pick<Deps, "db" | "now" | "logger">,
  ref: CardRef,
  kind: StatKind | null,
  userAgent: string | undefined,
  bySource?: { from: SourceRef; event: SourceEvent },
) {
  if (userAgent && isbot(userAgent)) return;
  const stats = cardStats(deps.db, { now: deps.now, logger: deps.logger });
  if (kind) stats.add(ref, kind);
  if (bySource) stats.addSource(ref, bySource.from, bySource.event);
}

/* ---- Enquiries ---- */

/** Stores a visitor's message; the same message twice within 10 minutes (a double tap, a resent form) is stored once. */
export async function storeEnquiry(deps: Pick<Deps, "db" | "queue" | "now" | "config" | "logger">, agencyId: number, row: PublicCardRow, body: EnquiryForm, from?: SourceRef) {
  const { db } = deps;
  const now = deps.now();
  const values = {
    agencyId,
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
  const first = await hitRateLimit(db, dedupeKey, 1, 10 * 60, now);
  if (!first.allowed) return;
  try {
    // The staff's notice is written with the enquiry, or neither is.
    await db.transaction(async (tx) => {
      const [stored] = await tx.insert(feedback).values(values).returning({ id: feedback.id });
      const about = { feedbackId: stored.id, businessId: values.businessId, businessName: row.business.businessName, name: body.name, kind: body.kind };
      await notifyAdmins(tx, agencyId, notices.enquiry(about), now);
      // The owner hears at once (ADR 0053): queued with the enquiry, or neither.
      if (deps.queue) await queueEnquiryAlerts(deps, tx, { agencyId, feedbackId: stored.id, businessId: values.businessId, businessName: row.business.businessName, visitor: body });
    });
  } catch (err) {
    await clearRateLimit(db, dedupeKey);
    throw err;
  }
  if (from) countVisit(deps, { cardNo: row.card.cardNo, agencyId, businessId: row.business.businessId }, null, undefined, { from, event: "enquiry" });
}

/* ---- Files made from a card ---- */

/** Save contact: the card as a vCard 3.0. */
export async function cardVCard(row: PublicCardRow, publicUrl: string, dataDir: string) {
  const card = toPublicCard(row);
  const b = card.basic;
  const tel = (n: string | undefined) => (n ? [vcardTel(n)] : []);
  const extra = (type: string) => b.contactFields.filter((f) => f.type === type).map((f) => f.value);
  return buildVCard({
    name: b.name,
    organisation: b.companyName,
    title: b.designation,
    phones: [b.phoneNumber, b.alternatePhoneNumber, b.whatsappNumber, ...extra("tel")].flatMap(tel),
    emails: [b.email, ...extra("email")].filter((e): e is string => !!e),
    address: b.address,
    urls: [publicUrl, b.website, ...extra("url")].filter((u): u is string => !!u),
    note: b.tagline,
    nicknames: secondLanguageNames(row.card.secondLanguage),
    photoJpeg: (await contactPhoto(dataDir, card.logoUrl ?? card.profileImageUrl)) ?? undefined,
  });
}

/**
 * The offline share kit's two QR payloads (ADR 0062): the contact as a short vCard (with the UPI
 * link as a second URL) and the UPI link itself, null when the card has no UPI id.
 */
export function offlineShareKit(row: PublicCardRow, publicUrl: string) {
  const card = toPublicCard(row);
  const b = card.basic;
  const upi = card.payment.upiId ? upiHref(card.payment.upiId, card.payment.upiName ?? b.companyName) : null;
  const contact = offlineContactVCard({
    name: b.name,
    organisation: b.companyName,
    title: b.designation,
    phones: [b.phoneNumber, b.whatsappNumber, b.alternatePhoneNumber].filter((n): n is string => !!n).map(vcardTel),
    email: b.email,
    cardUrl: publicUrl,
    upiUrl: upi,
  });
  return { card, contact, upi };
}

/**
 * The share kit of a business's card for its owner (ADR 0062): null when the card is deleted.
 * A paused or expired card still gets its poster (the contact is the owner's to print).
 */
export async function shareKitOfCard(db: Db, agencyId: number, cardId: string, publicUrl: string, now: Date) {
  const row = await findPublicCard(db, agencyId, cardId);
  if (!row) return null;
  const state = stateOf(row, now);
  if (state === "deleted") return null;
  return { ...offlineShareKit(row, publicUrl), live: state === "live" };
}

/** The card's link-preview picture (og:image). */
export async function cardOgImage(row: PublicCardRow, publicUrl: string, dataDir: string) {
  const card = toPublicCard(row);
  const b = card.basic;
  return ogImage({
    title: b.companyName,
    subtitle: [b.name, b.designation].filter(Boolean).join(" · ") || undefined,
    tagline: b.tagline,
    footer: publicUrl.replace(/^https?:\/\//, ""),
    themeColor: card.themeColor,
    logo: await readLocalUpload(dataDir, card.logoUrl),
  });
}

/**
 * GET /public-card/{cardId}: a card as its page renders it, with its state; a card's old id
 * answers with the card under its current id. `publicUrl` makes the shared link on the host the
 * visitor used.
 */
export async function publicCardView(deps: Pick<Deps, "db" | "now" | "config">, agency: AgencyRow, cardId: string, publicUrl: (cardId: string) => string, lang?: Language) {
  const row = await findPublicCard(deps.db, agency.id, cardId) ?? (await findMovedCard(deps.db, agency.id, cardId));
  if (!row) throw notFound("We could not find this card.");
  const now = deps.now();
  const state = stateOf(row, now);
  const live = state === "live";
  const branding = await brandingOf(deps.db, agency);
  const [linkIcons, categoryPage] = live
    ? await Promise.all([linkIconsOf(deps.db, row.card.links), categoryPageFor(deps.db, agency.id, row.business)])
    : [{}, null];
  // The owner's texts in the asked language when the card has it (ADR 0075).
  const shown = live ? inLanguage(toPublicCard(row, linkIcons), row.card.secondLanguage, lang) : { card: null, languages: null };
  return {
    state,
    cardId: row.card.cardId,
    publicUrl: publicUrl(row.card.cardId),
    agency: { name: branding.name, logoUrl: branding.logoUrl, primaryColor: branding.primaryColor },
    businessName: state === "deleted" ? null : row.card.basicDetails.companyName?.trim() || row.business.businessName,
    card: shown.card,
    languages: shown.languages,
    enquiryToken: live ? issueFormToken(deps.config.sessionSecret, row.card.cardNo, now) : null,
    categoryPage,
  };
}

/** The card's logo or photo, small, for other domains' drawings (the editor's theme thumbnails, ADR 0070). */
export { contactPhoto as smallCardPhoto } from "./logo.ts";
