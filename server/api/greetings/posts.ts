import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { PUBLIC_UPLOADS_PATH, type Storage } from "#server/services/storage/index.ts";
import { imageCategories, imagePostTags, imagePosts, imageSubcategories, imageTags } from "#server/db/schema/content.ts";
import { agencies } from "#server/db/schema/core.ts";
import { ApiError, forbidden, notFound } from "#server/api/lib/errors.ts";
import type { Actor } from "#server/auth/roles.ts";
import { GREETING_TEXTS, mediaKindOf, type MediaType, type PostShape } from "#contracts/greetings-enums.ts";
import type {
  ImagePostDto,
  imagePostFieldsSchema,
  imagePostListQuery,
  imagePostSearchQuery,
  multipleSubcategoriesQuery,
} from "#contracts/greetings.ts";
import { asFlag, contentVisible, postManageable, postVisible, type GreetingScope } from "./scope.ts";
import { postableSubcategory, visibleTagIds } from "./content.ts";
import { indiaDate } from "#contracts/india-time.ts";
import { MediaError, ensureDemoMedia, keyOfUrl, lowQualityOf, readMedia, storePostFile } from "./media.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const postColumns = (s: GreetingScope) => ({
  imageId: imagePosts.imageId,
  imageSubcategoryId: imagePosts.imageSubcategoryId,
  subcategoryName: imageSubcategories.name,
  categoryName: imageCategories.name,
  mediaType: imagePosts.mediaType,
  postShape: imagePosts.postShape,
  mediaKind: imagePosts.mediaKind,
  url: imagePosts.url,
  lowQualityUrl: imagePosts.lowQualityUrl,
  postDate: imagePosts.postDate,
  eventDate: imageSubcategories.eventDate,
  placement: imagePosts.placement,
  isAgencyExclusive: imagePosts.isAgencyExclusive,
  isPlatform: sql<boolean>`${imagePosts.agencyId} is null`.mapWith(Boolean),
  manageable: asFlag(postManageable(s)),
  tags: sql<string[]>`coalesce((select array_agg(${imageTags.name} order by ${imageTags.name}) from ${imagePostTags} join ${imageTags} on ${imageTags.imageTagId} = ${imagePostTags.imageTagId} where ${imagePostTags.imageId} = ${imagePosts.imageId}), '{}')`,
  createdAt: imagePosts.createdAt,
});

/** Visible posts in visible, active subcategories. */
const baseWhere = (s: GreetingScope) =>
  and(
    postVisible(s),
    eq(imageSubcategories.isActive, true),
    eq(imageCategories.isActive, true),
    contentVisible(imageSubcategories.agencyId, s),
    contentVisible(imageCategories.agencyId, s),
  )!;

function selectPosts(db: Db, s: GreetingScope) {
  return db
    .select(postColumns(s))
    .from(imagePosts)
    .innerJoin(imageSubcategories, eq(imageSubcategories.imageSubcategoryId, imagePosts.imageSubcategoryId))
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId));
}

async function countPosts(db: Db, where: SQL) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(imagePosts)
    .innerJoin(imageSubcategories, eq(imageSubcategories.imageSubcategoryId, imagePosts.imageSubcategoryId))
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId))
    .where(where);
  return total;
}

/** Matches the text in the subcategory's, the category's or a tag's name. */
const textMatch = (search: string) => {
  const like = `%${escapeLike(search)}%`;
  return or(
    ilike(imageSubcategories.name, like),
    ilike(imageCategories.name, like),
    sql`exists (select 1 from ${imagePostTags} join ${imageTags} on ${imageTags.imageTagId} = ${imagePostTags.imageTagId} where ${imagePostTags.imageId} = ${imagePosts.imageId} and ${imageTags.name} ilike ${like})`,
  )!;
};

const newestFirst = [sql`${imagePosts.postDate} desc nulls last`, desc(imagePosts.createdAt), desc(imagePosts.imageId)];

async function withMedia(storage: Storage, list: ImagePostDto[]) {
  // Served through /uploads, a demo file missing is drawn when the browser asks for it (main.ts):
  // the list, and the page it is on, wait for none (issue 23). A public bucket's URLs need them now.
  if (storage.publicUrl("x.jpg").startsWith(`${PUBLIC_UPLOADS_PATH}/`)) return list;
  await ensureDemoMedia(storage, list.flatMap((p) => [p.url, p.lowQualityUrl]));
  return list;
}

export async function listPosts(db: Db, storage: Storage, s: GreetingScope, query: z.output<typeof imagePostListQuery>, now: Date) {
  const where: SQL[] = [baseWhere(s)];
  if (query.own) where.push(postManageable(s));
  if (query.imageSubcategoryId) where.push(eq(imagePosts.imageSubcategoryId, query.imageSubcategoryId));
  if (query.imageCategoryId) where.push(eq(imageSubcategories.imageCategoryId, query.imageCategoryId));
  if (query.imageTagId)
    where.push(sql`exists (select 1 from ${imagePostTags} where ${imagePostTags.imageId} = ${imagePosts.imageId} and ${imagePostTags.imageTagId} = ${query.imageTagId})`);
  if (query.mediaType) where.push(eq(imagePosts.mediaType, query.mediaType));
  if (query.postShape) where.push(eq(imagePosts.postShape, query.postShape));
  if (query.mediaKind) where.push(eq(imagePosts.mediaKind, query.mediaKind));
  if (query.placement) where.push(or(eq(imagePosts.placement, query.placement), eq(imagePosts.placement, "COMMON"))!);
  if (query.date) {
    const day = query.date === "today" ? indiaDate(now) : query.date;
    where.push(or(eq(imagePosts.postDate, day), eq(imageSubcategories.eventDate, day))!);
  }
  if (query.search) where.push(textMatch(query.search));
  const condition = and(...where)!;
  const total = await countPosts(db, condition);
  const list = await selectPosts(db, s)
    .where(condition)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, page: query.page, pageSize: query.pageSize, list: await withMedia(storage, list) };
}

/**
 * GET /image-post/search: the posts matching by subcategory, by category and by tag, merged
 * into one list with each imageId once (a post can match all three ways).
 */
export async function searchPosts(db: Db, storage: Storage, s: GreetingScope, query: z.output<typeof imagePostSearchQuery>) {
  const where: SQL[] = [baseWhere(s), textMatch(query.search)];
  if (query.mediaType) where.push(eq(imagePosts.mediaType, query.mediaType));
  const condition = and(...where)!;
  const total = await countPosts(db, condition);
  const list = await selectPosts(db, s)
    .where(condition)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, page: query.page, pageSize: query.pageSize, list: await withMedia(storage, list) };
}

export async function postsByIds(db: Db, storage: Storage, s: GreetingScope, imageIds: number[]) {
  const list = await selectPosts(db, s)
    .where(and(baseWhere(s), inArray(imagePosts.imageId, imageIds)))
    .orderBy(...newestFirst);
  return { total: list.length, list: await withMedia(storage, list) };
}

/** One visible post (for branding); 404 when the caller may not see it. */
export async function visiblePost(db: Db, s: GreetingScope, imageId: number) {
  const [post] = await selectPosts(db, s)
    .where(and(baseWhere(s), eq(imagePosts.imageId, imageId)))
    .limit(1);
  if (!post) throw notFound(GREETING_TEXTS.postNotFound);
  return post;
}

/** A page of posts for each subcategory asked for (visible ones; others are left out). */
export async function postsOfSubcategories(db: Db, storage: Storage, s: GreetingScope, query: z.output<typeof multipleSubcategoriesQuery>) {
  const subcats = await db
    .select({ imageSubcategoryId: imageSubcategories.imageSubcategoryId, name: imageSubcategories.name, eventDate: imageSubcategories.eventDate })
    .from(imageSubcategories)
    .innerJoin(imageCategories, eq(imageCategories.imageCategoryId, imageSubcategories.imageCategoryId))
    .where(
      and(
        inArray(imageSubcategories.imageSubcategoryId, query.imageSubcategoryIds),
        eq(imageSubcategories.isActive, true),
        contentVisible(imageSubcategories.agencyId, s),
        contentVisible(imageCategories.agencyId, s),
      ),
    );
  const order = new Map(query.imageSubcategoryIds.map((id, i) => [id, i]));
  subcats.sort((a, b) => order.get(a.imageSubcategoryId)! - order.get(b.imageSubcategoryId)!);
  const list = await Promise.all(
    subcats.map(async (sc) => {
      const where = and(baseWhere(s), eq(imagePosts.imageSubcategoryId, sc.imageSubcategoryId), query.mediaType ? eq(imagePosts.mediaType, query.mediaType) : undefined)!;
      const [total, posts] = await Promise.all([
        countPosts(db, where),
        selectPosts(db, s)
          .where(where)
          .orderBy(...newestFirst)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      ]);
      return { ...sc, total, posts: await withMedia(storage, posts) };
    }),
  );
  return { page: query.page, pageSize: query.pageSize, list };
}

type PostFields = z.output<typeof imagePostFieldsSchema>;

/** Checks the fields shared by every file of an upload once: subcategory, tags, target agency. */
export async function preparePost(db: Db, s: GreetingScope, fields: PostFields) {
  await postableSubcategory(db, s, fields.imageSubcategoryId);
  const tagIds = await visibleTagIds(db, s, fields.imageTagIds ? [...new Set(fields.imageTagIds.split(",").map(Number))] : []);
  let agencyId = s.owner;
  let exclusive = false;
  if (fields.exclusiveForAgencyId) {
    // Only the platform makes a post exclusive to one agency.
    if (!s.superadmin) throw new ApiError(422, "Only the platform makes exclusive posts.", { fieldErrors: { exclusiveForAgencyId: ["Only the platform makes exclusive posts."] } });
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, fields.exclusiveForAgencyId)).limit(1);
    if (!agency) throw notFound("We could not find that agency.");
    agencyId = agency.id;
    exclusive = true;
  }
  return { tagIds, agencyId, exclusive };
}

/** Stores one file and its row; a bad file throws MediaError (the caller reports it per file). */
export async function createPost(
  db: Db,
  storage: Storage,
  s: GreetingScope,
  actor: { franchiseeId: number },
  fields: PostFields,
  prepared: Awaited<ReturnType<typeof preparePost>>,
  file: File,
  now: Date,
) {
  const stored = await storePostFile(storage, s.owner, file, fields.postShape);
  if (stored.mediaType === "VIDEO" && !s.videosIncluded) {
    await storage.delete(stored.key).catch(() => {});
    throw new MediaError(422, GREETING_TEXTS.videosNotIncluded);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(imagePosts)
        .values({
          agencyId: prepared.agencyId,
          imageSubcategoryId: fields.imageSubcategoryId,
          mediaType: stored.mediaType,
          postShape: fields.postShape,
          mediaKind: mediaKindOf(stored.mediaType as MediaType, fields.postShape as PostShape),
          url: stored.url,
          lowQualityUrl: stored.lowQualityUrl,
          postDate: fields.postDate ?? null,
          isAgencyExclusive: prepared.exclusive,
          placement: fields.placement,
          createdByFranchiseeId: actor.franchiseeId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ imageId: imagePosts.imageId });
      if (prepared.tagIds.length) await tx.insert(imagePostTags).values(prepared.tagIds.map((imageTagId) => ({ imageId: row.imageId, imageTagId })));
      return row.imageId;
    });
  } catch (err) {
    // No row, no files.
    await storage.delete(stored.key).catch(() => {});
    if (stored.lowQualityKey) await storage.delete(stored.lowQualityKey).catch(() => {});
    throw err;
  }
}

/** POST /image-post/generate-low-quality-image-post: (re)makes ≤ 30 KB previews of manageable image posts. */
export async function generateLowQuality(db: Db, storage: Storage, s: GreetingScope, imageIds: number[]) {
  const rows = await db
    .select({ imageId: imagePosts.imageId, url: imagePosts.url, mediaType: imagePosts.mediaType })
    .from(imagePosts)
    .where(and(inArray(imagePosts.imageId, imageIds), postManageable(s)));
  if (rows.length !== new Set(imageIds).size) throw notFound(GREETING_TEXTS.postNotFound);
  const list = [];
  for (const row of rows) {
    if (row.mediaType !== "IMAGE") {
      list.push({ imageId: row.imageId, lowQualityUrl: null, bytes: 0 });
      continue;
    }
    const bytes = await readMedia(storage, row.url);
    if (!bytes) throw notFound(GREETING_TEXTS.postNotFound);
    const preview = await lowQualityOf(bytes);
    const key = keyOfUrl(storage, row.url)!.replace(/\.jpg$/, "") + "-lq.jpg";
    await storage.put(key, preview, "image/jpeg");
    const lowQualityUrl = storage.publicUrl(key);
    await db.update(imagePosts).set({ lowQualityUrl }).where(eq(imagePosts.imageId, row.imageId));
    list.push({ imageId: row.imageId, lowQualityUrl, bytes: preview.byteLength });
  }
  return { list };
}

/** DELETE /image-post: every id must be one the caller manages, else 404 and nothing is deleted. */
export async function deletePosts(db: Db, storage: Storage, s: GreetingScope, imageIds: number[]) {
  const ids = [...new Set(imageIds)];
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ imageId: imagePosts.imageId, url: imagePosts.url, lowQualityUrl: imagePosts.lowQualityUrl })
      .from(imagePosts)
      .where(and(inArray(imagePosts.imageId, ids), postManageable(s)))
      .for("update");
    if (rows.length !== ids.length) throw notFound(GREETING_TEXTS.postNotFound);
    await tx.delete(imagePosts).where(inArray(imagePosts.imageId, ids));
    return rows;
  });
  for (const row of deleted) {
    for (const url of [row.url, row.lowQualityUrl]) {
      const key = url && keyOfUrl(storage, url);
      // Demo files are shared by the seed's rows; uploaded ones belong to this post alone.
      if (key && !key.startsWith("demo/")) await storage.delete(key).catch(() => {});
    }
  }
  return { deleted: true as const, imageIds: deleted.map((r) => r.imageId) };
}

/* ---------------- Uploads (staff who manage greetings) ---------------- */

type Uploader = { db: Db; storage: Storage; now: () => Date };

/** POST /image-post: one file; a bad file is a 4xx on the `file` field. */
export async function uploadPost(deps: Uploader, s: GreetingScope, actor: Actor, body: PostFields & { file: File }) {
  if (actor.kind !== "staff") throw forbidden();
  const prepared = await preparePost(deps.db, s, body);
  try {
    return { imageId: await createPost(deps.db, deps.storage, s, actor, body, prepared, body.file, deps.now()) };
  } catch (err) {
    if (err instanceof MediaError) throw new ApiError(err.status, err.message, { fieldErrors: { file: [err.message] } });
    throw err;
  }
}

/** POST /image-post/multiple: each file checked and stored on its own; the answer lists each file's result or error. */
export async function uploadPosts(deps: Uploader, s: GreetingScope, actor: Actor, body: PostFields & { files: File[] }) {
  if (actor.kind !== "staff") throw forbidden();
  const prepared = await preparePost(deps.db, s, body);
  const results = [];
  for (const file of body.files) {
    try {
      const imageId = await createPost(deps.db, deps.storage, s, actor, body, prepared, file, deps.now());
      results.push({ fileName: file.name, ok: true, imageId, error: null });
    } catch (err) {
      if (!(err instanceof MediaError)) throw err;
      results.push({ fileName: file.name, ok: false, imageId: null, error: err.message });
    }
  }
  return { created: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
}
