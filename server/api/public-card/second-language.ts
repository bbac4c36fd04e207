import type { Language } from "#contracts/i18n/languages.ts";
import type { CardSecondLanguage } from "#contracts/card-second-language.ts";
import type { PublicCard } from "#contracts/public-card.ts";

/** The card's two languages as the page's switch needs them; null for a one-language card. */
export type CardLanguages = { primary: Language; second: Language; shown: Language } | null;

const has = (s: string | undefined): s is string => typeof s === "string" && s.trim() !== "";

/**
 * The card in the visitor's language (ADR 0075), chosen on the server so the page's components
 * draw whatever they get: each text in the second language when the owner wrote it, else the
 * primary text (per field, never a half-empty card).
 */
export function inLanguage(card: PublicCard, stored: CardSecondLanguage | null, asked: Language | undefined): { card: PublicCard; languages: CardLanguages } {
  if (!stored) return { card, languages: null };
  const { primaryLanguage: primary, secondLanguage: second, texts } = stored;
  if (asked !== second || primary === second) return { card, languages: { primary, second, shown: primary } };
  const pick = (own: string | undefined, other: string | undefined) => (has(other) ? other.trim() : own);
  const products = new Map(texts.products.map((p) => [p.key, p]));
  const links = new Map(texts.links.map((l) => [l.key, l]));
  const translated: PublicCard = {
    ...card,
    basic: {
      ...card.basic,
      companyName: pick(card.basic.companyName, texts.companyName) ?? card.basic.companyName,
      name: pick(card.basic.name, texts.name),
      designation: pick(card.basic.designation, texts.designation),
      tagline: pick(card.basic.tagline, texts.tagline),
    },
    about: { ...card.about, description: pick(card.about.description, texts.aboutDescription) },
    sections: card.sections.map((s) => ({ ...s, title: pick(s.title, texts.sectionTitles?.[s.key]) ?? s.title })),
    products: card.products.map((p) => {
      const t = products.get(p.name);
      return t ? { ...p, name: pick(p.name, t.name) ?? p.name, description: pick(p.description, t.description) } : p;
    }),
    links: card.links.map((l) => {
      const t = links.get(l.url);
      return t ? { ...l, label: pick(l.label, t.label) ?? l.label } : l;
    }),
  };
  return { card: translated, languages: { primary, second, shown: second } };
}

/**
 * The names in the second language for the vCard. vCard 3.0 has no per-language N or FN
 * (RFC 2426: no LANGUAGE parameter on them), so they go in NICKNAME, a text list that phones
 * show and search (ADR 0075).
 */
export function secondLanguageNames(stored: CardSecondLanguage | null): string[] {
  if (!stored || stored.primaryLanguage === stored.secondLanguage) return [];
  return [stored.texts.name, stored.texts.companyName].filter(has).map((s) => s.trim());
}
