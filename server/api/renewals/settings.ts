import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DEFAULT_RENEWAL_DAYS, renewalSettings } from "#server/db/schema/renewals.ts";
import type { RenewalSettings } from "#contracts/renewals.ts";

/** The agency's reminder settings; no row: off, on the default days. */
export async function readRenewalSettings(db: Db, agencyId: number): Promise<RenewalSettings> {
  const [row] = await db.select({ enabled: renewalSettings.enabled, days: renewalSettings.days }).from(renewalSettings).where(eq(renewalSettings.agencyId, agencyId));
  return row ?? { enabled: false, days: [...DEFAULT_RENEWAL_DAYS] };
}

/** PUT /renewals/settings (agency admins). Repeating it changes nothing. */
export async function writeRenewalSettings(db: Db, agencyId: number, body: RenewalSettings): Promise<RenewalSettings> {
  await db
    .insert(renewalSettings)
    .values({ agencyId, enabled: body.enabled, days: body.days })
    .onConflictDoUpdate({ target: renewalSettings.agencyId, set: { enabled: body.enabled, days: body.days } });
  return readRenewalSettings(db, agencyId);
}
