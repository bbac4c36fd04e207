import type { Config } from "#server/config.ts";
import type { Gateway } from "#contracts/payments.ts";

/**
 * Which checkout a customer's online purchase opens (ADR 0015, "Razorpay gateway"): Razorpay when
 * its keys are set; otherwise, in development and on localhost (the same rule as the OTP outbox),
 * the built-in, clearly labelled test gateway; otherwise none (production on a real host without
 * keys refuses to start with online payment enabled: server/api/gateway/startup.ts). Decided once,
 * in server/config.ts (`paymentGateway`), which also picks what server/services/payment-gateway
 * builds; GET /business/subscription-plan reports it.
 */
export function purchaseGateway(config: Pick<Config, "paymentGateway">): Gateway | null {
  return config.paymentGateway;
}
