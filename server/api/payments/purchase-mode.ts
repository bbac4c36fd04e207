import type { Actor } from "#server/auth/roles.ts";
import type { AgencyConfiguration } from "#server/db/schema/core.ts";
import { BUSINESS_MADE_BY_SELF } from "#server/db/schema/business.ts";
import type { PurchaseMode } from "#contracts/payments.ts";

/**
 * How this caller may buy a plan for a business (SPEC §6 Upgrade flow, ADR 0015), in one place:
 * GET /business/subscription-plan reports it and the order call enforces it.
 *
 * - staff: "admin" ('Select Plan', then a manual payment after Confirm);
 * - a customer: "online" when the agency has online payment on and the business was made by
 *   the customer ('self') or by a source in the agency's `allowedBusinessMadeBy`; otherwise
 *   "contact-admin" ('Please connect with admin to purchase subscription plan.'). Without a
 *   business (a customer who has none yet) the business would be their own: 'self'.
 */
export function purchaseMode(actor: Actor, configuration: AgencyConfiguration, businessMadeBy: string | null): PurchaseMode {
  if (actor.kind === "staff") return "admin";
  if (actor.kind !== "customer") return "contact-admin";
  if (!configuration.onlinePayment?.enablePaymentIntegration) return "contact-admin";
  const madeBy = businessMadeBy ?? BUSINESS_MADE_BY_SELF;
  if (madeBy === BUSINESS_MADE_BY_SELF) return "online";
  return (configuration.allowedBusinessMadeBy ?? []).includes(madeBy) ? "online" : "contact-admin";
}
