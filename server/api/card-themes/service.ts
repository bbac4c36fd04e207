import { eq, sql } from "drizzle-orm";
import { agencyThemes, type AgencyCardThemes } from "#contracts/card-themes.ts";
import type { CardTemplate } from "#contracts/enums.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { Db } from "#server/db/client.ts";
import { agencies, type AgencyRow } from "#server/db/schema/core.ts";
import { invalid } from "#server/api/lib/errors.ts";

/* Which themes an agency offers (ADR 0070): read by the theme list, the template save and new cards. */

export const THEME_NOT_OFFERED = "This theme is not offered by your agency.";

export const offeredThemes = (agency: Pick<AgencyRow, "configuration">) => agencyThemes(agency.configuration.cardThemes);

/** The themes the caller sees: a customer only the offered ones, staff all of them marked. */
export function themesFor(agency: AgencyRow, actor: Actor) {
  const { allowed, defaultTheme } = offeredThemes(agency);
  const all = actor.kind === "customer" ? allowed : (agencyThemesAll() as CardTemplate[]);
  return { themes: all.map((id) => ({ id, allowed: allowed.includes(id) })), defaultTheme };
}

const agencyThemesAll = () => agencyThemes(undefined).allowed;

/**
 * A customer may pick an offered theme, or keep the one the card has (an agency that stops
 * offering a theme does not break its cards' other saves). Staff of the agency may set any.
 */
export function assertThemeOffered(agency: AgencyRow, actor: Actor, theme: CardTemplate, current: CardTemplate) {
  if (actor.kind !== "customer" || theme === current) return;
  if (!offeredThemes(agency).allowed.includes(theme)) throw invalid(THEME_NOT_OFFERED, { template: [THEME_NOT_OFFERED] });
}

/** The theme a new card of this agency starts with. */
export async function defaultThemeOf(db: Db, agencyId: number): Promise<CardTemplate> {
  const [row] = await db.select({ configuration: agencies.configuration }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return agencyThemes(row?.configuration.cardThemes).defaultTheme;
}

/** Saves the agency's choice; its other settings are kept. */
export async function saveAgencyThemes(db: Db, agencyId: number, value: Required<AgencyCardThemes>) {
  await db
    .update(agencies)
    .set({ configuration: sql`${agencies.configuration} || ${JSON.stringify({ cardThemes: value })}::jsonb` })
    .where(eq(agencies.id, agencyId));
  return agencyThemes(value);
}
