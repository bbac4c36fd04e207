import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/auth/roles.ts";
import { findVisibleCard, updateCard } from "#server/api/cards/service.ts";
import type { CardSecondLanguage } from "#contracts/card-second-language.ts";
import type { z } from "zod";
import type { updateCardSecondLanguageSchema } from "#contracts/card-second-language.ts";

type Body = z.output<typeof updateCardSecondLanguageSchema>;

/** The card's second language, if the caller may see the card (404 otherwise). */
export async function secondLanguageOf(db: Db, actor: Actor, agencyId: number, cardNo: number) {
  const card = await findVisibleCard(db, actor, agencyId, cardNo);
  return card.secondLanguage ?? null;
}

/** Saves (or, with no second language chosen, removes) the card's second-language texts (ADR 0075). */
export async function saveSecondLanguage(db: Db, actor: Actor, agencyId: number, body: Body, now: Date): Promise<CardSecondLanguage | null> {
  const { cardNo, primaryLanguage, secondLanguage, ...texts } = body;
  const value: CardSecondLanguage | null = secondLanguage
    ? {
        primaryLanguage,
        secondLanguage,
        texts: {
          ...texts,
          // Rows the owner left empty are not kept.
          products: texts.products.filter((p) => p.name || p.description),
          links: texts.links.filter((l) => l.label),
        },
      }
    : null;
  // updateCard checks visibility (404) and tells the page cache the card changed.
  const card = await updateCard(db, actor, agencyId, cardNo, { secondLanguage: value }, now);
  return card.secondLanguage ?? null;
}
