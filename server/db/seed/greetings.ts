import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";
import { imageCategories, imagePostTags, imagePosts, imageSubcategories, imageTags } from "../schema/content.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/*
 * Demo greeting posts (ADR 0021): rows only. Each url names a demo file
 * (/uploads/demo/greetings/<slug>.jpg) that the API draws and stores the first time it is read
 * (server/services/branding/demo-image.ts), so seeding stays as fast as before.
 */

const DAY = 24 * 60 * 60 * 1000;
/** YYYY-MM-DD in India (the customers' day). */
const istDate = (d: Date) => new Date(d.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10);

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const demoUrl = (slug: string) => `/uploads/demo/greetings/${slug}.jpg`;

/** Fixed-date festivals that fall in the coming weeks of any year, so the calendar always has some. */
const FESTIVALS: [name: string, month: number, day: number][] = [
  ["Makar Sankranti", 1, 14],
  ["Valentine's Day", 2, 14],
  ["Women's Day", 3, 8],
  ["Ambedkar Jayanti", 4, 14],
  ["Labour Day", 5, 1],
  ["Yoga Day", 6, 21],
  ["Doctors' Day", 7, 1],
  ["Teachers' Day", 9, 5],
  ["Children's Day", 11, 14],
  ["Christmas", 12, 25],
  ["New Year", 1, 1],
];

function nextOccurrence(month: number, day: number, today: string) {
  const year = Number(today.slice(0, 4));
  const date = (y: number) => `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return date(year) >= today ? date(year) : date(year + 1);
}

export async function seedGreetings(tx: Tx, now: Date) {
  const today = istDate(now);
  const [festivals] = await tx.select().from(imageCategories).where(and(isNull(imageCategories.agencyId), eq(imageCategories.name, "Festivals")));
  if (!festivals) return;
  // Today's festival, and the next fixed-date festivals (within ~10 weeks).
  const upcoming = FESTIVALS.map(([name, m, d]) => ({ name, eventDate: nextOccurrence(m, d, today) }))
    .filter((f) => Date.parse(f.eventDate) - Date.parse(today) <= 70 * DAY)
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate))
    .slice(0, 4);
  const added = await tx
    .insert(imageSubcategories)
    .values([
      { imageCategoryId: festivals.imageCategoryId, name: "Shubh Din", eventDate: today, placement: "GREETING_IMAGE_PAGE", sortOrder: 0 },
      ...upcoming.map((f, i) => ({ imageCategoryId: festivals.imageCategoryId, name: f.name, eventDate: f.eventDate, sortOrder: 10 + i })),
    ])
    .onConflictDoNothing()
    .returning();
  const subcats = await tx.select().from(imageSubcategories).where(isNull(imageSubcategories.agencyId));
  const byName = new Map(subcats.map((s) => [s.name, s]));
  const tags = new Map((await tx.select().from(imageTags).where(isNull(imageTags.agencyId))).map((t) => [t.name, t.imageTagId]));

  const rows: (typeof imagePosts.$inferInsert & { tag?: string })[] = [];
  const add = (name: string, count: number, o: { postDate?: string | null; tag?: string; story?: boolean } = {}) => {
    const sc = byName.get(name);
    if (!sc) return;
    for (let n = 0; n < count; n++) {
      const slug = `${slugOf(name)}-${n}${o.story ? "-story" : ""}`;
      rows.push({
        imageSubcategoryId: sc.imageSubcategoryId,
        mediaType: "IMAGE",
        postShape: o.story ? "STORY" : "SQUARE",
        mediaKind: o.story ? "STORY_IMAGE" : "SQUARE_IMAGE",
        url: demoUrl(slug),
        lowQualityUrl: o.story ? null : demoUrl(`${slug}-lq`),
        postDate: o.postDate ?? null,
        placement: "COMMON",
        tag: o.tag,
      });
    }
  };
  add("Shubh Din", 3, { tag: "festival" });
  add("Good Morning", 3, { postDate: today, tag: "morning" });
  add("Good Morning", 1, { postDate: today, tag: "morning", story: true });
  for (const f of upcoming) add(f.name, 2, { tag: "festival" });
  for (const name of ["Republic Day", "Independence Day", "Gandhi Jayanti"]) add(name, 1, { tag: "national" });
  for (const name of ["Sweet Shop", "Electricals", "Consultancy", "Dental Clinic", "Motivational Quotes"]) add(name, 2, { tag: name === "Motivational Quotes" ? undefined : "offer" });

  const inserted = await tx
    .insert(imagePosts)
    .values(rows.map(({ tag: _tag, ...r }) => ({ ...r, createdAt: now, updatedAt: now })))
    .returning({ imageId: imagePosts.imageId });
  const links = inserted.flatMap((p, i) => {
    const tagId = rows[i].tag ? tags.get(rows[i].tag!) : undefined;
    return tagId ? [{ imageId: p.imageId, imageTagId: tagId }] : [];
  });
  if (links.length) await tx.insert(imagePostTags).values(links);
  return { subcategories: added.length, posts: inserted.length };
}
