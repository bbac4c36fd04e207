import { LOCAL_HOSTS, type Config } from "#server/config.ts";
import type { Gateway } from "#contracts/payments.ts";

/**
 * Which checkout a customer's online purchase opens (ADR 0015): Razorpay when its keys are set;
 * otherwise, in development and on localhost (the same rule as the OTP outbox), the built-in,
 * clearly labelled test gateway; otherwise none (production on a real host without keys refuses
 * to start with online payment enabled, so this is a guard, not a path).
 * The gateway engineer owns what lies behind each answer; GET /business/subscription-plan reports it.
 */
export function purchaseGateway(config: Pick<Config, "RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "isProduction" | "MAIN_HOST">): Gateway | null {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return "razorpay";
  if (!config.isProduction || LOCAL_HOSTS.includes(config.MAIN_HOST)) return "test";
  return null;
}
