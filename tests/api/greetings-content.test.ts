/**
 * SPEC §7 Images, content calls: categories, subcategories (festival dates, placement, the
 * spec's misspelt paths), tags, posts (list, search merged by imageId, ids, several
 * subcategories), uploads one and many (per-file errors), low-quality previews, delete. Who
 * manages what: the platform's library by the superadmin, an agency's own posts by its admin
 * only; customers read what their agency allows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { agencies } from "#server/db/schema/core.ts";
import { businesses } from "#server/db/schema/business.ts";
import { imagePosts, imageSubcategories } from "#server/db/schema/content.ts";
import { readMedia } from "#server/api/greetings/service.ts";
import { ROLES, createTestApi, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let sunriseId: number;
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApi();
  [{ id: sunriseId }] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, ROLES.otherAgencyAdmin.host));
});
afterAll(() => t?.close());

const png = (color: string, width = 300, height = 300) => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

async function upload(role: RoleName, path: "/image-post" | "/image-post/multiple", files: { bytes: Uint8Array | string; name: string; type?: string }[], fields: Record<string, string | number>) {
  const form = new FormData();
  for (const f of files) form.append(path === "/image-post" ? "file" : "files", new File([f.bytes as BlobPart], f.name, { type: f.type ?? "image/png" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return t.request("POST", path, { rawBody: form, cookie: await t.signInAs(role), host: ROLES[role].host });
}

async function subcategoryOf(role: RoleName, name: string) {
  const res = await t.requestAs(role, "GET", "/image-subcategory", { query: { search: name, pageSize: 100 } });
  expect(res.status).toBe(200);
  const found = res.json.list.find((s: { name: string }) => s.name === name);
  expect(found, name).toBeTruthy();
  return found as { imageSubcategoryId: number; imageCategoryId: number; manageable: boolean };
}

describe("categories and subcategories", () => {
  test("everyone signed in reads the platform's categories; only the superadmin manages them", async () => {
    const admin = await t.requestAs("admin", "GET", "/image-post/image-category");
    expect(admin.status).toBe(200);
    const festivals = admin.json.list.find((c: { name: string }) => c.name === "Festivals");
    expect(festivals).toMatchObject({ isPlatform: true, manageable: true });
    const sunrise = await t.requestAs("otherAgencyAdmin", "GET", "/image-post/image-category");
    expect(sunrise.json.list.find((c: { name: string }) => c.name === "Festivals")).toMatchObject({ isPlatform: true, manageable: false });
    const customer = await t.requestAs("customer", "GET", "/image-post/image-category");
    expect(customer.status).toBe(200);
    expect((await t.request("GET", "/image-post/image-category")).status).toBe(401);
  });

  test("a category created twice is one row; an agency's own is invisible to other agencies", async () => {
    const first = await t.requestAs("otherAgencyAdmin", "POST", "/image-post/image-category", { body: { name: "Sunrise Specials" } });
    expect(first.status).toBe(200);
    expect(first.json.created).toBe(true);
    const again = await t.requestAs("otherAgencyAdmin", "POST", "/image-post/image-category", { body: { name: "Sunrise Specials" } });
    expect(again.json).toEqual({ imageCategoryId: first.json.imageCategoryId, created: false });
    const platform = await t.requestAs("admin", "GET", "/image-post/image-category");
    expect(platform.json.list.map((c: { name: string }) => c.name)).not.toContain("Sunrise Specials");
    // The platform's category cannot be renamed by an agency: 404, not 403.
    const festivals = platform.json.list.find((c: { name: string }) => c.name === "Festivals");
    const rename = await t.requestAs("otherAgencyAdmin", "POST", "/image-post/image-category", { body: { imageCategoryId: festivals.imageCategoryId, name: "Mine" } });
    expect(rename.status).toBe(404);
    // Creators and customers do not manage greetings.
    expect((await t.requestAs("creator", "POST", "/image-post/image-category", { body: { name: "X" } })).status).toBe(403);
    expect((await t.requestAs("customer", "POST", "/image-post/image-category", { body: { name: "X" } })).status).toBe(403);
  });

  test("subcategories: festival date and placement, the calendar by dates, the spec's misspelt path and category-name", async () => {
    const cats = await t.requestAs("admin", "GET", "/image-post/image-category");
    const festivals = cats.json.list.find((c: { name: string }) => c.name === "Festivals");
    const daily = cats.json.list.find((c: { name: string }) => c.name === "Daily Wishes");
    const create = await t.requestAsUnchecked("admin", "POST", `/image-post/image-category/${festivals.imageCategoryId}/image-subcategory`, {
      body: { name: "Test Festival", eventDate: today, placement: "HOME_PAGE" },
    });
    expect(create.status).toBe(200);
    expect(create.json.created).toBe(true);
    const twice = await t.requestAsUnchecked("admin", "POST", `/image-post/image-category/${festivals.imageCategoryId}/image-subcategory`, {
      body: { name: "Test Festival", eventDate: today, placement: "HOME_PAGE" },
    });
    expect(twice.json).toEqual({ imageSubcategoryId: create.json.imageSubcategoryId, created: false });

    const calendar = await t.requestAs("customer", "GET", "/image-subcategory", { query: { fromDate: today, toDate: today } });
    expect(calendar.json.list.find((s: { name: string }) => s.name === "Test Festival")).toMatchObject({ eventDate: today, placement: "HOME_PAGE", showOnHome: true });
    expect(calendar.json.list.every((s: { eventDate: string }) => s.eventDate === today)).toBe(true);

    const both = await t.requestAs("customer", "GET", "/image-subcategory/by-mulitple-category", { query: { imageCategoryIds: `${festivals.imageCategoryId},${daily.imageCategoryId}` } });
    expect(both.status).toBe(200);
    const names = both.json.list.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(["Test Festival", "Good Morning", "Republic Day"]));
    expect(names).not.toContain("Sweet Shop");

    const byName = await t.requestAs("customer", "GET", "/image-subcategory/category-name", { query: { imageCategoryName: "daily wishes" } });
    expect(byName.json.list.map((s: { name: string }) => s.name).sort()).toEqual(["Good Morning", "Motivational Quotes"]);

    // Bad input: 4xx, nothing made.
    const bad = await t.requestAsUnchecked("admin", "POST", `/image-post/image-category/${festivals.imageCategoryId}/image-subcategory`, { body: { name: "Bad", eventDate: "2026-02-31" } });
    expect(bad.status).toBe(422);
    const missing = await t.requestAsUnchecked("admin", "POST", `/image-post/image-category/999999/image-subcategory`, { body: { name: "Nowhere" } });
    expect(missing.status).toBe(404);

    // Delete: another agency gets 404; the owner deletes.
    const path = `/image-post/image-category/${festivals.imageCategoryId}/image-subcategory`;
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "DELETE", path, { query: { imageSubcategoryId: create.json.imageSubcategoryId } })).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "DELETE", path, { query: { imageSubcategoryId: create.json.imageSubcategoryId } })).status).toBe(200);
    expect((await t.requestAsUnchecked("admin", "DELETE", path, { query: { imageSubcategoryId: create.json.imageSubcategoryId } })).status).toBe(404);
  });

  test("with businessId the business's own category comes first", async () => {
    const [gupta] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Gupta Electricals"));
    const res = await t.requestAs("customer", "GET", "/image-subcategory", { query: { businessId: gupta.businessId, pageSize: 100 } });
    expect(res.json.list[0].name).toBe("Electricals");
    const other = await t.requestAs("otherAgencyCustomer", "GET", "/image-subcategory", { query: { businessId: gupta.businessId } });
    expect(other.status).toBe(404);
  });
});

describe("tags", () => {
  test("create (idempotent), list, delete; the platform's tags are not an agency's to delete", async () => {
    const made = await t.requestAs("otherAgencyAdmin", "POST", "/image-post/image-tag", { body: { name: "sunrise" } });
    expect(made.json.created).toBe(true);
    expect((await t.requestAs("otherAgencyAdmin", "POST", "/image-post/image-tag", { body: { name: "sunrise" } })).json.imageTagId).toBe(made.json.imageTagId);
    const list = await t.requestAs("otherAgencyAdmin", "GET", "/image-post/image-tag");
    const festival = list.json.list.find((x: { name: string }) => x.name === "festival");
    expect(festival).toMatchObject({ isPlatform: true, manageable: false });
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "DELETE", `/image-post/image-tag/${festival.imageTagId}`)).status).toBe(404);
    expect((await t.requestAsUnchecked("admin", "DELETE", `/image-post/image-tag/${made.json.imageTagId}`)).status).toBe(404);
    expect((await t.requestAsUnchecked("otherAgencyAdmin", "DELETE", `/image-post/image-tag/${made.json.imageTagId}`)).status).toBe(200);
  });
});

describe("posts", () => {
  test("the seeded library: today's posts, search merged by imageId, ids, several subcategories", async () => {
    const todays = await t.requestAs("customer", "GET", "/image-post", { query: { date: today, pageSize: 50 } });
    expect(todays.status).toBe(200);
    expect(todays.json.total).toBeGreaterThanOrEqual(6);
    const subs = new Set(todays.json.list.map((p: { subcategoryName: string }) => p.subcategoryName));
    expect(subs).toEqual(new Set(["Shubh Din", "Good Morning"]));
    // Demo files are drawn when a browser asks for them, not for the list (greetings-demo-media.test.ts).
    const lq = todays.json.list.find((p: { lowQualityUrl: string | null }) => p.lowQualityUrl);
    const preview = await readMedia(t.deps.storage, lq.lowQualityUrl);
    expect(preview!.byteLength).toBeLessThanOrEqual(30 * 1024);

    // "festival" matches the Festivals category AND the festival tag: each post once.
    const search = await t.requestAs("customer", "GET", "/image-post/search", { query: { search: "festival", pageSize: 100 } });
    expect(search.status).toBe(200);
    const ids = search.json.list.map((p: { imageId: number }) => p.imageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(search.json.total).toBe(ids.length);
    expect(search.json.list.some((p: { tags: string[] }) => p.tags.includes("festival"))).toBe(true);

    const some = ids.slice(0, 3);
    const byIds = await t.requestAs("customer", "GET", "/image-post/ids", { query: { imageIds: some.join(",") } });
    expect(byIds.json.list.map((p: { imageId: number }) => p.imageId).sort()).toEqual([...some].sort());

    const morning = await subcategoryOf("customer", "Good Morning");
    const sweet = await subcategoryOf("customer", "Sweet Shop");
    const multi = await t.requestAs("customer", "GET", "/image-post/paginated-mutiple-subcategories", {
      query: { imageSubcategoryIds: `${sweet.imageSubcategoryId},${morning.imageSubcategoryId}`, pageSize: 2 },
    });
    expect(multi.status).toBe(200);
    expect(multi.json.list.map((s: { name: string }) => s.name)).toEqual(["Sweet Shop", "Good Morning"]);
    expect(multi.json.list[1].total).toBe(4);
    expect(multi.json.list[1].posts).toHaveLength(2);
  });

  test("bulk upload: three images into a festival dated today, a broken file reported on its own", async () => {
    const festival = await subcategoryOf("admin", "Shubh Din");
    const files = [
      { bytes: await png("#e03131"), name: "one.png" },
      { bytes: await png("#2f9e44"), name: "two.png" },
      { bytes: "not an image at all", name: "notes.txt", type: "text/plain" },
      { bytes: await png("#1971c2", 400, 700), name: "three.png" },
    ];
    const res = await upload("admin", "/image-post/multiple", files, { imageSubcategoryId: festival.imageSubcategoryId, postShape: "SQUARE" });
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(3);
    expect(res.json.failed).toBe(1);
    expect(res.json.results.map((r: { fileName: string; ok: boolean }) => [r.fileName, r.ok])).toEqual([
      ["one.png", true],
      ["two.png", true],
      ["notes.txt", false],
      ["three.png", true],
    ]);
    expect(res.json.results[2].error).toMatch(/JPEG, PNG or WebP/);
    const [post] = await t.db.select().from(imagePosts).where(eq(imagePosts.imageId, res.json.results[3].imageId));
    expect(post).toMatchObject({ agencyId: null, mediaKind: "SQUARE_IMAGE" });
    const stored = await t.deps.storage.get(post.url.replace(/^\/uploads\//, ""));
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1080]);

    // Every customer of every agency sees the platform's new posts today.
    const sunrise = await t.requestAs("otherAgencyCustomer", "GET", "/image-post", { query: { date: today, pageSize: 100 } });
    expect(sunrise.json.list.map((p: { imageId: number }) => p.imageId)).toContain(post.imageId);
  });

  test("an agency's own posts: its admin manages them, nobody else sees or deletes them", async () => {
    const morning = await subcategoryOf("otherAgencyAdmin", "Good Morning");
    const res = await upload("otherAgencyAdmin", "/image-post", [{ bytes: await png("#f08c00"), name: "sunrise.png" }], { imageSubcategoryId: morning.imageSubcategoryId, postDate: today });
    expect(res.status).toBe(200);
    const imageId = res.json.imageId as number;
    const own = await t.requestAs("otherAgencyAdmin", "GET", "/image-post", { query: { own: "true", pageSize: 100 } });
    expect(own.json.list.map((p: { imageId: number }) => p.imageId)).toEqual([imageId]);
    expect(own.json.list[0]).toMatchObject({ manageable: true, isPlatform: false });
    // Its customers see it; the platform's customers do not.
    expect((await t.requestAs("otherAgencyCustomer", "GET", "/image-post/ids", { query: { imageIds: String(imageId) } })).json.total).toBe(1);
    expect((await t.requestAs("customer", "GET", "/image-post/ids", { query: { imageIds: String(imageId) } })).json.total).toBe(0);
    // Nobody else deletes it (404), and a platform post is not the agency's to delete.
    expect((await t.requestAs("admin", "DELETE", "/image-post", { body: { imageIds: [imageId] } })).status).toBe(404);
    const platformPost = (await t.requestAs("otherAgencyAdmin", "GET", "/image-post", { query: { pageSize: 50 } })).json.list.find((p: { isPlatform: boolean }) => p.isPlatform);
    expect(platformPost.manageable).toBe(false);
    const mixed = await t.requestAs("otherAgencyAdmin", "DELETE", "/image-post", { body: { imageIds: [imageId, platformPost.imageId] } });
    expect(mixed.status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/image-post/ids", { query: { imageIds: String(imageId) } })).json.total).toBe(1);

    const lq = await t.requestAs("otherAgencyAdmin", "POST", "/image-post/generate-low-quality-image-post", { body: { imageIds: [imageId] } });
    expect(lq.status).toBe(200);
    expect(lq.json.list[0].bytes).toBeGreaterThan(0);
    expect(lq.json.list[0].bytes).toBeLessThanOrEqual(30 * 1024);
    expect((await t.requestAs("admin", "POST", "/image-post/generate-low-quality-image-post", { body: { imageIds: [imageId] } })).status).toBe(404);

    const del = await t.requestAs("otherAgencyAdmin", "DELETE", "/image-post", { body: { imageIds: [imageId] } });
    expect(del.json).toEqual({ deleted: true, imageIds: [imageId] });
    expect((await t.requestAs("otherAgencyAdmin", "DELETE", "/image-post", { body: { imageIds: [imageId] } })).status).toBe(404);
  });

  test("exclusive posts: made by the superadmin for one agency, seen there only while the agency allows them", async () => {
    const morning = await subcategoryOf("admin", "Good Morning");
    const res = await upload("admin", "/image-post", [{ bytes: await png("#7048e8"), name: "exclusive.png" }], {
      imageSubcategoryId: morning.imageSubcategoryId,
      exclusiveForAgencyId: sunriseId,
    });
    expect(res.status).toBe(200);
    const id = String(res.json.imageId);
    const seen = async (api: TestApi, role: RoleName) => (await api.requestAs(role, "GET", "/image-post/ids", { query: { imageIds: id } })).json.total;
    expect(await seen(t, "customer")).toBe(0);
    expect(await seen(t, "otherAgencyCustomer")).toBe(0); // Sunrise does not allow exclusive posts (seed)
    expect((await t.requestAs("admin", "GET", "/image-post/ids", { query: { imageIds: id } })).json.list[0]).toMatchObject({ isAgencyExclusive: true, manageable: true });

    // A database where Sunrise allows them (its own copy: the agency row is cached per host).
    const t2 = await createTestApi();
    try {
      const [sunrise] = await t2.db.select().from(agencies).where(eq(agencies.id, sunriseId));
      const imagePost = { ...sunrise.configuration.imagePost, allowAgencyExclusivePosts: true };
      await t2.db.update(agencies).set({ configuration: { ...sunrise.configuration, imagePost } }).where(eq(agencies.id, sunriseId));
      const form = new FormData();
      form.append("file", new File([await png("#7048e8")], "exclusive.png", { type: "image/png" }));
      form.set("imageSubcategoryId", String(morning.imageSubcategoryId));
      form.set("exclusiveForAgencyId", String(sunriseId));
      const made = await t2.request("POST", "/image-post", { rawBody: form, cookie: await t2.signInAs("admin"), host: ROLES.admin.host });
      const ids = { imageIds: String(made.json.imageId) };
      expect((await t2.requestAs("otherAgencyCustomer", "GET", "/image-post/ids", { query: ids })).json.total).toBe(1);
      expect((await t2.requestAs("customer", "GET", "/image-post/ids", { query: ids })).json.total).toBe(0);
      // Sunrise sees it but does not manage it.
      expect((await t2.requestAs("otherAgencyAdmin", "GET", "/image-post/ids", { query: ids })).json.list[0].manageable).toBe(false);
      expect((await t2.requestAs("otherAgencyAdmin", "DELETE", "/image-post", { body: { imageIds: [made.json.imageId] } })).status).toBe(404);
    } finally {
      await t2.close();
    }
    // Only the platform makes exclusive posts.
    const denied = await upload("otherAgencyAdmin", "/image-post", [{ bytes: await png("#000000"), name: "x.png" }], { imageSubcategoryId: morning.imageSubcategoryId, exclusiveForAgencyId: sunriseId });
    expect(denied.status).toBe(422);
  });

  test("an agency that turns image posts off: its customers get 404, its staff still manage", async () => {
    const t3 = await createTestApi();
    try {
      const [sunrise] = await t3.db.select().from(agencies).where(eq(agencies.id, sunriseId));
      await t3.db.update(agencies).set({ configuration: { ...sunrise.configuration, imagePost: { enableImagePost: false } } }).where(eq(agencies.id, sunriseId));
      for (const path of ["/image-post", "/image-post/image-category", "/image-subcategory", "/image-post/image-tag"] as const)
        expect((await t3.requestAs("otherAgencyCustomer", "GET", path)).status, path).toBe(404);
      expect((await t3.requestAs("otherAgencyAdmin", "GET", "/image-post/image-category")).status).toBe(200);
      // The platform's customers are not affected.
      expect((await t3.requestAs("customer", "GET", "/image-post")).status).toBe(200);
    } finally {
      await t3.close();
    }
  });

  test("customers of an agency without image posts get 404; videos only where they are included", async () => {
    const [sunrise] = await t.db.select().from(agencies).where(eq(agencies.id, sunriseId));
    expect(sunrise.configuration.imagePost?.isVideoPostsIncluded).toBe(false);
    const videos = await t.requestAs("otherAgencyCustomer", "GET", "/image-post", { query: { mediaType: "VIDEO" } });
    expect(videos.status).toBe(200);
    expect(videos.json.total).toBe(0);
  });

  test("bad uploads: no file, unknown subcategory, wrong type", async () => {
    const morning = await subcategoryOf("admin", "Good Morning");
    const none = await upload("admin", "/image-post/multiple", [], { imageSubcategoryId: morning.imageSubcategoryId });
    expect(none.status).toBe(422);
    const nowhere = await upload("admin", "/image-post", [{ bytes: await png("#000"), name: "a.png" }], { imageSubcategoryId: 999999 });
    expect(nowhere.status).toBe(404);
    const text = await upload("admin", "/image-post", [{ bytes: "hello", name: "a.txt", type: "text/plain" }], { imageSubcategoryId: morning.imageSubcategoryId });
    expect(text.status).toBe(415);
    // A file's refusal in a 200 of the multiple upload is in the asker's language (ADR 0066).
    const form = new FormData();
    form.append("files", new File(["hello"], "a.txt", { type: "text/plain" }));
    form.set("imageSubcategoryId", String(morning.imageSubcategoryId));
    const hindi = await t.request("POST", "/image-post/multiple", { rawBody: form, cookie: await t.signInAs("admin"), host: ROLES.admin.host, headers: { "accept-language": "hi-IN" } });
    expect(hindi.status).toBe(200);
    expect(hindi.json.results[0].error).toBe("JPEG, PNG या WebP इमेज, या MP4 वीडियो चुनें।");
    const before = await t.db.select().from(imageSubcategories);
    expect(before.length).toBeGreaterThan(0);
  });
});
