import { z } from "zod";
import { access } from "#server/auth/roles.ts";
import { defineRoute, q } from "#server/api/lib/define-route.ts";
import { requestOrigin } from "#server/api/lib/request-meta.ts";
import { deletePage, listPages, publicPage, savePage } from "./service.ts";
import { categoryStaticPageBody, categoryStaticPageDto, categoryStaticPageListQuery, publicCategoryPageDto } from "#contracts/category-static-page.ts";

const tag = "Category static pages";

/** SPEC §6: Category Static Page Management is the superadmin agency's admins'. */
const KEEPERS = access.superadmin("admin");

export const listCategoryStaticPages = defineRoute({
  method: "get",
  path: "/category-static-page",
  tag,
  summary: "The platform's category pages (search category or title, status, pages; ?categoryStaticPageId for one).",
  access: KEEPERS,
  query: categoryStaticPageListQuery,
  response: z.object({ list: z.array(categoryStaticPageDto), total: z.number(), page: z.number(), pageSize: z.number() }),
  async handler({ deps, query }) {
    return listPages(deps.db, query);
  },
});

export const saveCategoryStaticPage = defineRoute({
  method: "post",
  path: "/category-static-page",
  tag,
  summary: "Create a category page, or update one with categoryStaticPageId. One page per category (409); plain text paragraphs, no HTML.",
  access: KEEPERS,
  body: categoryStaticPageBody,
  response: z.object({ page: categoryStaticPageDto, created: z.boolean() }),
  async handler({ deps, body }) {
    return savePage(deps.db, body, deps.now());
  },
});

export const deleteCategoryStaticPage = defineRoute({
  method: "delete",
  path: "/category-static-page",
  tag,
  summary: "Delete a category page (?categoryStaticPageId). Cards of that category stop linking to it.",
  access: KEEPERS,
  query: z.object({ categoryStaticPageId: q.int("categoryStaticPageId") }),
  response: z.object({ deleted: z.literal(true), categoryStaticPageId: z.number() }),
  async handler({ deps, query }) {
    return deletePage(deps.db, query.categoryStaticPageId);
  },
});

export const getPublicCategoryPage = defineRoute({
  method: "get",
  path: "/category-static-page/public/{slug}",
  tag,
  summary: "A published category page as visitors see it on this agency's host (/category/{slug}); 404 when there is none.",
  access: access.public,
  params: z.object({ slug: z.string().trim().toLowerCase().min(1, "slug is required.").max(100, "slug is too long.") }),
  response: publicCategoryPageDto,
  async handler({ c, deps, agency, params }) {
    return publicPage(deps.db, agency.id, params.slug, requestOrigin(c, deps.config));
  },
});

export const categoryStaticPageRoutes = [listCategoryStaticPages, saveCategoryStaticPage, deleteCategoryStaticPage, getPublicCategoryPage] as const;
