import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Actor } from "#server/auth/roles.ts";
import { agencyWhatsappSettings, enquiryAlertSettings } from "#server/db/schema/messages.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { FEEDBACK_BUSINESS_NOT_FOUND, namedOrActiveBusiness } from "#server/api/feedback/service.ts";
import type { enquiryAlertChannels, EnquiryAlertSettings } from "#contracts/messages.ts";

type Channels = z.output<typeof enquiryAlertChannels>;
const ALL_ON: Channels = { sms: true, email: true, whatsapp: true };

/** The channels a business's enquiry alerts go on: every one unless its owner turned it off. */
export async function alertChannels(db: Db | Tx, businessId: number): Promise<Channels> {
  const [row] = await db
    .select({ sms: enquiryAlertSettings.sms, email: enquiryAlertSettings.email, whatsapp: enquiryAlertSettings.whatsapp })
    .from(enquiryAlertSettings)
    .where(eq(enquiryAlertSettings.businessId, businessId));
  return row ?? ALL_ON;
}

/** One business the actor may see (named, or a customer's active one); anything else is 404. */
async function settingsBusiness(db: Db, actor: Actor, agencyId: number, businessId: number | undefined) {
  const id = await namedOrActiveBusiness(db, actor, agencyId, businessId);
  if (id === null) throw notFound(FEEDBACK_BUSINESS_NOT_FOUND);
  return id;
}

async function settingsOf(db: Db, agencyId: number, businessId: number): Promise<EnquiryAlertSettings> {
  const [wa] = await db.select({ id: agencyWhatsappSettings.agencyId }).from(agencyWhatsappSettings).where(eq(agencyWhatsappSettings.agencyId, agencyId));
  return { businessId, ...(await alertChannels(db, businessId)), whatsappAvailable: Boolean(wa) };
}

export async function readAlertSettings(db: Db, actor: Actor, agencyId: number, businessId: number | undefined) {
  return settingsOf(db, agencyId, await settingsBusiness(db, actor, agencyId, businessId));
}

/** Sets all three switches at once: repeating the same request changes nothing. */
export async function writeAlertSettings(db: Db, actor: Actor, agencyId: number, body: Channels & { businessId?: number }) {
  const businessId = await settingsBusiness(db, actor, agencyId, body.businessId);
  const values = { sms: body.sms, email: body.email, whatsapp: body.whatsapp };
  await db
    .insert(enquiryAlertSettings)
    .values({ businessId, agencyId, ...values })
    .onConflictDoUpdate({ target: enquiryAlertSettings.businessId, set: { ...values, updatedAt: sql`now()` } });
  return settingsOf(db, agencyId, businessId);
}
