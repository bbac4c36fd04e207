import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { listPlans, removePlan, savePlan } from "./service.ts";
import { deletePlanResult, GET_PLANS_QUERY, subscriptionPlanBody, subscriptionPlanDto } from "#contracts/plans.ts";
import { subscriptionPlansResponse } from "#contracts/payments.ts";

const tag = "Plans";

export const getPlans = defineRoute({
  method: "get",
  path: "/business/subscription-plan",
  tag,
  summary:
    "The agency's subscription plans by sortOrder (SPEC §3), the business's own custom plan when businessId is given, the single PDF card plan, how the caller may buy (ADR 0015: admin, online or contact-admin) and the agency's product flags. Superadmin staff may name another agency.",
  access: access.customerOrStaff(),
  query: GET_PLANS_QUERY,
  response: subscriptionPlansResponse,
  async handler({ deps, actor, agency, query }) {
    return listPlans(deps.db, deps.config, actor, agency, query);
  },
});

export const savePlanRoute = defineRoute({
  method: "post",
  path: "/business/subscription-plan",
  tag,
  summary: "Create a plan, or update one with subscriptionPlanId (admin; price in paise, validity in years, limits -1 unlimited). Superadmin may pass agencyId.",
  access: access.staff("admin"),
  body: subscriptionPlanBody,
  response: z.object({ plan: subscriptionPlanDto, created: z.boolean() }),
  async handler({ deps, actor, agency, body }) {
    return savePlan(deps.db, actor, agency, body, deps.now());
  },
});

export const deletePlanRoute = defineRoute({
  method: "delete",
  path: "/business/subscription-plan/{subscriptionPlanId}",
  tag,
  summary: "Remove a plan (admin): retired (no longer offered) when any payment or business refers to it, else deleted.",
  access: access.staff("admin"),
  params: z.object({ subscriptionPlanId: q.int("subscriptionPlanId") }),
  response: deletePlanResult,
  async handler({ deps, actor, agency, params }) {
    return removePlan(deps.db, actor, agency, params.subscriptionPlanId, deps.now());
  },
});

export const planRoutes = [getPlans, savePlanRoute, deletePlanRoute] as const;
