import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { deleteCategory, deleteType, getCategory, getType, listCategories, listTypes, saveCategory, saveType } from "./service.ts";
import { linkCategoryBody, linkCategoryDto, linkTypeBody, linkTypeDto, linkTypeListQuery } from "#contracts/link-store.ts";

const tag = "Link store";

/** SPEC §6: the Link Store is the superadmin agency's, for admins and franchisees with all-card access. */
const KEEPERS = access.superadmin("admin", "franchisee-with-all-card-access");

export const listLinkCategories = defineRoute({
  method: "get",
  path: "/link-store/link-category",
  tag,
  summary: "The platform's link categories with how many types each holds (the Link Store page).",
  access: KEEPERS,
  response: z.object({ list: z.array(linkCategoryDto) }),
  async handler({ deps }) {
    return { list: await listCategories(deps.db) };
  },
});

export const saveLinkCategory = defineRoute({
  method: "post",
  path: "/link-store/link-category",
  tag,
  summary: "Create a link category, or rename one with linkCategoryId. Creating an existing name returns it (no duplicate).",
  access: KEEPERS,
  body: linkCategoryBody,
  response: z.object({ category: linkCategoryDto, created: z.boolean() }),
  async handler({ deps, body }) {
    return saveCategory(deps.db, body);
  },
});

export const getLinkCategory = defineRoute({
  method: "get",
  path: "/link-store/link-category/{linkCategoryId}",
  tag,
  summary: "One link category with its types.",
  access: KEEPERS,
  params: z.object({ linkCategoryId: q.int("linkCategoryId") }),
  response: z.object({ category: linkCategoryDto, types: z.array(linkTypeDto) }),
  async handler({ deps, params }) {
    return getCategory(deps.db, params.linkCategoryId);
  },
});

export const deleteLinkCategory = defineRoute({
  method: "delete",
  path: "/link-store/link-category/{linkCategoryId}",
  tag,
  summary: "Delete an empty link category (409 while it holds types).",
  access: KEEPERS,
  params: z.object({ linkCategoryId: q.int("linkCategoryId") }),
  response: z.object({ deleted: z.literal(true), linkCategoryId: z.number() }),
  async handler({ deps, params }) {
    return deleteCategory(deps.db, params.linkCategoryId);
  },
});

export const listLinkTypes = defineRoute({
  method: "get",
  path: "/link-store/link-type",
  tag,
  summary: "The link types every agency's customers can pick in the card editor (icon, prefix, input kind), by category order.",
  // The card editor's picker: every signed-in customer and staff member of any agency reads it.
  access: access.anySignedIn,
  query: linkTypeListQuery,
  response: z.object({ list: z.array(linkTypeDto) }),
  async handler({ deps, query }) {
    return { list: await listTypes(deps.db, query) };
  },
});

export const saveLinkType = defineRoute({
  method: "post",
  path: "/link-store/link-type",
  tag,
  summary: "Create a link type, or update one with linkTypeId (icon: built-in /link-icons/… or an upload; prefix: https). A repeated create returns the first.",
  access: KEEPERS,
  body: linkTypeBody,
  response: z.object({ linkType: linkTypeDto, created: z.boolean() }),
  async handler({ deps, body }) {
    return saveType(deps.db, body);
  },
});

export const getLinkType = defineRoute({
  method: "get",
  path: "/link-store/link-type/{linkTypeId}",
  tag,
  summary: "One link type.",
  access: access.anySignedIn,
  params: z.object({ linkTypeId: q.int("linkTypeId") }),
  response: z.object({ linkType: linkTypeDto }),
  async handler({ deps, params }) {
    return { linkType: await getType(deps.db, params.linkTypeId) };
  },
});

export const deleteLinkType = defineRoute({
  method: "delete",
  path: "/link-store/link-type/{linkTypeId}",
  tag,
  summary: "Delete a link type. Cards using it keep their link and label, with the generic link icon.",
  access: KEEPERS,
  params: z.object({ linkTypeId: q.int("linkTypeId") }),
  response: z.object({ deleted: z.literal(true), linkTypeId: z.number() }),
  async handler({ deps, params }) {
    return deleteType(deps.db, params.linkTypeId);
  },
});

export const linkStoreRoutes = [
  listLinkCategories,
  saveLinkCategory,
  getLinkCategory,
  deleteLinkCategory,
  listLinkTypes,
  saveLinkType,
  getLinkType,
  deleteLinkType,
] as const;
