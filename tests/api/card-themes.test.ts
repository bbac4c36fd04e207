/**
 * Issue 26 / ADR 0070: card themes. The list a customer and staff see, the agency's offered
 * themes and default (admins only, per agency), the template save refusing a theme not offered,
 * new cards starting in the default, and the server-drawn thumbnails (PNG, ETag, 304, private
 * cache, someone else's card 404).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { CARD_TEMPLATES } from "#contracts/enums.ts";
import { THEME_SETTING_MESSAGES } from "#contracts/card-theme-settings.ts";
import { THEME_NOT_OFFERED } from "#server/api/card-themes/service.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
let sharmaNo: number;
beforeAll(async () => {
  t = await createTestApi();
  [{ cardNo: sharmaNo }] = await t.db.select({ cardNo: cards.cardNo }).from(cards).where(eq(cards.cardId, "sharma-sweets"));
});
afterAll(() => t?.close());

const offer = (allowed: (typeof CARD_TEMPLATES)[number][], defaultTheme: (typeof CARD_TEMPLATES)[number]) =>
  t.requestAs("admin", "PUT", "/agency/card-themes", { body: { allowed, defaultTheme } });
const thumb = (role: "customer" | "foreignCustomer" | "otherAgencyCustomer" | "admin", theme: string, cardNo = sharmaNo, headers: Record<string, string> = {}) =>
  t.requestAsUnchecked(role, "GET", `/card-themes/${theme}/thumbnail.png?cardNo=${cardNo}&v=1`, { headers });

describe("card themes", () => {
  test("twelve themes, style-1 and style-2 among them; by default every one is offered and style-1 is the default", async () => {
    expect(CARD_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    const res = await t.requestAs("customer", "GET", "/card-themes");
    expect(res.status).toBe(200);
    expect(res.json.themes.map((x: { id: string }) => x.id)).toEqual([...CARD_TEMPLATES]);
    expect(res.json.themes.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(["style-1", "style-2"]));
    expect(res.json.defaultTheme).toBe("style-1");
    expect((await t.request("GET", "/card-themes")).status).toBe(401);
  });

  test("an agency admin chooses the offered themes and a default; customers see only those; other agencies are untouched", async () => {
    expect((await t.requestAsUnchecked("customer", "PUT", "/agency/card-themes", { body: { allowed: ["style-2"], defaultTheme: "style-2" } })).status).toBe(403);
    expect((await t.requestAsUnchecked("franchisee", "PUT", "/agency/card-themes", { body: { allowed: ["style-2"], defaultTheme: "style-2" } })).status).toBe(403);
    const bad = await t.requestAsUnchecked("admin", "PUT", "/agency/card-themes", { body: { allowed: ["style-2"], defaultTheme: "midnight" } });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.defaultTheme).toEqual([THEME_SETTING_MESSAGES.defaultOffered]);
    const empty = await t.requestAsUnchecked("admin", "PUT", "/agency/card-themes", { body: { allowed: [], defaultTheme: "style-1" } });
    expect(empty.status).toBe(422);

    const saved = await offer(["style-2", "midnight", "split"], "midnight");
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ allowed: ["style-2", "split", "midnight"], defaultTheme: "midnight" });
    const customer = await t.requestAs("customer", "GET", "/card-themes");
    expect(customer.json).toEqual({
      themes: [
        { id: "style-2", allowed: true },
        { id: "split", allowed: true },
        { id: "midnight", allowed: true },
      ],
      defaultTheme: "midnight",
    });
    // Staff see every theme, marked.
    const staff = await t.requestAs("franchisee", "GET", "/card-themes");
    expect(staff.json.themes).toHaveLength(CARD_TEMPLATES.length);
    expect(staff.json.themes.filter((x: { allowed: boolean }) => x.allowed).map((x: { id: string }) => x.id)).toEqual(["style-2", "split", "midnight"]);
    // Another agency keeps its own (all, style-1).
    const other = await t.requestAs("otherAgencyCustomer", "GET", "/card-themes");
    expect(other.json.themes).toHaveLength(CARD_TEMPLATES.length);
    expect(other.json.defaultTheme).toBe("style-1");

    // The template save: a theme not offered is refused for a customer, an offered one is saved.
    const refused = await t.requestAs("customer", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "stripes" } });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(THEME_NOT_OFFERED);
    const ok = await t.requestAs("customer", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "midnight" } });
    expect(ok.status).toBe(200);
    expect(ok.json.updatedCard.template).toBe("midnight");
    expect((await t.request("GET", "/public-card/sharma-sweets")).json.card.template).toBe("midnight");
    // Staff of the agency may set any theme.
    expect((await t.requestAs("admin", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "stripes" } })).status).toBe(200);
    // …and the customer may keep the card's own even though it is not offered.
    expect((await t.requestAs("customer", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "stripes" } })).status).toBe(200);

    // A new card starts in the agency's default.
    const fresh = await createCard(t, { name: "Theme Default Traders" });
    expect((fresh as unknown as { template: string }).template).toBe("midnight");

    // Someone else's card stays 404 for the save.
    expect((await t.requestAs("otherAgencyCustomer", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "style-1" } })).status).toBe(404);
    expect((await t.requestAs("foreignCustomer", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "style-2" } })).status).toBe(404);

    await offer([...CARD_TEMPLATES], "style-1");
    await t.requestAs("admin", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "style-1" } });
  });

  test("thumbnails: a PNG of the owner's card per theme, ETag + 304, private day-long cache; someone else's card 404", async () => {
    const res = await thumb("customer", "dots");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(res.text.slice(1, 4)).toBe("PNG");
    const again = await thumb("customer", "dots", sharmaNo, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    // Another theme, another picture.
    expect((await thumb("customer", "split")).headers.get("etag")).not.toBe(etag);
    // The owner's name is drawn: a changed name, a changed picture.
    await t.requestAs("admin", "POST", "/updateCardTemplate", { body: { cardNo: sharmaNo, template: "style-1" } });
    const [row] = await t.db.select().from(cards).where(eq(cards.cardNo, sharmaNo));
    await t.db.update(cards).set({ basicDetails: { ...row.basicDetails, companyName: "शर्मा स्वीट्स" } }).where(eq(cards.cardNo, sharmaNo));
    expect((await thumb("customer", "dots")).headers.get("etag")).not.toBe(etag);
    await t.db.update(cards).set({ basicDetails: row.basicDetails }).where(eq(cards.cardNo, sharmaNo));
    // Staff of the agency see it; another customer or agency does not.
    expect((await thumb("admin", "dots")).status).toBe(200);
    expect((await thumb("foreignCustomer", "dots")).status).toBe(404);
    expect((await thumb("otherAgencyCustomer", "dots")).status).toBe(404);
    expect((await thumb("customer", "no-such-theme")).status).toBe(422);
    // A theme the agency does not offer has no picture for its customers.
    await offer(["style-1", "style-2"], "style-1");
    expect((await thumb("customer", "dots")).status).toBe(404);
    await offer([...CARD_TEMPLATES], "style-1");
  });
});
