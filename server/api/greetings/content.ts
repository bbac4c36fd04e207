import { indiaDate } from "#contracts/india-time.ts";
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { businesses } from "#server/db/schema/business.ts";
import { imageCategories, imagePosts, imageSubcategories, imageTags } from "#server/db/schema/content.ts";
import type { Actor } from "#server/auth/roles.ts";
import { notFound } from "#server/api/lib/errors.ts";
import { visibleTo } from "#server/api/lib/visible-to.ts";
import { GREETING_TEXTS } from "#contracts/greetings-enums.ts";
import type { imageCategoryBody, imageSubcategoryBody, imageSubcategoryQuery, imageTagBody } from "#contracts/greetings.ts";
import { asFlag, contentManageable, contentVisible, postVisible, type GreetingScope } from "./scope.ts";

/* Categories, subcategories and tags of greeting posts (SPEC §7 Images). */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/* ---------- categories ---------- */

export async function listCategories(db: Db, s: GreetingScope) {
  const subcats = db
    .select({ imageCategoryId: imageSubcategories.imageCategoryId, n: count().as("n") })
    .from(imageSubcategories)
    .where(and(contentVisible(imageSubcategories.agencyId, s), eq(imageSubcategories.isActive, true)))
    .groupBy(imageSubcategories.imageCategoryId)
    .as("subcats");
  const list = await db
    .select({
      imageCategoryId: imageCategories.imageCategoryId,
      name: imageCategories.name,
      description: imageCategories.description,
      sortOrder: imageCategories.sortOrder,
      isPlatform: sql<boolean>`${imageCategories.agencyId} is null`.mapWith(Boolean),
      manageable: asFlag(contentManageable(imageCategories.agencyId, s)),
      subcategoryCount: sql<number>`coalesce(${subcats.n}, 0)`.mapWith(Number),
    })
    .from(imageCategories)
    .leftJoin(subcats, eq(subcats.imageCategoryId, imageCategories.imageCategoryId))
    .where(and(contentVisible(imageCategories.agencyId, s), eq(imageCategories.isActive, true)))
    .orderBy(asc(imageCategories.sortOrder), asc(imageCategories.name));
  return { total: list.length, list };
}

async function categoryRow(db: Db, s: GreetingScope, imageCategoryId: number) {
  const [row] = await db
    .select({ imageCategoryId: imageCategories.imageCategoryId })
    .from(imageCategories)
    .where(and(eq(imageCategories.imageCategoryId, imageCategoryId), contentVisible(imageCategories.agencyId, s)))
    .limit(1);
  if (!row) throw notFound(GREETING_TEXTS.categoryNotFound);
  return row;
}

/** Creates a category, or renames one (imageCategoryId). The same name twice gives the one row. */
export async function saveCategory(db: Db, s: GreetingScope, body: z.output<typeof imageCategoryBody>) {
  const values = { name: body.name, description: body.description ?? null, sortOrder: body.sortOrder };
  if (body.imageCategoryId) {
    const [row] = await db
      .update(imageCategories)
      .set(values)
      .where(and(eq(imageCategories.imageCategoryId, body.imageCategoryId), contentManageable(imageCategories.agencyId, s)))
      .returning({ imageCategoryId: imageCategories.imageCategoryId });
    if (!row) throw notFound(GREETING_TEXTS.categoryNotFound);
    return { imageCategoryId: row.imageCategoryId, created: false };
  }
  const [row] = await db
    .insert(imageCategories)
    .values({ ...values, agencyId: s.owner })
    .onConflictDoNothing()
    .returning({ imageCategoryId: imageCategories.imageCategoryId });
  if (row) return { imageCategoryId: row.imageCategoryId, created: true };
  const [existing] = await db
    .select({ imageCategoryId: imageCategories.imageCategoryId })
    .from(imageCategories)
    .where(and(s.owner === null ? isNull(imageCategories.agencyId) : eq(imageCategories.agencyId, s.owner), eq(imageCategories.name, body.name)))
    .limit(1);
  return { imageCategoryId: existing.imageCategoryId, created: false };
}

/* ---------- subcategories ---------- */

const subcategoryColumns = (s: GreetingScope) => ({
  imageSubcategoryId: imageSubcategories.imageSubcategoryId,
  imageCategoryId: imageSubcategories.imageCategoryId,
  categoryName: imageCategories.name,
  name: imageSubcategories.name,
  description: imageSubcategories.description,
  thumbnailUrl: imageSubcategories.thumbnailUrl,
  eventDate: imageSubcategories.eventDate,
  placement: imageSubcategories.placement,
  showOnHome: imageSubcategories.showOnHome,
  sortOrder: imageSubcategories.sortOrder,
  isPlatform: sql<boolean>`${imageSubcategories.agencyId} is null`.mapWith(Boolean),
  manageable: asFlag(contentManageable(imageSubcategories.agencyId, s)),
  postCount: sql<number>`(select count(*) from ${imagePosts} where ${imagePosts.imageSubcategoryId} = ${imageSubcategories.imageSubcategoryId} and ${postVisible(s)})`.mapWith(Number),
});

const subcategoryBase = (s: GreetingScope) =>
  and(
    contentVisible(imageSubcategories.agencyId, s),
    eq(imageSubcategories.isActive, true),
    contentVisible(imageCategories.agencyId, s),
    eq(imageCategories.isActive, true),
  )!;

function selectSubcategories(db: Db, s: GreetingScope) {
  return db
    .select(subcategoryColumns(s))
    .from(imageSubcategories)
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId));
}

/** The business's own subcategory: its imageSubcategoryId, else the one named like its category. */
export async function businessSubcategory(db: Db, actor: Actor, agencyId: number, businessId: number) {
  const [b] = await db
    .select({ imageSubcategoryId: businesses.imageSubcategoryId, category: businesses.category })
    .from(businesses)
    .where(and(eq(businesses.businessId, businessId), visibleTo(actor, agencyId)))
    .limit(1);
  if (!b) throw notFound("Business not found.");
  return b;
}


export async function listSubcategories(db: Db, actor: Actor, s: GreetingScope, query: z.output<typeof imageSubcategoryQuery>, now: Date) {
  const where: SQL[] = [subcategoryBase(s)];
  if (query.upcomingDays) {
    where.push(sql`${imageSubcategories.eventDate} > ${indiaDate(now)}`);
    where.push(lte(imageSubcategories.eventDate, indiaDate(now, query.upcomingDays)));
  }
  if (query.evergreen !== undefined) where.push(query.evergreen ? isNull(imageSubcategories.eventDate) : sql`${imageSubcategories.eventDate} is not null`);
  if (query.imageCategoryId) where.push(eq(imageSubcategories.imageCategoryId, query.imageCategoryId));
  if (query.placement) where.push(or(eq(imageSubcategories.placement, query.placement), eq(imageSubcategories.placement, "COMMON"))!);
  if (query.fromDate) where.push(gte(imageSubcategories.eventDate, query.fromDate));
  if (query.toDate) where.push(lte(imageSubcategories.eventDate, query.toDate));
  if (query.search) where.push(ilike(imageSubcategories.name, `%${escapeLike(query.search)}%`));
  if (query.withPosts)
    where.push(sql`exists (select 1 from ${imagePosts} where ${imagePosts.imageSubcategoryId} = ${imageSubcategories.imageSubcategoryId} and ${postVisible(s)})`);
  // The business's own category first (business.category ↔ subcategory name).
  let first: SQL = sql`1`;
  if (query.businessId) {
    const own = await businessSubcategory(db, actor, s.agencyId, query.businessId);
    first = sql`case when ${imageSubcategories.imageSubcategoryId} = ${own.imageSubcategoryId ?? 0} or lower(${imageSubcategories.name}) = lower(${own.category ?? ""}) then 0 else 1 end`;
  }
  const condition = and(...where);
  const [{ total }] = await db
    .select({ total: count() })
    .from(imageSubcategories)
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId))
    .where(condition);
  const list = await selectSubcategories(db, s)
    .where(condition)
    .orderBy(first, sql`${imageSubcategories.eventDate} asc nulls last`, asc(imageCategories.sortOrder), asc(imageSubcategories.sortOrder), asc(imageSubcategories.name))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, page: query.page, pageSize: query.pageSize, list };
}

export async function subcategoriesOfCategories(db: Db, s: GreetingScope, imageCategoryIds: number[]) {
  const list = await selectSubcategories(db, s)
    .where(and(subcategoryBase(s), inArray(imageSubcategories.imageCategoryId, imageCategoryIds)))
    .orderBy(asc(imageCategories.sortOrder), asc(imageSubcategories.sortOrder), asc(imageSubcategories.name));
  return { total: list.length, list };
}

export async function subcategoriesOfCategoryName(db: Db, s: GreetingScope, imageCategoryName: string) {
  const list = await selectSubcategories(db, s)
    .where(and(subcategoryBase(s), sql`lower(${imageCategories.name}) = lower(${imageCategoryName})`))
    .orderBy(asc(imageSubcategories.sortOrder), asc(imageSubcategories.name));
  return { total: list.length, list };
}

/** Adds a subcategory to a visible category (or changes one the caller owns). Same name twice: the one row. */
export async function saveSubcategory(db: Db, s: GreetingScope, imageCategoryId: number, body: z.output<typeof imageSubcategoryBody>) {
  await categoryRow(db, s, imageCategoryId);
  const values = {
    name: body.name,
    description: body.description ?? null,
    eventDate: body.eventDate ?? null,
    placement: body.placement,
    showOnHome: body.placement === "HOME_PAGE",
    sortOrder: body.sortOrder,
  };
  if (body.imageSubcategoryId) {
    const [row] = await db
      .update(imageSubcategories)
      .set(values)
      .where(
        and(
          eq(imageSubcategories.imageSubcategoryId, body.imageSubcategoryId),
          eq(imageSubcategories.imageCategoryId, imageCategoryId),
          contentManageable(imageSubcategories.agencyId, s),
        ),
      )
      .returning({ imageSubcategoryId: imageSubcategories.imageSubcategoryId });
    if (!row) throw notFound(GREETING_TEXTS.subcategoryNotFound);
    return { imageSubcategoryId: row.imageSubcategoryId, created: false };
  }
  const [row] = await db
    .insert(imageSubcategories)
    .values({ ...values, imageCategoryId, agencyId: s.owner })
    .onConflictDoNothing()
    .returning({ imageSubcategoryId: imageSubcategories.imageSubcategoryId });
  if (row) return { imageSubcategoryId: row.imageSubcategoryId, created: true };
  // (category, name) is unique: the same request again finds the row it made.
  const [existing] = await db
    .select({ imageSubcategoryId: imageSubcategories.imageSubcategoryId, manageable: asFlag(contentManageable(imageSubcategories.agencyId, s)) })
    .from(imageSubcategories)
    .where(and(eq(imageSubcategories.imageCategoryId, imageCategoryId), eq(imageSubcategories.name, body.name)))
    .limit(1);
  if (!existing?.manageable) throw notFound(GREETING_TEXTS.subcategoryNotFound);
  return { imageSubcategoryId: existing.imageSubcategoryId, created: false };
}

export async function deleteSubcategory(db: Db, s: GreetingScope, imageCategoryId: number, imageSubcategoryId: number) {
  const [row] = await db
    .delete(imageSubcategories)
    .where(
      and(
        eq(imageSubcategories.imageSubcategoryId, imageSubcategoryId),
        eq(imageSubcategories.imageCategoryId, imageCategoryId),
        contentManageable(imageSubcategories.agencyId, s),
      ),
    )
    .returning({ imageSubcategoryId: imageSubcategories.imageSubcategoryId });
  if (!row) throw notFound(GREETING_TEXTS.subcategoryNotFound);
  return { deleted: true as const, imageSubcategoryId: row.imageSubcategoryId };
}

/** A subcategory a new post may go into: visible to the caller (an agency may post under platform ones). */
export async function postableSubcategory(db: Db, s: GreetingScope, imageSubcategoryId: number) {
  const [row] = await db
    .select({ imageSubcategoryId: imageSubcategories.imageSubcategoryId, eventDate: imageSubcategories.eventDate, agencyId: imageSubcategories.agencyId })
    .from(imageSubcategories)
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId))
    .where(and(eq(imageSubcategories.imageSubcategoryId, imageSubcategoryId), subcategoryBase(s)))
    .limit(1);
  // The platform's library only uses platform subcategories (an agency's would be invisible to others).
  if (!row || (s.owner === null && row.agencyId !== null)) throw notFound(GREETING_TEXTS.subcategoryNotFound);
  return row;
}

/* ---------- tags ---------- */

export async function listTags(db: Db, s: GreetingScope) {
  const list = await db
    .select({
      imageTagId: imageTags.imageTagId,
      name: imageTags.name,
      isPlatform: sql<boolean>`${imageTags.agencyId} is null`.mapWith(Boolean),
      manageable: asFlag(contentManageable(imageTags.agencyId, s)),
    })
    .from(imageTags)
    .where(contentVisible(imageTags.agencyId, s))
    .orderBy(asc(imageTags.name));
  return { total: list.length, list };
}

export async function saveTag(db: Db, s: GreetingScope, body: z.output<typeof imageTagBody>) {
  const [row] = await db
    .insert(imageTags)
    .values({ name: body.name, agencyId: s.owner })
    .onConflictDoNothing()
    .returning({ imageTagId: imageTags.imageTagId });
  if (row) return { imageTagId: row.imageTagId, name: body.name, created: true };
  const [existing] = await db
    .select({ imageTagId: imageTags.imageTagId })
    .from(imageTags)
    .where(and(s.owner === null ? isNull(imageTags.agencyId) : eq(imageTags.agencyId, s.owner), eq(imageTags.name, body.name)))
    .limit(1);
  return { imageTagId: existing.imageTagId, name: body.name, created: false };
}

export async function deleteTag(db: Db, s: GreetingScope, imageTagId: number) {
  const [row] = await db
    .delete(imageTags)
    .where(and(eq(imageTags.imageTagId, imageTagId), contentManageable(imageTags.agencyId, s)))
    .returning({ imageTagId: imageTags.imageTagId });
  if (!row) throw notFound(GREETING_TEXTS.tagNotFound);
  return { deleted: true as const, imageTagId: row.imageTagId };
}

/** Tag ids the caller may attach (visible ones); unknown ids are 404. */
export async function visibleTagIds(db: Db, s: GreetingScope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ imageTagId: imageTags.imageTagId })
    .from(imageTags)
    .where(and(inArray(imageTags.imageTagId, ids), contentVisible(imageTags.agencyId, s)));
  if (rows.length !== ids.length) throw notFound(GREETING_TEXTS.tagNotFound);
  return ids;
}
