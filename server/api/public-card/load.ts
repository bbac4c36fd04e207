import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { cardState } from "#contracts/card-state.ts";
import { youtubeVideoId } from "#contracts/cards.ts";
import { CARD_SECTIONS, SECTION_TITLE_OPTIONS, type CardSection, type PublicCardState } from "#contracts/enums.ts";
import type { PublicCard } from "#contracts/public-card.ts";
import { safeColor } from "#contracts/format.ts";

/**
 * One public card by its id on an agency's host, and whether visitors may see it (ADR 0008):
 * - deleted: the card or its business is soft-deleted (410; nothing of it is shown);
 * - inactive: the card's status is 'inactive' (the owner or an admin paused it);
 * - expired: the business's plan has run out (cardState 'expired': an expiry date in the
 *   past, whatever the paid flag says). A business that never had an expiry date (new, not
 *   yet paid) stays live, so an owner can share the card while deciding on a plan;
 * - live otherwise. Checked in that order.
 */
/** Only what the page and the state need (the whole two rows cost ~5× more to read on PGlite). */
const columns = {
  card: {
    cardNo: cards.cardNo,
    cardId: cards.cardId,
    template: cards.template,
    status: cards.status,
    deletedAt: cards.deletedAt,
    basicDetails: cards.basicDetails,
    paymentOptions: cards.paymentOptions,
    youtubeVideos: cards.youtubeVideos,
    gallery: cards.gallery,
    aboutUs: cards.aboutUs,
    products: cards.products,
    links: cards.links,
    settings: cards.settings,
  },
  business: {
    businessId: businesses.businessId,
    businessName: businesses.businessName,
    phoneNumber: businesses.phoneNumber,
    logoUrl: businesses.logoUrl,
    paymentStatus: businesses.paymentStatus,
    expiryDateForCustomer: businesses.expiryDateForCustomer,
    deletedAt: businesses.deletedAt,
  },
};

export async function findPublicCard(db: Db, agencyId: number, cardId: string) {
  const [row] = await db
    .select(columns)
    .from(cards)
    .innerJoin(businesses, eq(businesses.businessId, cards.businessId))
    .where(and(eq(cards.agencyId, agencyId), eq(cards.cardId, cardId)))
    .limit(1);
  return row ?? null;
}

export type PublicCardRow = NonNullable<Awaited<ReturnType<typeof findPublicCard>>>;

export function stateOf({ card, business }: PublicCardRow, now: Date): PublicCardState {
  if (card.deletedAt || business.deletedAt) return "deleted";
  // The one card state (contracts/card-state.ts): the badges in the panel say the same.
  const { state } = cardState({ ...business, cardStatus: card.status }, now);
  return state === "inactive" || state === "expired" ? state : "live";
}

const present = (s: string | undefined | null): s is string => typeof s === "string" && s.trim() !== "";
const clean = (s: string | undefined | null) => (present(s) ? s.trim() : undefined);

/** The card as the page renders it: only what visitors see, sections in the owner's order. */
export function toPublicCard({ card, business }: PublicCardRow): PublicCard {
  const b = card.basicDetails;
  const s = card.settings;
  const about = {
    description: clean(card.aboutUs.description),
    establishedYear: card.aboutUs.establishedYear ?? undefined,
    specialities: (card.aboutUs.specialities ?? []).filter(present),
  };
  const payment = {
    upiId: clean(card.paymentOptions.upiId),
    upiName: clean(card.paymentOptions.upiName),
    qrCodeUrl: clean(card.paymentOptions.qrCodeUrl),
    bankAccounts: (card.paymentOptions.bankAccounts ?? []).map((a) => ({
      accountName: a.accountName,
      accountNumber: a.accountNumber,
      ifsc: a.ifsc,
      bankName: clean(a.bankName),
      branch: clean(a.branch),
    })),
  };
  const videos = (card.youtubeVideos.videos ?? []).map((v) => ({ url: v.url, title: clean(v.title), youtubeId: youtubeVideoId(v.url) }));
  const gallery = (card.gallery.images ?? []).map((i) => ({ url: i.url, caption: clean(i.caption) }));
  const products = (card.products.items ?? []).map((p) => ({
    name: p.name,
    description: clean(p.description),
    price: typeof p.price === "number" ? p.price : null,
    imageUrl: clean(p.imageUrl),
  }));
  const links = (card.links.items ?? []).filter((l) => present(l.url)).map((l) => ({ label: l.label || l.url, url: l.url }));

  const hasContent: Record<CardSection, boolean> = {
    about: !!(about.description || about.establishedYear || about.specialities.length),
    links: links.length > 0,
    products: products.length > 0,
    gallery: gallery.length > 0,
    videos: videos.length > 0,
    paymentOptions: !!(payment.upiId || payment.bankAccounts.length || payment.qrCodeUrl),
    feedback: true,
    enquiry: true,
  };
  const ownTitle: Partial<Record<CardSection, string | undefined>> = {
    about: card.aboutUs.title,
    links: card.links.title,
    products: card.products.title,
    gallery: card.gallery.title,
    videos: card.youtubeVideos.title,
  };
  // The owner's order first, then any section it leaves out, in the default order.
  const order = [...new Set([...(s.sectionOrder ?? []), ...CARD_SECTIONS])].filter((k) => CARD_SECTIONS.includes(k));
  const hidden = new Set(s.hiddenSections ?? []);
  const sections = order
    .filter((key) => !hidden.has(key) && hasContent[key])
    .map((key) => ({ key, title: clean(s.sectionTitles?.[key]) ?? clean(ownTitle[key]) ?? SECTION_TITLE_OPTIONS[key][0] }));

  return {
    template: card.template,
    themeColor: safeColor(s.themeColor),
    showSaveContact: s.showSaveContact !== false,
    showShareButton: s.showShareButton !== false,
    logoUrl: clean(b.logoUrl) ?? clean(business.logoUrl) ?? null,
    profileImageUrl: clean(b.profileImageUrl) ?? null,
    coverImageUrl: clean(b.coverImageUrl) ?? null,
    basic: {
      name: clean(b.name),
      designation: clean(b.designation),
      companyName: clean(b.companyName) ?? business.businessName,
      tagline: clean(b.tagline),
      phoneNumber: clean(b.phoneNumber) ?? clean(business.phoneNumber),
      alternatePhoneNumber: clean(b.alternatePhoneNumber),
      whatsappNumber: clean(b.whatsappNumber),
      email: clean(b.email),
      website: clean(b.website),
      address: clean(b.address),
      mapLink: clean(b.mapLink),
      contactFields: (b.contactFields ?? []).filter((f) => present(f.value)).map((f) => ({ type: f.type, label: f.label, value: f.value })),
    },
    sections,
    about,
    payment,
    videos,
    gallery,
    products,
    links,
  };
}
