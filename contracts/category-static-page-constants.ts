/**
 * Category static pages' zod-free pieces (ADR 0020): the slug of a category (the public page's
 * address, and how a card's business finds its category's page), paragraphs from plain text,
 * limits and messages.
 */

/** "Architect and Interior Designer" → "architect-and-interior-designer"; "" when nothing is left. */
export function categorySlug(category: string): string {
  return category
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** Plain text → paragraphs: a blank line starts a new one; single line breaks stay inside it. */
export const paragraphsOf = (text: string | null | undefined) =>
  (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export const STATIC_PAGE_LIMITS = { sections: 6, body: 5000, sectionBody: 2000 } as const;

export const STATIC_PAGE_MESSAGES = {
  slug: "Use at least one English letter or digit in the category.",
  taken: "A page for this category already exists.",
  notFound: "Category page not found.",
} as const;

/** The public page's first path segment (reserved as a card id in contracts/card-id.ts). */
export const CATEGORY_PAGE_SEGMENT = "category";
