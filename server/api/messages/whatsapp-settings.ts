import { eq } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import { agencyWhatsappSettings } from "#server/db/schema/messages.ts";
import { ApiError, invalid } from "#server/api/lib/errors.ts";
import { checkWhatsappCredentials } from "#server/services/whatsapp-transport.ts";
import { WHATSAPP_TEXTS, type WhatsappSettings, type WhatsappSettingsBody } from "#contracts/messages.ts";

/*
 * An agency's own WhatsApp Business number (ADR 0053): its phone number ID and access token from
 * WhatsApp Manager, checked with WhatsApp before they are saved, and the approved templates its
 * reminders and enquiry alerts go as. The token never leaves the API again (only its last four).
 */

type Row = typeof agencyWhatsappSettings.$inferSelect;

function toDto(row: Row | undefined): WhatsappSettings {
  return {
    configured: Boolean(row),
    phoneNumberId: row?.phoneNumberId ?? null,
    displayPhoneNumber: row?.displayPhoneNumber ?? null,
    tokenEnding: row ? row.accessToken.slice(-4) : null,
    reminderTemplate: row?.reminderTemplate ?? null,
    alertTemplate: row?.alertTemplate ?? null,
    templateLanguage: row?.templateLanguage ?? "en",
  };
}

const current = async (deps: Pick<Deps, "db">, agencyId: number) =>
  (await deps.db.select().from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, agencyId)))[0];

export async function readWhatsappSettings(deps: Pick<Deps, "db">, agencyId: number) {
  return toDto(await current(deps, agencyId));
}

/** PUT /messages/whatsapp: checked with WhatsApp, then saved; a refused token or number changes nothing. */
export async function saveWhatsappSettings(deps: Pick<Deps, "db" | "config">, agencyId: number, body: WhatsappSettingsBody) {
  const saved = await current(deps, agencyId);
  const accessToken = body.accessToken ?? saved?.accessToken;
  if (!accessToken) throw invalid(WHATSAPP_TEXTS.accessToken, { accessToken: [WHATSAPP_TEXTS.accessToken] });
  const check = await checkWhatsappCredentials({ apiUrl: deps.config.WHATSAPP_API_URL }, { phoneNumberId: body.phoneNumberId, accessToken });
  if (!check.ok) {
    if (check.reason === "token") throw invalid(WHATSAPP_TEXTS.tokenRefused, { accessToken: [WHATSAPP_TEXTS.tokenRefused] });
    if (check.reason === "number") throw invalid(WHATSAPP_TEXTS.numberUnknown, { phoneNumberId: [WHATSAPP_TEXTS.numberUnknown] });
    throw new ApiError(503, WHATSAPP_TEXTS.unreachable);
  }
  const values = {
    phoneNumberId: body.phoneNumberId,
    accessToken,
    displayPhoneNumber: check.displayPhoneNumber,
    reminderTemplate: body.reminderTemplate ?? null,
    alertTemplate: body.alertTemplate ?? null,
    templateLanguage: body.templateLanguage,
  };
  const [row] = await deps.db
    .insert(agencyWhatsappSettings)
    .values({ agencyId, ...values })
    .onConflictDoUpdate({ target: agencyWhatsappSettings.agencyId, set: values })
    .returning();
  return toDto(row);
}

/** DELETE /messages/whatsapp: no more WhatsApp messages; queued ones fail as "not configured" and are listed as not sent. */
export async function removeWhatsappSettings(deps: Pick<Deps, "db">, agencyId: number) {
  await deps.db.delete(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, agencyId));
  return toDto(undefined);
}
