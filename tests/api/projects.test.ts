/**
 * All Projects (SPEC §2, §6, §7 Cards) as staff see it: the card list's SPEC §3 filters and five
 * search fields, the image-post status and settings calls, the digital-card-only agency's 404,
 * and the per-role / other-agency scoping of each call (ADR 0017).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { agencies } from "#server/db/schema/core.ts";
import { businesses, cards } from "#server/db/schema/business.ts";
import { PROJECTS_MESSAGES } from "#contracts/project-texts.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
const seeded: Record<string, { cardNo: number; businessId: number }> = {};
beforeAll(async () => {
  t = await createTestApi();
  for (const c of await t.db.select().from(cards)) seeded[c.cardId] = { cardNo: c.cardNo, businessId: c.businessId };
});
afterAll(async () => {
  await t?.close();
});

type Row = { cardId: string; cardNo: number } & Record<string, any>;
async function list(role: RoleName, query: Record<string, string | number> = {}) {
  const res = await t.requestAs(role, "GET", "/getcardlist", { query: { pageSize: 100, ...query } });
  expect(res.status, res.text).toBe(200);
  return res.json as { cards: Row[]; total: number };
}
const ids = async (role: RoleName, query: Record<string, string | number> = {}) => (await list(role, query)).cards.map((c) => c.cardId);
const post = async (role: RoleName, path: string, body: unknown) => t.requestAsUnchecked(role, "POST", path, { body });

// First in the file: the API keeps an agency's row for a few seconds (server/auth/tenancy.ts), so
// Sunrise's configuration is changed before anything here has asked for it.
describe("an agency selling digital cards only (SPEC §6: no All Projects)", () => {
  test("the list answers 404 with the reason; the card calls themselves still work", async () => {
    const [sunrise] = await t.db.select().from(agencies).where(eq(agencies.host, ROLES.otherAgencyAdmin.host));
    await t.db
      .update(agencies)
      .set({ configuration: { ...sunrise.configuration, imagePost: { enableImagePost: false }, pdfCardConfig: { enablePdfCardProduct: false }, video: { enableVideo: false } } })
      .where(eq(agencies.id, sunrise.id));
    try {
      const res = await t.requestAs("otherAgencyAdmin", "GET", "/getcardlist", {});
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(PROJECTS_MESSAGES.onlyDigitalCard);
      expect((await t.requestAs("admin", "GET", "/getcardlist", {})).status).toBe(200);
    } finally {
      await t.db.update(agencies).set({ configuration: sunrise.configuration }).where(eq(agencies.id, sunrise.id));
    }
  });
});

describe("GET /getcardlist: SPEC §3 filters and search fields", () => {
  test("subscription, template and a fixed or flexible created date", async () => {
    const c = await createCard(t);
    await t.db.update(businesses).set({ isSubscriptionActive: true }).where(eq(businesses.businessId, c.businessId));
    expect(await ids("admin", { subscription: "subscribed" })).toContain(c.cardId);
    expect(await ids("admin", { subscription: "not-subscribed" })).not.toContain(c.cardId);
    await t.db.update(cards).set({ template: "style-2", createdAt: new Date("2026-03-10T10:00:00+05:30") }).where(eq(cards.cardNo, c.cardNo));
    expect(await ids("admin", { template: "style-2" })).toContain(c.cardId);
    expect(await ids("admin", { template: "style-2" })).not.toContain("sharma-sweets");
    expect(await ids("admin", { createdFrom: "2026-03-10", createdTo: "2026-03-10" })).toEqual([c.cardId]);
    expect(await ids("admin", { createdFrom: "2026-03-01", createdTo: "2026-03-31" })).toEqual([c.cardId]);
    expect(await ids("admin", { createdFrom: "2026-03-11", createdTo: "2026-03-31" })).toEqual([]);
    // 00:30 in India on the 11th is still the 10th in UTC: days are India's.
    await t.db.update(cards).set({ createdAt: new Date("2026-03-11T00:30:00+05:30") }).where(eq(cards.cardNo, c.cardNo));
    expect(await ids("admin", { createdFrom: "2026-03-11", createdTo: "2026-03-11" })).toEqual([c.cardId]);
    const bad = await t.requestAsUnchecked("admin", "GET", "/getcardlist", { query: { createdFrom: "2026-02-30" } });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors["query.createdFrom"]).toEqual(["createdFrom must be a real date."]);
  });

  test("searchBy narrows the search to one of the five fields", async () => {
    const c = await createCard(t, { name: "Kapoor Textiles" });
    await t.db.update(cards).set({ basicDetails: { companyName: "Sunlight Fabrics" } }).where(eq(cards.cardNo, c.cardNo));
    expect(await ids("admin", { search: "sunlight", searchBy: "companyName" })).toEqual([c.cardId]);
    expect(await ids("admin", { search: "sunlight", searchBy: "businessName" })).toEqual([]);
    expect(await ids("admin", { search: "kapoor", searchBy: "businessName" })).toEqual([c.cardId]);
    expect(await ids("admin", { search: c.cardId, searchBy: "cardId" })).toEqual([c.cardId]);
    expect(await ids("admin", { search: "98765 43210", searchBy: "registeredPhoneNumber" })).toEqual(expect.arrayContaining(["sharma-sweets"]));
    expect(await ids("admin", { search: "sharma", searchBy: "registeredPhoneNumber" })).toEqual([]);
    await t.db.update(cards).set({ template: "style-2" }).where(eq(cards.cardNo, c.cardNo));
    expect(await ids("admin", { search: "style-2", searchBy: "templateCode" })).toContain(c.cardId);
    expect(await ids("admin", { search: "style-2" })).toContain(c.cardId);
    expect((await t.requestAsUnchecked("admin", "GET", "/getcardlist", { query: { searchBy: "email" } })).status).toBe(422);
  });

  test("rows carry the image-post settings with defaults", async () => {
    const row = (await list("admin", { search: "sharma-sweets", searchBy: "cardId" })).cards[0];
    expect(row.imagePostSettings).toEqual({
      allowedFrames: ["frame7", "frame2", "frame3"],
      placements: ["HOME_PAGE", "GREETING_IMAGE_PAGE", "COMMON"],
      dailyImageLimit: null,
      dailyVideoLimit: null,
    });
  });
});

describe("image posts", () => {
  test("updateImagePostStatus: on and off; admin and the franchisee who made it; others 403/404", async () => {
    const gupta = seeded["gupta-electricals"];
    const sharma = seeded["sharma-sweets"];
    const on = await post("admin", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: false });
    expect(on.status, on.text).toBe(200);
    expect(on.json.updatedCard.imagePostEnabled).toBe(false);
    expect(await ids("admin", { imagePostEnabled: "no" })).toContain("sharma-sweets");
    expect((await post("admin", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: true })).json.updatedCard.imagePostEnabled).toBe(true);
    expect((await post("franchisee", "/updateImagePostStatus", { cardNo: gupta.cardNo, imagePostEnabled: true })).status).toBe(200);
    expect((await post("franchisee", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: false })).status).toBe(404);
    expect((await post("franchiseeAllCards", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: true })).status).toBe(200);
    expect((await post("creator", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: false })).status).toBe(403);
    expect((await post("customer", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: false })).status).toBe(403);
    expect((await post("otherAgencyAdmin", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: false })).status).toBe(404);
    const bad = await post("admin", "/updateImagePostStatus", { cardNo: sharma.cardNo, imagePostEnabled: "maybe" });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.imagePostEnabled).toEqual(["Choose on or off."]);
  });

  test("updateImagePostSettings: frames, places and daily limits stored; seeded frame keys kept; bad input changes nothing", async () => {
    const sharma = seeded["sharma-sweets"];
    const [before] = await t.db.select().from(cards).where(eq(cards.cardNo, sharma.cardNo));
    const res = await post("admin", "/updateImagePostSettings", {
      cardNo: sharma.cardNo,
      allowedFrames: ["frame2", "frame7"],
      placements: ["HOME_PAGE"],
      dailyImageLimit: 5,
      dailyVideoLimit: -1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.imagePostSettings).toEqual({ allowedFrames: ["frame2", "frame7"], placements: ["HOME_PAGE"], dailyImageLimit: 5, dailyVideoLimit: -1 });
    const [after] = await t.db.select().from(cards).where(eq(cards.cardNo, sharma.cardNo));
    expect(after.imagePostSettings).toMatchObject({ ...before.imagePostSettings, allowedFrames: ["frame2", "frame7"], placements: ["HOME_PAGE"] });
    // A form's single ticked box arrives as a string; an empty limit goes back to the plan's.
    const again = await post("admin", "/updateImagePostSettings", { cardNo: sharma.cardNo, allowedFrames: "frame3", placements: "COMMON", dailyImageLimit: "" });
    expect(again.status, again.text).toBe(200);
    expect(again.json.imagePostSettings).toEqual({ allowedFrames: ["frame3"], placements: ["COMMON"], dailyImageLimit: null, dailyVideoLimit: null });
    const row = (await list("admin", { search: "sharma-sweets", searchBy: "cardId" })).cards[0];
    expect(row.imagePostSettings.allowedFrames).toEqual(["frame3"]);

    const bad = await post("admin", "/updateImagePostSettings", { cardNo: sharma.cardNo, allowedFrames: [], placements: ["MOON"], dailyImageLimit: -5 });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors).toMatchObject({
      allowedFrames: ["Choose at least one frame."],
      dailyImageLimit: ["Use -1 for unlimited, or a number from 0."],
    });
    expect(bad.json.fieldErrors["placements.0"] ?? bad.json.fieldErrors.placements).toEqual(["Choose at least one place."]);
    const [unchanged] = await t.db.select().from(cards).where(eq(cards.cardNo, sharma.cardNo));
    expect(unchanged.imagePostSettings.allowedFrames).toEqual(["frame3"]);

    expect((await post("franchisee", "/updateImagePostSettings", { cardNo: sharma.cardNo, allowedFrames: ["frame7"], placements: ["COMMON"] })).status).toBe(404);
    expect((await post("otherAgencyAdmin", "/updateImagePostSettings", { cardNo: sharma.cardNo, allowedFrames: ["frame7"], placements: ["COMMON"] })).status).toBe(404);
    expect((await post("creator", "/updateImagePostSettings", { cardNo: sharma.cardNo, allowedFrames: ["frame7"], placements: ["COMMON"] })).status).toBe(403);
  });
});

