import type {
  CardAboutUs,
  CardBasicDetails,
  CardGallery,
  CardLinks,
  CardPaymentOptions,
  CardProducts,
  CardSettings,
  CardYoutubeVideos,
} from "./cards.ts";
import { youtubeVideoId } from "./cards.ts";
import { CARD_SECTIONS, SECTION_TITLE_OPTIONS, type CardSection, type CardTemplate } from "./enums.ts";
import { safeColor } from "./format.ts";
import type { PublicCard } from "./public-card.ts";
import { businessLogo } from "./logo.ts";

/*
 * The one mapping from a stored card to what visitors see (ADR 0011). Pure: the API runs it for
 * the public page, the card editor's live preview runs it in the browser on the card being
 * typed (so both draw the same card with the same components), and PDF cards and greetings
 * will start from it too.
 */

export type CardViewSource = {
  card: {
    template: CardTemplate;
    basicDetails: CardBasicDetails;
    paymentOptions: CardPaymentOptions;
    youtubeVideos: CardYoutubeVideos;
    gallery: CardGallery;
    aboutUs: CardAboutUs;
    products: CardProducts;
    links: CardLinks;
    settings: CardSettings;
  };
  /** The card falls back on its business's name, phone and logo. */
  business: { businessName: string; phoneNumber: string | null; logoUrl: string | null };
  /** Icons of the Link Store types the links use, by linkTypeId (ADR 0020); absent = the generic icon. */
  linkIcons?: Record<number, string | null>;
};

const present = (s: string | undefined | null): s is string => typeof s === "string" && s.trim() !== "";
const clean = (s: string | undefined | null) => (present(s) ? s.trim() : undefined);

/** The card as visitors see it: only what they see, sections in the owner's order. */
export function cardView({ card, business, linkIcons = {} }: CardViewSource): PublicCard {
  const b = card.basicDetails;
  const s = card.settings;
  const about = {
    description: clean(card.aboutUs.description),
    establishedYear: card.aboutUs.establishedYear ?? undefined,
    specialities: (card.aboutUs.specialities ?? []).filter(present),
  };
  // Rows missing their key value are skipped: saved cards have none, a half-typed row in the preview does.
  const payment = {
    upiId: clean(card.paymentOptions.upiId),
    upiName: clean(card.paymentOptions.upiName),
    qrCodeUrl: clean(card.paymentOptions.qrCodeUrl),
    bankAccounts: (card.paymentOptions.bankAccounts ?? []).filter((a) => present(a.accountNumber)).map((a) => ({
      accountName: a.accountName,
      accountNumber: a.accountNumber,
      ifsc: a.ifsc,
      bankName: clean(a.bankName),
      branch: clean(a.branch),
    })),
  };
  const videos = (card.youtubeVideos.videos ?? []).filter((v) => present(v.url)).map((v) => ({ url: v.url, title: clean(v.title), youtubeId: youtubeVideoId(v.url) }));
  const gallery = (card.gallery.images ?? []).filter((i) => present(i.url)).map((i) => ({ url: i.url, caption: clean(i.caption) }));
  const products = (card.products.items ?? []).filter((p) => present(p.name)).map((p) => ({
    name: p.name,
    description: clean(p.description),
    price: typeof p.price === "number" ? p.price : null,
    imageUrl: clean(p.imageUrl),
  }));
  const links = (card.links.items ?? [])
    .filter((l) => present(l.url))
    .map((l) => ({ label: l.label || l.url, url: l.url, iconUrl: (l.linkTypeId && linkIcons[l.linkTypeId]) || null }));

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
    logoUrl: businessLogo(b.logoUrl, business.logoUrl),
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
