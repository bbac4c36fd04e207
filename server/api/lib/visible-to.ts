import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { businesses } from "#server/db/schema/business.ts";
import { seesAllCards, type Actor } from "#server/auth/roles.ts";

/**
 * The one rule for "may this caller see (and so change) this business": a customer their own
 * live businesses of this agency; staff every one of the agency when admin or
 * franchisee-with-all-card-access, otherwise only those they made (SPEC §6). A tenancy rule
 * every domain applies, so it lives here rather than in the business domain (ADR 0030).
 */
export function visibleTo(actor: Actor, agencyId: number): SQL {
  const live = and(eq(businesses.agencyId, agencyId), isNull(businesses.deletedAt))!;
  if (actor.kind === "customer") return and(live, eq(businesses.userId, actor.userId))!;
  if (actor.kind === "staff") return seesAllCards(actor) ? live : and(live, eq(businesses.madeByFranchiseeId, actor.franchiseeId))!;
  return sql`false`;
}
