import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import type { Deps } from "#server/api/lib/env.ts";
import {
  imageCategories,
  imagePostTags,
  imagePosts,
  imageSubcategories,
  imageTags,
} from "#server/db/schema/content.ts";
import { defineJob, type JobQueue } from "#server/services/queue/index.ts";
import { drawGreeting } from "#server/services/branding/greeting-art.ts";
import { DEMO_PREFIX } from "#server/services/branding/demo-image.ts";
import { indiaDate } from "#contracts/india-time.ts";
import { ensureDemoMedia } from "./media.ts";
import { backgroundTurn } from "#server/services/foreground.ts";
import {
  LANGUAGE_TAGS,
  nextDate,
  starterPosts,
  type StarterPost,
} from "./starter-catalogue.ts";

/*
 * The starter library (issue 26, ADR 0073): made once, at the first start, by a queue job, never
 * while a page waits. Each post's file is drawn and stored before its row is written, and a post
 * whose file key already has a row is skipped, so a restart halfway finishes the rest and a
 * second run adds nothing. The same job draws the seeded demo posts' pictures (ADR 0047 drew
 * them when a browser asked), so the first greetings page finds every file made.
 */

export const starterLibraryJob = defineJob<Record<string, never>>(
  "greetings.starter-library",
  {
    policy: "stately",
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
  },
);

const STARTER_FOLDER = "platform/greetings/starter";
export const starterKey = (slug: string, lowQuality = false) =>
  `${STARTER_FOLDER}/${slug}${lowQuality ? "-lq" : ""}.jpg`;

/** How many posts the library has (the job's goal). */
export const STARTER_POST_COUNT = starterPosts().length;

/** The platform category a theme goes under, made if missing (an installation without the demo). */
async function categoryId(deps: Deps, name: string, sortOrder: number) {
  await deps.db
    .insert(imageCategories)
    .values({ name, sortOrder })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: imageCategories.imageCategoryId })
    .from(imageCategories)
    .where(
      and(isNull(imageCategories.agencyId), eq(imageCategories.name, name)),
    );
  return row.id;
}

async function subcategoryId(
  deps: Deps,
  categories: Map<string, number>,
  post: StarterPost,
  today: string,
) {
  const imageCategoryId = categories.get(post.theme.category)!;
  const eventDate = nextDate(post.theme, today);
  // (category, name) is unique: an existing subcategory (the seed's Christmas) is used as it is.
  await deps.db
    .insert(imageSubcategories)
    .values({
      imageCategoryId,
      name: post.theme.subcategory,
      eventDate,
      placement: "COMMON",
      showOnHome: false,
      sortOrder: 20,
    })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: imageSubcategories.imageSubcategoryId })
    .from(imageSubcategories)
    .where(
      and(
        eq(imageSubcategories.imageCategoryId, imageCategoryId),
        eq(imageSubcategories.name, post.theme.subcategory),
      ),
    );
  return row.id;
}

async function tagId(deps: Deps, name: string) {
  await deps.db.insert(imageTags).values({ name }).onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: imageTags.imageTagId })
    .from(imageTags)
    .where(and(isNull(imageTags.agencyId), eq(imageTags.name, name)));
  return row.id;
}

/** Posts of the library already made (rows whose file is one of its keys). */
export async function starterPostsMade(deps: Pick<Deps, "db" | "storage">) {
  const prefix = deps.storage.publicUrl(`${STARTER_FOLDER}/`);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(imagePosts)
    .where(
      and(isNull(imagePosts.agencyId), like(imagePosts.url, `${prefix}%`)),
    );
  return n;
}

/** The job: every missing post drawn, stored and listed; then the demo posts' pictures. */
export async function buildStarterLibrary(
  deps: Pick<Deps, "db" | "storage" | "now" | "logger">,
  signal?: AbortSignal,
) {
  const posts = starterPosts();
  const urls = posts.map((p) => deps.storage.publicUrl(starterKey(p.slug)));
  const existing = new Set(
    (
      await deps.db
        .select({ url: imagePosts.url })
        .from(imagePosts)
        .where(and(isNull(imagePosts.agencyId), inArray(imagePosts.url, urls)))
    ).map((r) => r.url),
  );
  const today = indiaDate(deps.now());
  const categories = new Map<string, number>([
    ["Festivals", await categoryId(deps as Deps, "Festivals", 1)],
    ["Daily Wishes", await categoryId(deps as Deps, "Daily Wishes", 3)],
  ]);
  let made = 0;
  for (const [i, post] of posts.entries()) {
    if (existing.has(urls[i])) continue;
    signal?.throwIfAborted();
    // After the requests being answered: this runs on the first start, when people arrive too.
    await backgroundTurn();
    const design = {
      headline: post.headline,
      subline: post.subline,
      motifs: post.theme.motifs,
      palette: post.theme.palette,
      layout: post.layout,
    };
    await deps.storage.put(
      starterKey(post.slug),
      await drawGreeting(design),
      "image/jpeg",
    );
    await deps.storage.put(
      starterKey(post.slug, true),
      await drawGreeting(design, true),
      "image/jpeg",
    );
    const imageSubcategoryId = await subcategoryId(
      deps as Deps,
      categories,
      post,
      today,
    );
    const tags = [
      await tagId(deps as Deps, LANGUAGE_TAGS[post.language]),
      await tagId(
        deps as Deps,
        post.theme.category === "Festivals" ? "festival" : "daily",
      ),
    ];
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(imagePosts)
        .values({
          imageSubcategoryId,
          mediaType: "IMAGE",
          postShape: "SQUARE",
          mediaKind: "SQUARE_IMAGE",
          url: urls[i],
          lowQualityUrl: deps.storage.publicUrl(starterKey(post.slug, true)),
          placement: "COMMON",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ imageId: imagePosts.imageId });
      await tx
        .insert(imagePostTags)
        .values(
          tags.map((imageTagId) => ({ imageId: row.imageId, imageTagId })),
        );
    });
    made++;
  }
  // The seeded demo posts' pictures, drawn now rather than when a customer's page asks.
  const demo = await deps.db
    .select({ url: imagePosts.url, lowQualityUrl: imagePosts.lowQualityUrl })
    .from(imagePosts)
    .where(like(imagePosts.url, `%/${DEMO_PREFIX}%`));
  await ensureDemoMedia(
    deps.storage,
    demo.flatMap((d) => [d.url, d.lowQualityUrl]),
    { background: true },
  );
  return { made, total: posts.length, demoFiles: demo.length };
}

/** Sends the job when the library is not complete (the first start, or one stopped halfway); its id, else null. */
export async function sendStarterLibrary(
  deps: Pick<Deps, "db" | "storage">,
  queue: JobQueue,
) {
  if ((await starterPostsMade(deps)) >= STARTER_POST_COUNT) return null;
  return queue.send(starterLibraryJob, {}, { singletonKey: "starter-library" });
}

/** Registers the worker, then sends the job if there is anything to make (and `sendNow`). */
export async function startStarterLibrary(deps: Deps, queue: JobQueue, { sendNow = true }: { sendNow?: boolean } = {}) {
  await queue.work(starterLibraryJob, async (job) => {
    const out = await buildStarterLibrary(deps, job.signal);
    deps.logger.info("Greeting starter library ready", out);
  });
  return sendNow ? sendStarterLibrary(deps, queue) : null;
}
