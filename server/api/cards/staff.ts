import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/auth/roles.ts";
import type { AgencyRow } from "#server/api/lib/env.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { agencyFeatures } from "#server/auth/features.ts";
import { PROJECTS_MESSAGES } from "#contracts/project-texts.ts";
import type { updateImagePostSettingsSchema } from "#contracts/projects.ts";
import { findVisibleCard } from "./access.ts";
import { updateCard } from "./service.ts";

/**
 * All Projects is not offered to an agency that sells digital cards only (SPEC §6 Menu gating):
 * the menu hides it and the list answers 404 with the reason, so the page says the same.
 */
export function assertProjectsOffered(agency: AgencyRow) {
  if (agencyFeatures(agency.configuration).onlyDigitalCard) throw notFound(PROJECTS_MESSAGES.onlyDigitalCard);
}

/**
 * POST /updateImagePostSettings: the staff keys replace what was there; keys stored by earlier
 * releases (the seeded frameName/height/display) stay, for the greetings feature to read.
 */
/** POST /updateImagePostStatus: the switch, marked as staff's own choice (ADR 0021: only then does "off" apply). */
export async function saveImagePostStatus(db: Db, actor: Actor, agencyId: number, cardNo: number, imagePostEnabled: boolean, now: Date) {
  const card = await findVisibleCard(db, actor, agencyId, cardNo);
  return updateCard(db, actor, agencyId, card.cardNo, { imagePostEnabled, imagePostSettings: { ...card.imagePostSettings, switchedByStaff: true } }, now);
}

export async function saveImagePostSettings(db: Db, actor: Actor, agencyId: number, input: z.output<typeof updateImagePostSettingsSchema>, now: Date) {
  const card = await findVisibleCard(db, actor, agencyId, input.cardNo);
  const { cardNo: _cardNo, dailyImageLimit, dailyVideoLimit, ...lists } = input;
  const { dailyImageLimit: _i, dailyVideoLimit: _v, ...kept } = card.imagePostSettings;
  const imagePostSettings = {
    ...kept,
    ...lists,
    ...(dailyImageLimit === undefined ? {} : { dailyImageLimit }),
    ...(dailyVideoLimit === undefined ? {} : { dailyVideoLimit }),
  };
  return updateCard(db, actor, agencyId, card.cardNo, { imagePostSettings }, now);
}
