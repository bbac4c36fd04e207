import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { agencies } from "#server/db/schema/core.ts";
import { trialDays, trialExpiry } from "#server/domain/subscription.ts";

/**
 * A new business's expiry (ADR 0015): its creation plus the agency's trial days
 * (`configuration.trialDays`, default 7). Create and clone call this; migration 0004 applies
 * the same rule, in SQL, to every business that had no expiry.
 */
export async function newBusinessExpiry(tx: Db | Tx, agencyId: number, createdAt: Date): Promise<Date> {
  const [agency] = await tx.select({ configuration: agencies.configuration }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return trialExpiry(createdAt, trialDays(agency?.configuration.trialDays));
}
