import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { notFound } from "#server/api/lib/errors.ts";
import {
  addAgencyAdminBody,
  addAgencyAdminResponse,
  agencyDto,
  agencyListQuery,
  agencyListResponse,
  createAgencyBody,
  createSslBody,
  createSslResponse,
  updateAgencyBody,
} from "#contracts/agency.ts";
import { addAgencyAdmin, agencyRow, assertAgencyManager, createAgency, listAgencies, toAgencyDto, updateAgency } from "./service.ts";
import { challengeProof, checkCustomDomain, isAllowedDomain } from "./custom-domain.ts";

const tag = "Agency";
/** SPEC §6: Agency Management is for admins of the superadmin agency (billing not hidden). */
const managers = access.superadmin("admin");

export const listAgenciesRoute = defineRoute({
  method: "get",
  path: "/agency/list",
  tag,
  summary: "Every agency by name, with search (name, domain, admin phone), status filter and paging (superadmin admins).",
  access: managers,
  query: agencyListQuery,
  response: agencyListResponse,
  async handler({ deps, actor, query }) {
    assertAgencyManager(actor);
    return listAgencies(deps.db, query);
  },
});

export const getAgencyRoute = defineRoute({
  method: "get",
  path: "/agency/{agencyId}",
  tag,
  summary: "One agency with its whole configuration, admin and domain check state (superadmin admins).",
  access: managers,
  params: z.object({ agencyId: q.int("agencyId") }),
  response: z.object({ agency: agencyDto }),
  async handler({ deps, actor, params }) {
    assertAgencyManager(actor);
    return { agency: toAgencyDto(await agencyRow(deps.db, params.agencyId)) };
  },
});

export const createAgencyRoute = defineRoute({
  method: "post",
  path: "/agency",
  tag,
  summary: "Create an agency {agency}: name, domain (host), invitation link and the typed configuration (prices in paise). A double submit returns the first.",
  access: managers,
  body: createAgencyBody,
  response: z.object({ agency: agencyDto, created: z.boolean() }),
  async handler({ deps, actor, body }) {
    assertAgencyManager(actor);
    return createAgency(deps.db, deps.config.MAIN_HOST, body.agency, deps.now());
  },
});

export const updateAgencyRoute = defineRoute({
  method: "put",
  path: "/agency",
  tag,
  summary: "Save an agency {agency} (with agencyId): the whole configuration again; other keys (branding) are kept. A new domain starts its HTTPS check over.",
  access: managers,
  body: updateAgencyBody,
  response: z.object({ agency: agencyDto }),
  async handler({ deps, actor, body }) {
    assertAgencyManager(actor);
    return updateAgency(deps.db, deps.config.MAIN_HOST, body.agency, deps.now());
  },
});

export const addAgencyAdminRoute = defineRoute({
  method: "post",
  path: "/addAgencyAdmin",
  tag,
  summary: "Add the agency's admin {adminData}: a staff account with the admin role; they set a password by OTP on the agency's franchisee sign-in.",
  access: managers,
  body: addAgencyAdminBody,
  response: addAgencyAdminResponse,
  async handler({ deps, actor, body }) {
    assertAgencyManager(actor);
    return addAgencyAdmin(deps, body.adminData);
  },
});

export const createSslRoute = defineRoute({
  method: "post",
  path: "/createSsl",
  tag,
  summary:
    "Check that the agency's domain reaches us (DNS, then our challenge fetched back over http://) and allow its certificate: pending_dns, verifying, active or failed with the reason. Call again to re-check.",
  access: managers,
  body: createSslBody,
  response: createSslResponse,
  async handler({ deps, actor, body }) {
    assertAgencyManager(actor);
    return checkCustomDomain(deps, body.agencyId);
  },
});

export const tlsAllowedRoute = defineRoute({
  method: "get",
  path: "/tls/allowed",
  tag,
  summary: "Caddy's on-demand TLS `ask`: 200 only for an active agency's verified domain, else 404. Unauthenticated.",
  access: access.public,
  query: z.object({ domain: z.string({ error: "domain is required." }).trim().min(1, "domain is required.").max(253, "domain is too long.") }),
  response: z.object({ allowed: z.literal(true) }),
  async handler({ deps, query }) {
    if (!(await isAllowedDomain(deps.db, query.domain))) throw notFound("Not an agency domain we serve.");
    return { allowed: true as const };
  },
});

const raw = z.unknown();

export const tlsChallengeRoute = defineRoute({
  method: "get",
  path: "/tls/challenge/{token}",
  tag,
  summary: "The domain check's proof (text), served on the agency's own domain while POST /createSsl fetches it back. 404 for any other token or host.",
  access: access.public,
  params: z.object({ token: z.string().regex(/^[\w-]{16,64}$/, "Not a challenge token.") }),
  response: raw,
  raw: true,
  async handler({ deps, agency, params }) {
    const proof = await challengeProof(deps.db, agency, params.token);
    if (!proof) throw notFound("No such check.");
    return new Response(proof, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  },
});

export const agencyRoutes = [
  listAgenciesRoute,
  getAgencyRoute,
  createAgencyRoute,
  updateAgencyRoute,
  addAgencyAdminRoute,
  createSslRoute,
  tlsAllowedRoute,
  tlsChallengeRoute,
] as const;
