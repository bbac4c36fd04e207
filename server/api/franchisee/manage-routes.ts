import { access } from "#server/auth/roles.ts";
import { FRANCHISEE_ROLES } from "#server/db/schema/core.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { STAFF_ROLES } from "#contracts/franchisee-constants.ts";
import {
  franchiseeEditBody,
  franchiseeListQuery,
  franchiseeListResponse,
  franchiseeSavedResponse,
  franchiseeSignupBody,
} from "#contracts/franchisees.ts";
import { editFranchisee, listFranchisees, signUpFranchisee } from "./manage.ts";

// The contract's roles are the database's (a role added to one and not the other fails here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesMatch: Same<(typeof STAFF_ROLES)[number], (typeof FRANCHISEE_ROLES)[number]> = true;
void rolesMatch;

const tag = "Franchisee";

export const listFranchiseesRoute = defineRoute({
  method: "get",
  path: "/franchisee/list",
  tag,
  summary:
    "The agency's staff by name (admin): filter by role and active/inactive, search name, phone or email, paged; `all=true` returns every match unpaged (pickers).",
  access: access.staff("admin"),
  query: franchiseeListQuery,
  response: franchiseeListResponse,
  async handler({ deps, agency, query }) {
    return listFranchisees(deps.db, agency.id, query);
  },
});

export const signUpFranchiseeRoute = defineRoute({
  method: "post",
  path: "/franchisee/signup",
  tag,
  summary:
    "Add a staff member (admin): name, phone, email, roles, permissions, configuration.hideBilling. They set their password by OTP at the staff sign-in; an SMS tells them so.",
  access: access.staff("admin"),
  body: franchiseeSignupBody,
  response: franchiseeSavedResponse,
  async handler({ deps, actor, agency, body }) {
    return signUpFranchisee(deps, actor, agency, body);
  },
});

export const editFranchiseeRoute = defineRoute({
  method: "post",
  path: "/franchisee/edit",
  tag,
  summary:
    "Change a staff member of the agency (admin): the signup fields and `active`. Deactivating ends their sessions at once. Nobody removes their own admin role or deactivates themselves.",
  access: access.staff("admin"),
  body: franchiseeEditBody,
  response: franchiseeSavedResponse,
  async handler({ c, deps, actor, agency, body }) {
    return editFranchisee(deps.db, c.get("sessionCache"), actor, agency.id, body);
  },
});

export const franchiseeManageRoutes = [listFranchiseesRoute, signUpFranchiseeRoute, editFranchiseeRoute] as const;
