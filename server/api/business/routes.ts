import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute } from "#server/api/lib/define-route.ts";
import { mayCall } from "#server/api/lib/allowed.ts";
import { unauthorized } from "#server/api/lib/errors.ts";
import { businessDto, businessOwnerDto, businessSummaryDto, cardSummaryDto } from "./dto.ts";
import { businessIdParams, cloneBusinessSchema, createBusinessSchema, listBusinessesQuery, registerUserSchema, updateBusinessSchema } from "#contracts/business.ts";
import { customerBusinesses, findVisibleBusiness } from "./service.ts";
import { listBusinesses } from "./list.ts";
import { BUSINESS_LIMITS, createBusiness } from "./create.ts";
import { updateBusiness } from "./update.ts";
import { deleteBusiness } from "./delete.ts";
import { cloneBusiness } from "./clone.ts";
import { registerUserAndGetBusinesses } from "./register-user.ts";

const tag = "Business";
const newCardDto = cardSummaryDto.pick({ cardNo: true, cardId: true }).nullable();

export const getBusinessesByUser = defineRoute({
  method: "get",
  path: "/business/getBusinessesByUser",
  tag,
  summary: "The signed-in customer's businesses, oldest first.",
  access: access.customer,
  response: z.object({
    businesses: z.array(businessSummaryDto),
    total: z.number(),
    /** The business the panel works on: the customer's choice, else the oldest (null: none yet). */
    activeBusinessId: z.number().nullable(),
  }),
  async handler({ deps, actor, agency }) {
    if (actor.kind !== "customer") throw unauthorized();
    return customerBusinesses(deps.db, actor, agency.id);
  },
});

export const listAgencyBusinesses = defineRoute({
  method: "get",
  path: "/business",
  tag,
  summary: "The agency's businesses for staff: filters (payment, subscription, expiry, card status, made by), search (name, phone, email, cardId) and pages. Franchisees see the ones they made.",
  access: access.staff(),
  query: listBusinessesQuery,
  response: z.object({
    businesses: z.array(businessDto),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Which calls on these businesses this caller may make (their declarations decide). */
    allowed: z.object({ delete: z.boolean() }),
  }),
  async handler({ deps, actor, agency, query }) {
    const allowed = { delete: mayCall(actor, agency)(deleteBusinessRoute) };
    return { ...(await listBusinesses(deps.db, actor, agency.id, query, deps.now())), allowed };
  },
});

export const getBusiness = defineRoute({
  method: "get",
  path: "/business/{id}",
  tag,
  summary: "One business with its payment state and card; another customer's or agency's is 404.",
  access: access.customerOrStaff(),
  params: businessIdParams,
  response: z.object({ business: businessDto, allowed: z.object({ delete: z.boolean() }) }),
  async handler({ deps, actor, agency, params }) {
    const business = await findVisibleBusiness(deps.db, actor, agency.id, params.id, deps.now());
    return { business, allowed: { delete: mayCall(actor, agency)(deleteBusinessRoute) } };
  },
});

export const createBusinessRoute = defineRoute({
  method: "post",
  path: "/business",
  tag,
  summary: "Create a business (a customer for themselves; staff for a customer of the agency via userId), optionally with its digital card.",
  access: access.customerOrStaff(),
  body: createBusinessSchema,
  response: z.object({
    business: businessDto,
    card: newCardDto,
    /** True when this repeated a create of the last few seconds and returned that business. */
    duplicate: z.boolean(),
  }),
  async handler({ deps, actor, agency, body }) {
    return createBusiness(deps.db, actor, agency.id, body, deps.now(), {
      perHour: deps.config.CUSTOMER_BUSINESSES_PER_HOUR ?? BUSINESS_LIMITS.perHour,
      total: deps.config.CUSTOMER_BUSINESSES_TOTAL ?? BUSINESS_LIMITS.total,
    });
  },
});

export const updateBusinessMetadata = defineRoute({
  method: "post",
  path: "/business/updateBusinessMetadata",
  tag,
  summary: "Change a business's details (fields sent change; null or empty clears).",
  access: access.customerOrStaff(),
  body: updateBusinessSchema,
  response: z.object({ business: businessDto }),
  async handler({ deps, actor, agency, body }) {
    return { business: await updateBusiness(deps.db, actor, agency.id, body, deps.now()) };
  },
});

export const deleteBusinessRoute = defineRoute({
  method: "delete",
  path: "/business/{id}",
  tag,
  summary: "Delete a business and its card (the owner, or an agency admin).",
  access: access.customerOrStaff("admin"),
  params: businessIdParams,
  response: z.object({ businessDeleted: z.boolean(), cardDeleted: z.boolean() }),
  async handler({ deps, actor, agency, params }) {
    return deleteBusiness(deps.db, actor, agency.id, params.id, deps.now());
  },
});

export const registerUser = defineRoute({
  method: "post",
  path: "/business/registerUserAndGetBusinesses",
  tag,
  summary: "Staff: find or register a customer of the agency by phone number (or email abroad) and list their businesses.",
  access: access.staff(),
  body: registerUserSchema,
  response: z.object({ user: businessOwnerDto, businesses: z.array(businessDto), created: z.boolean() }),
  async handler({ deps, actor, agency, body }) {
    return registerUserAndGetBusinesses(deps.db, actor, agency.id, body, deps.now());
  },
});

export const cloneBusinessRoute = defineRoute({
  method: "post",
  path: "/business/cloneBusiness",
  tag,
  summary: "Copy a business (unpaid) and its card with every section under a new public id.",
  access: access.customerOrStaff(),
  body: cloneBusinessSchema,
  response: z.object({ business: businessDto, card: newCardDto }),
  async handler({ deps, actor, agency, body }) {
    return cloneBusiness(deps.db, actor, agency.id, body, deps.now());
  },
});

// Fixed paths before `/business/{id}` (Hono matches in order, and "getBusinessesByUser" is not an id anyway).
export const businessRoutes = [
  getBusinessesByUser,
  registerUser,
  updateBusinessMetadata,
  cloneBusinessRoute,
  listAgencyBusinesses,
  createBusinessRoute,
  getBusiness,
  deleteBusinessRoute,
] as const;
