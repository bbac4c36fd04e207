import { isCardTheme } from "#contracts/card-themes.ts";
import { z } from "zod";
import type { ApiOutput } from "./api.server.ts";
import { settingsFormSchema, youtubeVideoId } from "#contracts/cards.ts";
import { CARD_SECTIONS, type CardSection } from "#contracts/enums.ts";

/**
 * The card editor's shared pieces (browser and server): the sections and their URLs, the
 * saved card as each form's default values, and a form's live values as the preview's card.
 */
export type EditorCard = ApiOutput<"GET /getCardsByBusiness">["cards"][number];

import type { EditorSectionPath } from "./card-editor-links.ts";
export { EDITOR_BASE, EDITOR_SECTIONS, editorHref, type EditorSectionPath } from "./card-editor-links.ts";

export const DEFAULT_THEME_COLOR = "#2d9bea";

/** Paise → what a person types: 45000 → "450", 45050 → "450.50". */
export function paiseToRupees(paise: number | null | undefined) {
  if (paise === null || paise === undefined) return "";
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

export const youtubeThumbnail = (url: string | undefined) => {
  const id = url ? youtubeVideoId(url) : null;
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
};

/** The saved order, then any section it does not name (new ones), so every section appears once. */
export function fullSectionOrder(order: readonly CardSection[] | undefined): CardSection[] {
  const seen = new Set<CardSection>();
  for (const s of order ?? []) if ((CARD_SECTIONS as readonly string[]).includes(s)) seen.add(s);
  for (const s of CARD_SECTIONS) seen.add(s);
  return [...seen];
}

/* ---- Settings: checkboxes say "show", the API stores what is hidden ---- */

type SettingsRaw = {
  sectionTitles?: Partial<Record<CardSection, string>>;
  show?: Partial<Record<CardSection, string>>;
  sectionOrder?: CardSection[];
  themeColor?: string;
  showSaveContact?: string;
  showShareButton?: string;
};

/** The settings form's fields as the API's settings: unchecked boxes are sent as nothing at all. */
export function settingsFromForm(input: unknown) {
  const raw = (input ?? {}) as SettingsRaw;
  const titles = Object.fromEntries(Object.entries(raw.sectionTitles ?? {}).filter(([, v]) => typeof v === "string" && v.trim()));
  return {
    sectionTitles: titles,
    hiddenSections: CARD_SECTIONS.filter((s) => raw.show?.[s] !== "on"),
    sectionOrder: raw.sectionOrder?.filter(Boolean),
    themeColor: raw.themeColor,
    showSaveContact: raw.showSaveContact === "on",
    showShareButton: raw.showShareButton === "on",
  };
}
export const settingsEditorSchema = z.preprocess(settingsFromForm, settingsFormSchema);

/* ---- Saved card → each form's default values (strings, as inputs hold them) ---- */

export function formDefaults(card: EditorCard) {
  const s = card.settings;
  const hidden = new Set(s.hiddenSections ?? []);
  return {
    basicDetails: { cardId: card.cardId, ...card.basicDetails, contactFields: card.basicDetails.contactFields ?? [] },
    paymentOptions: { ...card.paymentOptions, bankAccounts: card.paymentOptions.bankAccounts ?? [] },
    videos: { title: card.youtubeVideos.title, videos: card.youtubeVideos.videos ?? [] },
    gallery: { title: card.gallery.title, images: card.gallery.images ?? [] },
    about: {
      ...card.aboutUs,
      establishedYear: card.aboutUs.establishedYear ? String(card.aboutUs.establishedYear) : "",
      specialities: card.aboutUs.specialities ?? [],
    },
    products: {
      title: card.products.title,
      items: (card.products.items ?? []).map((p) => ({ ...p, price: paiseToRupees(p.price) })),
    },
    links: { title: card.links.title, items: (card.links.items ?? []).map((l) => ({ ...l, linkTypeId: l.linkTypeId?.toString() })) },
    settings: {
      // A heading saved with its section (older cards, the seed) shows until Settings sets one.
      sectionTitles: {
        about: card.aboutUs.title,
        links: card.links.title,
        products: card.products.title,
        gallery: card.gallery.title,
        videos: card.youtubeVideos.title,
        ...s.sectionTitles,
      } as Partial<Record<CardSection, string>>,
      show: Object.fromEntries(CARD_SECTIONS.map((k) => [k, hidden.has(k) ? "" : "on"])),
      sectionOrder: fullSectionOrder(s.sectionOrder),
      themeColor: s.themeColor ?? DEFAULT_THEME_COLOR,
      // Unset means on: a new card shows both buttons.
      showSaveContact: s.showSaveContact === false ? "" : "on",
      showShareButton: s.showShareButton === false ? "" : "on",
    },
    template: { template: card.template },
  };
}

/* ---- A form's live values → the card the preview draws (lenient: shows what is typed) ---- */

type Raw = Record<string, unknown>;
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? v.filter((x) => x !== undefined && x !== null) : []) as T[];
const obj = (v: unknown): Raw => (v && typeof v === "object" ? (v as Raw) : {});

export type PreviewDraft = { section: EditorSectionPath; value: unknown };

export function applyDraft(card: EditorCard, draft: PreviewDraft | null): EditorCard {
  if (!draft) return card;
  const v = obj(draft.value);
  switch (draft.section) {
    case "basic-details": {
      const { cardId, ...details } = v;
      return { ...card, cardId: typeof cardId === "string" ? cardId : card.cardId, basicDetails: { ...details, contactFields: list(v.contactFields) } };
    }
    case "payment-options":
      return { ...card, paymentOptions: { ...v, bankAccounts: list(v.bankAccounts) } };
    case "videos":
      return { ...card, youtubeVideos: { title: v.title as string, videos: list(v.videos) } };
    case "gallery":
      return { ...card, gallery: { title: v.title as string, images: list<Raw>(v.images).filter((i) => i.url) as never } };
    case "about": {
      const year = Number(v.establishedYear);
      return { ...card, aboutUs: { ...v, establishedYear: Number.isInteger(year) && year > 0 ? year : undefined, specialities: list(v.specialities) } };
    }
    case "products": {
      const items = list<Raw>(v.items).map((p) => {
        const price = Number(String(p.price ?? "").replace(/,/g, ""));
        return { ...p, name: String(p.name ?? ""), price: p.price && Number.isFinite(price) ? Math.round(price * 100) : null };
      });
      return { ...card, products: { title: v.title as string, items } };
    }
    case "links":
      return { ...card, links: { title: v.title as string, items: list(v.items) } };
    case "settings":
      return { ...card, settings: settingsFromForm(v) };
    case "template":
      return isCardTheme(v.template) ? { ...card, template: v.template } : card;
    case "second-language":
      // The preview draws the primary language (ADR 0075).
      return card;
  }
}
