import { eq } from "drizzle-orm";
import { isLanguage, type Language } from "#contracts/i18n/languages.ts";
import { users } from "#server/db/schema/core.ts";
import type { Db } from "#server/db/client.ts";
import type { ApiContext } from "#server/api/lib/env.ts";
import { readCookie, writeCookie } from "#server/api/lib/cookies.ts";

const ONE_YEAR = 365 * 24 * 3600;

/** The switch: this browser remembers it, and a signed-in customer's account keeps it. */
export async function chooseLanguage(c: ApiContext, language: Language) {
  writeCookie(c, "language", language, ONE_YEAR);
  const actor = c.get("actor");
  if (actor.kind === "customer") await saveUserLanguage(c, actor.userId, language);
}

/**
 * After signing in or up: a language picked on the sign-in pages (the cookie) is the person's
 * latest choice, so the account keeps it.
 */
export async function adoptChosenLanguage(c: ApiContext, userId: number): Promise<Language | null> {
  const chosen = readCookie(c, "language");
  if (!isLanguage(chosen)) return null;
  await saveUserLanguage(c, userId, chosen);
  return chosen;
}

async function saveUserLanguage(c: ApiContext, userId: number, language: Language) {
  await setUserLanguage(c.get("deps").db, userId, language);
  c.get("sessionCache").evictAccount({ userId });
}

export const setUserLanguage = (db: Db, userId: number, language: Language) => db.update(users).set({ language }).where(eq(users.id, userId));
