import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { preparedPerDb } from "#server/db/prepared.ts";
import { categoryStaticPages } from "#server/db/schema/content.ts";
import { conflict, notFound } from "#server/api/lib/errors.ts";
import { DUPLICATE_WINDOW_MS } from "#server/api/lib/duplicate-window.ts";
import {
  categorySlug,
  paragraphsOf,
  STATIC_PAGE_MESSAGES,
  type CategoryStaticPage,
  type categoryStaticPageBody,
  type categoryStaticPageListQuery,
  type PublicCategoryPage,
} from "#contracts/category-static-page.ts";

/*
 * Category static pages (ADR 0020). The superadmin agency's admins keep one page per business
 * category for the whole platform (agencyId null); every agency's host serves them at
 * /category/{slug}. A row with an agencyId (none are made yet) would be that agency's own page
 * and win over the platform's on its host. A category is known by its slug, so "Sweet shop"
 * and "sweet-shop" are one category.
 */

type Row = typeof categoryStaticPages.$inferSelect;
const platform = isNull(categoryStaticPages.agencyId);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function toPageDto(row: Row): CategoryStaticPage {
  const c = row.content ?? {};
  return {
    categoryStaticPageId: row.categoryStaticPageId,
    category: row.category,
    slug: categorySlug(row.category),
    title: row.title,
    heading: c.heading ?? null,
    body: c.description ?? null,
    imageUrl: c.bannerUrl ?? null,
    sections: (c.sections ?? []).map((s) => ({ title: s.title || undefined, body: s.body || undefined, imageUrl: s.imageUrl })),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    isActive: row.isActive,
    updatedAt: row.updatedAt,
  };
}

export async function listPages(db: Db, query: z.output<typeof categoryStaticPageListQuery>) {
  const conditions: SQL[] = [platform];
  if (query.categoryStaticPageId) conditions.push(eq(categoryStaticPages.categoryStaticPageId, query.categoryStaticPageId));
  if (query.status) conditions.push(eq(categoryStaticPages.isActive, query.status === "active"));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(categoryStaticPages.category, like), ilike(categoryStaticPages.title, like))!);
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(categoryStaticPages).where(where);
  const rows = await db
    .select()
    .from(categoryStaticPages)
    .where(where)
    .orderBy(asc(categoryStaticPages.category), asc(categoryStaticPages.categoryStaticPageId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { list: rows.map(toPageDto), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Create a page, or update one (categoryStaticPageId). One page per category (by slug): a second
 * is 409, except the same create repeated within a few seconds (a double click), which returns
 * the first.
 */
export async function savePage(db: Db, input: z.output<typeof categoryStaticPageBody>, now: Date) {
  const slug = categorySlug(input.category);
  const values = {
    category: input.category,
    title: input.title,
    content: {
      heading: input.heading,
      description: input.body,
      bannerUrl: input.imageUrl,
      sections: input.sections.map((s) => ({ title: s.title ?? "", body: s.body ?? "", ...(s.imageUrl ? { imageUrl: s.imageUrl } : {}) })),
    },
    metaTitle: input.metaTitle ?? null,
    metaDescription: input.metaDescription ?? null,
    isActive: input.isActive,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    // One writer at a time, so two saves of one category see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x63737067}::int, 0)`);
    const others = await tx.select().from(categoryStaticPages).where(platform);
    const same = others.find((p) => categorySlug(p.category) === slug && p.categoryStaticPageId !== input.categoryStaticPageId);
    if (input.categoryStaticPageId === undefined) {
      if (same) {
        const repeat = same.title === input.title && now.getTime() - same.createdAt.getTime() < DUPLICATE_WINDOW_MS;
        if (repeat) return { page: toPageDto(same), created: false };
        throw conflict(STATIC_PAGE_MESSAGES.taken, { fieldErrors: { category: [STATIC_PAGE_MESSAGES.taken] } });
      }
      const [row] = await tx.insert(categoryStaticPages).values({ ...values, createdAt: now }).returning();
      return { page: toPageDto(row), created: true };
    }
    if (!others.some((p) => p.categoryStaticPageId === input.categoryStaticPageId)) throw notFound(STATIC_PAGE_MESSAGES.notFound);
    if (same) throw conflict(STATIC_PAGE_MESSAGES.taken, { fieldErrors: { category: [STATIC_PAGE_MESSAGES.taken] } });
    const [row] = await tx
      .update(categoryStaticPages)
      .set(values)
      .where(eq(categoryStaticPages.categoryStaticPageId, input.categoryStaticPageId))
      .returning();
    return { page: toPageDto(row), created: false };
  });
}

export async function deletePage(db: Db, categoryStaticPageId: number) {
  const [row] = await db
    .delete(categoryStaticPages)
    .where(and(eq(categoryStaticPages.categoryStaticPageId, categoryStaticPageId), platform))
    .returning({ id: categoryStaticPages.categoryStaticPageId });
  if (!row) throw notFound(STATIC_PAGE_MESSAGES.notFound);
  return { deleted: true as const, categoryStaticPageId };
}

/** The published pages this agency's host serves: its own first, then the platform's. */
const servedWhere = (agencyId: number | ReturnType<typeof sql.placeholder>) =>
  and(eq(categoryStaticPages.isActive, true), or(eq(categoryStaticPages.agencyId, agencyId), platform));
const servedOrder = sql`${categoryStaticPages.agencyId} nulls last`;

/** Titles of the pages a host serves: on every public card view, so prepared once (ADR 0026). */
const servedBrief = preparedPerDb((db) =>
  db
    .select({ category: categoryStaticPages.category, title: categoryStaticPages.title })
    .from(categoryStaticPages)
    .where(servedWhere(sql.placeholder("agencyId")))
    .orderBy(servedOrder)
    .prepare("served_static_pages_brief"),
);

async function servedPages(db: Db, agencyId: number, columns: "all" | "brief") {
  if (columns === "brief") return servedBrief(db).execute({ agencyId });
  return db.select().from(categoryStaticPages).where(servedWhere(agencyId)).orderBy(servedOrder);
}

/** GET /category-static-page/public/{slug}: the published page for visitors, or 404. */
export async function publicPage(db: Db, agencyId: number, slug: string, origin: string): Promise<PublicCategoryPage> {
  const row = (await servedPages(db, agencyId, "all")).find((p) => categorySlug(p.category) === slug) as Row | undefined;
  if (!row) throw notFound(STATIC_PAGE_MESSAGES.notFound);
  const page = toPageDto(row);
  const firstParagraph = paragraphsOf(page.body)[0] ?? page.heading ?? page.title;
  return {
    category: page.category,
    slug: page.slug,
    title: page.title,
    heading: page.heading,
    paragraphs: paragraphsOf(page.body),
    imageUrl: page.imageUrl,
    sections: page.sections.map((s) => ({ title: s.title ?? null, paragraphs: paragraphsOf(s.body), imageUrl: s.imageUrl ?? null })),
    metaTitle: page.metaTitle || page.title,
    metaDescription: (page.metaDescription || firstParagraph).slice(0, 200),
    publicUrl: `${origin}/category/${page.slug}`,
  };
}

/**
 * The published page a business's public card links to: the one for its category, else the one
 * for its business nature (SPEC §3 enumerations: "Restaurant", "Hotel"…), else null.
 */
export async function categoryPageFor(db: Db, agencyId: number, business: { category: string | null; businessNature: string | null }) {
  const wanted = [business.category, business.businessNature].map((c) => (c ? categorySlug(c) : "")).filter(Boolean);
  if (!wanted.length) return null;
  const pages = await servedPages(db, agencyId, "brief");
  for (const slug of wanted) {
    const page = pages.find((p) => categorySlug(p.category) === slug);
    if (page) return { slug, title: page.title };
  }
  return null;
}
