import { decideAccess, type Access, type Actor } from "#server/auth/roles.ts";
import { isSuperadminAgency } from "#server/auth/tenancy.ts";
import type { AgencyRow } from "./env.ts";

/**
 * Whether this caller may make a declared call, from the call's own access rule: answers carry
 * these so a page offers only what the API would accept, and no page decides from roles.
 */
export function mayCall(actor: Actor, agency: AgencyRow) {
  const superadmin = isSuperadminAgency(agency);
  return (route: { access: Access }) => decideAccess(route.access, actor, superadmin) === "ok";
}
