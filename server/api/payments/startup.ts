import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { agencies } from "#server/db/schema/core.ts";

/**
 * Production on a real host without Razorpay keys has no gateway (server/config.ts: the test
 * gateway never runs there). If an agency has online payment on, its customers would be sent to
 * a checkout that cannot exist: refuse to start and say what to do (ADR 0034).
 */
export async function paymentStartupProblem(db: Db, config: Pick<Config, "paymentGateway">): Promise<string | null> {
  if (config.paymentGateway) return null;
  const rows = await db
    .select({ agencyName: agencies.agencyName })
    .from(agencies)
    .where(sql`(${agencies.configuration} -> 'onlinePayment' ->> 'enablePaymentIntegration') = 'true'`);
  if (!rows.length) return null;
  const names = rows.map((r) => r.agencyName).join(", ");
  return `Online payment is enabled for ${names}, but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (and RAZORPAY_WEBHOOK_SECRET) are not set. Set the keys, or turn online payment off for these agencies.`;
}
