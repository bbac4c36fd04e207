/**
 * Category static pages (SPEC §7, §6 gating; ADR 0020): the superadmin agency's admins keep one
 * page per business category; every agency's host serves the published ones publicly; the
 * public card of a business in that category links to its page; plain text only.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { businesses } from "#server/db/schema/business.ts";
import { agencies } from "#server/db/schema/core.ts";
import { categoryStaticPages } from "#server/db/schema/content.ts";
import { STATIC_PAGE_MESSAGES, type CategoryStaticPage } from "#contracts/category-static-page.ts";
import { createTestApi, ROLES, SECOND_AGENCY_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
let platformId: number;
beforeAll(async () => {
  t = await createTestApi();
  platformId = (await t.db.select().from(agencies)).find((a) => a.roles.includes("superadmin"))!.id;
});
afterAll(() => t?.close());

const OTHERS: RoleName[] = ["creator", "franchisee", "franchiseeAllCards", "customer", "otherAgencyAdmin", "otherAgencyCustomer"];
const restaurant = (over: Record<string, unknown> = {}) => ({
  category: "Restaurant",
  title: "Digital menus for restaurants",
  heading: "Your menu, timings and table booking in one link",
  body: "Share your menu on WhatsApp.\n\nGuests save your number and call to book a table.",
  sections: [{ title: "Orders on WhatsApp", body: "One tap opens a chat." }, { title: "", body: "" }],
  metaDescription: "Digital visiting cards for restaurants.",
  ...over,
});

describe("managing pages (superadmin agency admins only)", () => {
  test("anyone else is 403, the list included, and nothing is written", async () => {
    for (const role of OTHERS) {
      expect((await t.requestAs(role, "GET", "/category-static-page")).status, role).toBe(403);
      expect((await t.requestAs(role, "POST", "/category-static-page", { body: restaurant({ category: `By ${role}` }) })).status, role).toBe(403);
      expect((await t.requestAs(role, "DELETE", "/category-static-page", { query: { categoryStaticPageId: 1 } })).status, role).toBe(403);
    }
    expect((await t.request("GET", "/category-static-page")).status).toBe(401);
    const rows = await t.db.select().from(categoryStaticPages);
    expect(rows.some((r) => r.category.startsWith("By "))).toBe(false);
  });

  test("create, a repeated create returns the first, a second page for the category is 409, update, search and status", async () => {
    const made = await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant() });
    expect(made.status).toBe(200);
    const page = made.json.page as CategoryStaticPage;
    expect(made.json.created).toBe(true);
    expect(page).toMatchObject({ category: "Restaurant", slug: "restaurant", isActive: true, sections: [{ title: "Orders on WhatsApp", body: "One tap opens a chat." }] });
    const repeat = await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant() });
    expect(repeat.json).toMatchObject({ created: false, page: { categoryStaticPageId: page.categoryStaticPageId } });
    // The same category however it is spelt.
    const clash = await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ category: " restaurant ", title: "Another" }) });
    expect(clash.status).toBe(409);
    expect(clash.json.fieldErrors.category).toEqual([STATIC_PAGE_MESSAGES.taken]);
    expect((await t.db.select().from(categoryStaticPages).where(eq(categoryStaticPages.category, "Restaurant"))).length).toBe(1);

    const updated = await t.requestAs("admin", "POST", "/category-static-page", {
      body: restaurant({ categoryStaticPageId: page.categoryStaticPageId, title: "Restaurant cards", isActive: false }),
    });
    expect(updated.json.page).toMatchObject({ title: "Restaurant cards", isActive: false });
    const hidden = await t.requestAs("admin", "GET", "/category-static-page", { query: { status: "inactive", search: "restaur" } });
    expect(hidden.json.list.map((p: CategoryStaticPage) => p.category)).toEqual(["Restaurant"]);
    const published = await t.requestAs("admin", "GET", "/category-static-page", { query: { status: "active" } });
    expect(published.json.list.map((p: CategoryStaticPage) => p.category)).toEqual(["Sweet Shop"]);
    await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ categoryStaticPageId: page.categoryStaticPageId }) });
  });

  test("bad input is 422 with the field named (no category letters, a script link, too many sections); an unknown page is 404", async () => {
    const bad = async (over: Record<string, unknown>, field: string) => {
      const res = await t.requestAsUnchecked("admin", "POST", "/category-static-page", { body: restaurant({ category: "Cafe", ...over }) });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.json.fieldErrors).some((k) => k.startsWith(field)), field).toBe(true);
    };
    await bad({ category: "!!!" }, "category");
    await bad({ title: "" }, "title");
    await bad({ imageUrl: "javascript:alert(1)" }, "imageUrl");
    await bad({ sections: Array.from({ length: 7 }, (_, i) => ({ title: `S${i}`, body: "x" })) }, "sections");
    expect((await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ category: "Cafe", categoryStaticPageId: 999999 }) })).status).toBe(404);
  });
});

describe("the public page and the card's link to it", () => {
  test("served on every agency's host by slug, as plain paragraphs with meta; unknown or hidden is 404", async () => {
    const res = await t.request("GET", "/category-static-page/public/restaurant");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      category: "Restaurant",
      title: "Digital menus for restaurants",
      paragraphs: ["Share your menu on WhatsApp.", "Guests save your number and call to book a table."],
      sections: [{ title: "Orders on WhatsApp", paragraphs: ["One tap opens a chat."], imageUrl: null }],
      metaTitle: "Digital menus for restaurants",
      metaDescription: "Digital visiting cards for restaurants.",
      publicUrl: "http://localhost/category/restaurant",
    });
    const sunrise = await t.request("GET", "/category-static-page/public/restaurant", { host: SECOND_AGENCY_HOST });
    expect(sunrise.json.publicUrl).toBe(`http://${SECOND_AGENCY_HOST}/category/restaurant`);
    expect((await t.request("GET", "/category-static-page/public/no-such-category")).status).toBe(404);
  });

  test("markup typed into a page stays text", async () => {
    await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ category: "Bakery", title: "<b>Bakeries</b>", body: "<script>alert(1)</script>" }) });
    const res = await t.request("GET", "/category-static-page/public/bakery");
    expect(res.json.title).toBe("<b>Bakeries</b>");
    expect(res.json.paragraphs).toEqual(["<script>alert(1)</script>"]);
  });

  test("a public card links to its category's page (category, else business nature) only while it is published", async () => {
    const card = await createCard(t, { name: "Spice Route" });
    await t.db.update(businesses).set({ businessNature: "Restaurant", category: "North Indian" }).where(eq(businesses.businessId, card.businessId));
    const read = async () => (await t.request("GET", `/public-card/${card.cardId}`)).json.categoryPage;
    expect(await read()).toEqual({ slug: "restaurant", title: "Digital menus for restaurants" });
    await t.db.update(businesses).set({ category: "Sweet Shop" }).where(eq(businesses.businessId, card.businessId));
    expect(await read()).toEqual({ slug: "sweet-shop", title: "Digital business cards for sweet shops" }); // the category wins
    await t.db.update(categoryStaticPages).set({ isActive: false }).where(eq(categoryStaticPages.category, "Sweet Shop"));
    expect((await read()).slug).toBe("restaurant");
    expect((await t.request("GET", "/category-static-page/public/sweet-shop")).status).toBe(404);
    await t.db.update(categoryStaticPages).set({ isActive: true }).where(eq(categoryStaticPages.category, "Sweet Shop"));
    await t.db.update(businesses).set({ businessNature: null, category: "Tailor" }).where(eq(businesses.businessId, card.businessId));
    expect(await read()).toBeNull();
  });

  test("delete (confirm is the page's): then gone from the public host, and a second delete is 404", async () => {
    const made = await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ category: "Hotel", title: "Hotels" }) });
    const id = made.json.page.categoryStaticPageId;
    expect((await t.requestAs("admin", "DELETE", "/category-static-page", { query: { categoryStaticPageId: id } })).json).toEqual({ deleted: true, categoryStaticPageId: id });
    expect((await t.request("GET", "/category-static-page/public/hotel")).status).toBe(404);
    expect((await t.requestAs("admin", "DELETE", "/category-static-page", { query: { categoryStaticPageId: id } })).status).toBe(404);
  });
});

describe("page pictures (POST /document/uploadDoc, hierarchy1 static-page)", () => {
  test("an admin uploads for the platform; a franchisee with all-card access may not", async () => {
    const upload = async (role: RoleName) => {
      const form = new FormData();
      const bytes = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 10, g: 120, b: 60 } } }).jpeg().toBuffer();
      form.set("file", new File([new Uint8Array(bytes)], "banner.jpg", { type: "image/jpeg" }));
      form.set("hierarchy1", "static-page");
      form.set("hierarchy2", String(platformId));
      return t.request("POST", "/document/uploadDoc", { rawBody: form, cookie: await t.signInAs(role), host: ROLES[role].host });
    };
    const res = await upload("admin");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ width: 1600, height: 800, hierarchy2: String(platformId) });
    const saved = await t.requestAs("admin", "POST", "/category-static-page", { body: restaurant({ category: "Cafe", title: "Cafes", imageUrl: res.json.url }) });
    expect(saved.json.page.imageUrl).toBe(res.json.url);
    expect((await upload("franchiseeAllCards")).status).toBe(404);
  });
});
