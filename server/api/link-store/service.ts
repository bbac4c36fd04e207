import { and, asc, count, eq, ilike, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { preparedPerDb } from "#server/db/prepared.ts";
import { linkCategories, linkTypes } from "#server/db/schema/content.ts";
import { conflict, invalid, notFound } from "#server/api/lib/errors.ts";
import { LINK_STORE_MESSAGES, type LinkCategory, type linkCategoryBody, type LinkType, type linkTypeBody, type linkTypeListQuery } from "#contracts/link-store.ts";

/** The card editor resolves a card's links through the link store (ADR 0030: the domain's public surface). */
export { resolveCardLinks } from "./card-links.ts";

/*
 * The link store (ADR 0020): one platform-wide list of link categories and types (agencyId
 * null), kept by the superadmin agency's staff and offered to every agency's customers in the
 * card editor. Agencies do not add their own (SPEC §6 shows the Link Store only on the
 * superadmin agency), so every query here reads and writes platform rows only.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type TypeRow = typeof linkTypes.$inferSelect;

const platformCategory = isNull(linkCategories.agencyId);
const platformType = isNull(linkTypes.agencyId);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Two identical creates (a double click, a retried request) run one after the other and the second finds the first. */
const lockStore = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${0x6c6e6b73}::int, 0)`);

const toTypeDto = (row: TypeRow, categoryName: string): LinkType => ({
  linkTypeId: row.linkTypeId,
  linkCategoryId: row.linkCategoryId,
  categoryName,
  name: row.name,
  iconUrl: row.iconUrl,
  // Rows from before the link store had email/text kinds; a card link is always a web link.
  fieldType: row.fieldType === "tel" ? "tel" : "url",
  urlPrefix: row.urlPrefix,
  placeholder: row.placeholder,
  sortOrder: row.sortOrder,
});

/* ---- Categories ---- */

export async function listCategories(db: Db | Tx): Promise<LinkCategory[]> {
  return db
    .select({
      linkCategoryId: linkCategories.linkCategoryId,
      name: linkCategories.name,
      sortOrder: linkCategories.sortOrder,
      typeCount: sql<number>`count(${linkTypes.linkTypeId})::int`,
    })
    .from(linkCategories)
    .leftJoin(linkTypes, eq(linkTypes.linkCategoryId, linkCategories.linkCategoryId))
    .where(platformCategory)
    .groupBy(linkCategories.linkCategoryId)
    .orderBy(asc(linkCategories.sortOrder), asc(linkCategories.name));
}

async function findCategory(db: Db | Tx, linkCategoryId: number) {
  const [row] = await db
    .select()
    .from(linkCategories)
    .where(and(eq(linkCategories.linkCategoryId, linkCategoryId), platformCategory))
    .limit(1);
  return row ?? null;
}

export async function getCategory(db: Db, linkCategoryId: number) {
  const category = (await listCategories(db)).find((c) => c.linkCategoryId === linkCategoryId);
  if (!category) throw notFound(LINK_STORE_MESSAGES.categoryNotFound);
  return { category, types: await listTypes(db, { linkCategoryId }) };
}

/**
 * Create a category, or rename one (linkCategoryId). Creating a name that exists returns that
 * category (a repeated request makes nothing new); renaming onto another's name is 409.
 */
export async function saveCategory(db: Db, input: z.output<typeof linkCategoryBody>) {
  return db.transaction(async (tx) => {
    await lockStore(tx);
    const [same] = await tx
      .select()
      .from(linkCategories)
      .where(and(platformCategory, sql`lower(${linkCategories.name}) = lower(${input.name})`, input.linkCategoryId ? ne(linkCategories.linkCategoryId, input.linkCategoryId) : undefined))
      .limit(1);
    if (input.linkCategoryId === undefined) {
      if (same) return { linkCategoryId: same.linkCategoryId, created: false };
      const [row] = await tx.insert(linkCategories).values({ name: input.name, sortOrder: input.sortOrder }).returning();
      return { linkCategoryId: row.linkCategoryId, created: true };
    }
    if (!(await findCategory(tx, input.linkCategoryId))) throw notFound(LINK_STORE_MESSAGES.categoryNotFound);
    if (same) throw conflict(LINK_STORE_MESSAGES.categoryTaken, { fieldErrors: { name: [LINK_STORE_MESSAGES.categoryTaken] } });
    await tx.update(linkCategories).set({ name: input.name, sortOrder: input.sortOrder }).where(eq(linkCategories.linkCategoryId, input.linkCategoryId));
    return { linkCategoryId: input.linkCategoryId, created: false };
  }).then(async (r) => ({ category: (await listCategories(db)).find((c) => c.linkCategoryId === r.linkCategoryId)!, created: r.created }));
}

/** Delete an empty category; one that still holds types is 409 (cards would lose their icons). */
export async function deleteCategory(db: Db, linkCategoryId: number) {
  return db.transaction(async (tx) => {
    await lockStore(tx);
    if (!(await findCategory(tx, linkCategoryId))) throw notFound(LINK_STORE_MESSAGES.categoryNotFound);
    const [{ n }] = await tx.select({ n: count() }).from(linkTypes).where(eq(linkTypes.linkCategoryId, linkCategoryId));
    if (n > 0) throw conflict(LINK_STORE_MESSAGES.categoryNotEmpty(n));
    await tx.delete(linkCategories).where(eq(linkCategories.linkCategoryId, linkCategoryId));
    return { deleted: true as const, linkCategoryId };
  });
}

/* ---- Types ---- */

export async function listTypes(db: Db | Tx, query: z.output<typeof linkTypeListQuery>): Promise<LinkType[]> {
  const rows = await db
    .select({ type: linkTypes, categoryName: linkCategories.name })
    .from(linkTypes)
    .innerJoin(linkCategories, eq(linkCategories.linkCategoryId, linkTypes.linkCategoryId))
    .where(
      and(
        platformType,
        query.linkCategoryId ? eq(linkTypes.linkCategoryId, query.linkCategoryId) : undefined,
        query.search ? ilike(linkTypes.name, `%${escapeLike(query.search)}%`) : undefined,
      ),
    )
    .orderBy(asc(linkCategories.sortOrder), asc(linkCategories.name), asc(linkTypes.sortOrder), asc(linkTypes.name));
  return rows.map((r) => toTypeDto(r.type, r.categoryName));
}

export async function getType(db: Db | Tx, linkTypeId: number): Promise<LinkType> {
  const [row] = await db
    .select({ type: linkTypes, categoryName: linkCategories.name })
    .from(linkTypes)
    .innerJoin(linkCategories, eq(linkCategories.linkCategoryId, linkTypes.linkCategoryId))
    .where(and(eq(linkTypes.linkTypeId, linkTypeId), platformType))
    .limit(1);
  if (!row) throw notFound(LINK_STORE_MESSAGES.typeNotFound);
  return toTypeDto(row.type, row.categoryName);
}

/**
 * Create a type, or update one (linkTypeId). A type is named once per category: creating an
 * existing name returns it unchanged (a repeat), updating onto another's name is 409.
 */
export async function saveType(db: Db, input: z.output<typeof linkTypeBody>) {
  const values = {
    linkCategoryId: input.linkCategoryId,
    name: input.name,
    iconUrl: input.iconUrl,
    fieldType: input.fieldType,
    urlPrefix: input.urlPrefix ?? null,
    placeholder: input.placeholder ?? null,
    sortOrder: input.sortOrder,
  };
  const result = await db.transaction(async (tx) => {
    await lockStore(tx);
    if (!(await findCategory(tx, input.linkCategoryId))) {
      throw invalid(LINK_STORE_MESSAGES.categoryNotFound, { linkCategoryId: ["Choose a category."] });
    }
    const [same] = await tx
      .select({ linkTypeId: linkTypes.linkTypeId })
      .from(linkTypes)
      .where(
        and(
          platformType,
          eq(linkTypes.linkCategoryId, input.linkCategoryId),
          sql`lower(${linkTypes.name}) = lower(${input.name})`,
          input.linkTypeId ? ne(linkTypes.linkTypeId, input.linkTypeId) : undefined,
        ),
      )
      .limit(1);
    if (input.linkTypeId === undefined) {
      if (same) return { linkTypeId: same.linkTypeId, created: false };
      const [row] = await tx.insert(linkTypes).values(values).returning();
      return { linkTypeId: row.linkTypeId, created: true };
    }
    if (same) throw conflict(LINK_STORE_MESSAGES.typeTaken, { fieldErrors: { name: [LINK_STORE_MESSAGES.typeTaken] } });
    const [row] = await tx
      .update(linkTypes)
      .set(values)
      .where(and(eq(linkTypes.linkTypeId, input.linkTypeId), platformType))
      .returning();
    if (!row) throw notFound(LINK_STORE_MESSAGES.typeNotFound);
    return { linkTypeId: row.linkTypeId, created: false };
  });
  return { linkType: await getType(db, result.linkTypeId), created: result.created };
}

/** Delete a type. Cards that use it keep their link and label; they show the generic link icon. */
export async function deleteType(db: Db, linkTypeId: number) {
  const [row] = await db
    .delete(linkTypes)
    .where(and(eq(linkTypes.linkTypeId, linkTypeId), platformType))
    .returning({ linkTypeId: linkTypes.linkTypeId });
  if (!row) throw notFound(LINK_STORE_MESSAGES.typeNotFound);
  return { deleted: true as const, linkTypeId };
}

/** The icons of the types a card's links use, by linkTypeId (the public card draws them). */
/** Icons of a card's link types: on every public card view, so prepared once (ADR 0026). */
const platformIcons = preparedPerDb((db) =>
  db
    .select({ linkTypeId: linkTypes.linkTypeId, iconUrl: linkTypes.iconUrl })
    .from(linkTypes)
    .where(and(platformType, sql`${linkTypes.linkTypeId} = any(${sql.placeholder("ids")})`))
    .prepare("link_icons_by_ids"),
);

export async function linkIconsOf(db: Db, links: { items?: { linkTypeId?: number }[] }): Promise<Record<number, string | null>> {
  const ids = [...new Set((links.items ?? []).map((l) => l.linkTypeId).filter((id): id is number => typeof id === "number"))];
  if (!ids.length) return {};
  const rows = await platformIcons(db).execute({ ids });
  return Object.fromEntries(rows.map((r) => [r.linkTypeId, r.iconUrl]));
}
