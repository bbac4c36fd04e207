import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { protectedCardWords } from "#server/db/schema/business.ts";
import { BRAND_WORDS } from "#contracts/card-id.ts";
import { notFound } from "#server/api/lib/errors.ts";

/*
 * The platform admin's protected words (issue 22 M4, ADR 0045): brand-like names beyond the
 * built-in BRAND_WORDS that no new card id may use as a part. Ids already given keep working, as
 * with the built-in list; only new ids and renames are checked.
 */

export type ProtectedWords = { builtIn: string[]; added: { word: string; createdAt: string }[] };

export async function listProtectedWords(db: Db): Promise<ProtectedWords> {
  const rows = await db.select().from(protectedCardWords).orderBy(asc(protectedCardWords.word));
  return { builtIn: [...BRAND_WORDS].sort(), added: rows.map((r) => ({ word: r.word, createdAt: r.createdAt.toISOString() })) };
}

/** Adds a word; adding one already protected (built in or added) changes nothing and says so. */
export async function addProtectedWord(db: Db, word: string): Promise<{ word: string; added: boolean }> {
  if (BRAND_WORDS.has(word)) return { word, added: false };
  const inserted = await db.insert(protectedCardWords).values({ word }).onConflictDoNothing().returning({ word: protectedCardWords.word });
  return { word, added: inserted.length > 0 };
}

export async function removeProtectedWord(db: Db, word: string): Promise<{ word: string; removed: true }> {
  const gone = await db.delete(protectedCardWords).where(eq(protectedCardWords.word, word)).returning({ word: protectedCardWords.word });
  if (!gone.length) throw notFound(BRAND_WORDS.has(word) ? "Built-in words cannot be removed." : "That word is not on the list.");
  return { word, removed: true };
}

/** True when a part of `cardId` is a word the platform's admin protected (one indexed lookup). */
export async function usesAddedProtectedWord(db: Db, cardId: string): Promise<boolean> {
  const parts = [...new Set(cardId.split("-"))];
  const [hit] = await db.select({ word: protectedCardWords.word }).from(protectedCardWords).where(inArray(protectedCardWords.word, parts)).limit(1);
  return !!hit;
}
