import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
import { agencies, type AgencyConfiguration } from "../schema/core.ts";

/** What the platform charges Sunrise Media in the demo (ADR 0023): ₹49 a card, ₹12,000 a year, ₹499 a month for greeting images, 18% GST. */
export const DEMO_SUNRISE_BILLING: NonNullable<AgencyConfiguration["billing"]> = {
  perCardPrice: 4900,
  annualFee: 1_200_000,
  imageServiceMonthlyFee: 49_900,
  gstPercent: 18,
  graceDays: 10,
  offlineInstructions: "Bank transfer to Card Panel Pvt Ltd, A/c 001234567890, IFSC HDFC0000123, or UPI cardpanel@hdfcbank. Send the reference to billing@cardpanel.example.",
};

/** Adds the billing keys to the agency's configuration (one line in seed.ts). */
export async function seedBilling(tx: Tx, sunriseId: number) {
  await tx
    .update(agencies)
    .set({ configuration: sql`${agencies.configuration} || ${JSON.stringify({ billing: DEMO_SUNRISE_BILLING })}::jsonb` })
    .where(eq(agencies.id, sunriseId));
}
