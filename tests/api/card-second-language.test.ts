/**
 * A card in two languages (issue 24, ADR 0075): the owner saves the texts in a second
 * language; the public card shows them to a visitor who asks for that language (`?lang=` or
 * Accept-Language), each missing text falling back to the primary one; the vCard carries the
 * second-language names as NICKNAME.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let sharma: typeof cards.$inferSelect;
beforeAll(async () => {
  t = await createTestApi();
  [sharma] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
});
afterAll(() => t?.close());

const save = async (role: RoleName, body: Record<string, unknown>) =>
  t.requestUnchecked("POST", "/updateCardSecondLanguage", { body, cookie: await t.signInAs(role), host: ROLES[role].host });
const stored = async (role: RoleName, cardNo: number) =>
  t.requestUnchecked("GET", "/card/second-language", { query: { cardNo }, cookie: await t.signInAs(role), host: ROLES[role].host });
const publicCard = (o: { lang?: string; acceptLanguage?: string } = {}) =>
  t.requestUnchecked("GET", "/public-card/sharma-sweets", { query: o.lang ? { lang: o.lang } : undefined, headers: o.acceptLanguage ? { "accept-language": o.acceptLanguage } : undefined });

describe("a card in two languages", () => {
  test("the owner saves Hindi texts; another customer and another agency get 404", async () => {
    const firstProduct = sharma.products.items[0];
    expect(firstProduct, "the seeded card has products").toBeTruthy();
    const body = {
      cardNo: sharma.cardNo,
      primaryLanguage: "en",
      secondLanguage: "hi",
      companyName: "शर्मा स्वीट्स",
      name: "",
      designation: "मालिक",
      aboutDescription: "1998 से शुद्ध देसी घी की मिठाइयाँ।",
      sectionTitles: { products: "हमारी मिठाइयाँ" },
      products: [{ key: firstProduct.name, name: "काजू कतली", description: "" }],
      links: [],
    };
    const res = await save("customer", body);
    expect(res.status).toBe(200);
    expect(res.json.secondLanguage).toMatchObject({ primaryLanguage: "en", secondLanguage: "hi", texts: { companyName: "शर्मा स्वीट्स", designation: "मालिक" } });
    expect((await stored("customer", sharma.cardNo)).json.secondLanguage.texts.products).toEqual([{ key: firstProduct.name, name: "काजू कतली", description: "" }]);

    expect((await save("foreignCustomer", body)).status).toBe(404);
    expect((await save("otherAgencyAdmin", body)).status).toBe(404);
    expect((await stored("foreignCustomer", sharma.cardNo)).status).toBe(404);
    expect((await stored("otherAgencyCustomer", sharma.cardNo)).status).toBe(404);
  });

  test("Hindi for ?lang=hi and for Accept-Language: hi, each missing text in English; English otherwise", async () => {
    const first = sharma.products.items[0];
    for (const res of [await publicCard({ lang: "hi" }), await publicCard({ acceptLanguage: "hi-IN,hi;q=0.9,en;q=0.8" })]) {
      expect(res.status).toBe(200);
      const card = res.json.card;
      expect(res.json.languages).toEqual({ primary: "en", second: "hi", shown: "hi" });
      expect(card.basic.companyName).toBe("शर्मा स्वीट्स");
      expect(card.basic.designation).toBe("मालिक");
      expect(card.about.description).toBe("1998 से शुद्ध देसी घी की मिठाइयाँ।");
      expect(card.sections.find((s: { key: string }) => s.key === "products").title).toBe("हमारी मिठाइयाँ");
      expect(card.products[0].name).toBe("काजू कतली");
      // Left empty: the primary text, per field.
      expect(card.basic.name).toBe(sharma.basicDetails.name);
      expect(card.products[0].description).toBe(first.description?.trim() || undefined);
      if (sharma.products.items[1]) expect(card.products[1].name).toBe(sharma.products.items[1].name);
    }
    for (const res of [await publicCard(), await publicCard({ lang: "en" }), await publicCard({ acceptLanguage: "ta" })]) {
      expect(res.json.languages.shown).toBe("en");
      expect(res.json.card.basic.companyName).toBe(sharma.basicDetails.companyName);
      expect(res.json.card.products[0].name).toBe(first.name);
    }
    // ?lang= wins over the browser's language (the switch link).
    expect((await publicCard({ lang: "en", acceptLanguage: "hi" })).json.card.basic.companyName).toBe(sharma.basicDetails.companyName);
  });

  test("the vCard keeps the primary name and adds the Hindi names as NICKNAME", async () => {
    const res = await t.requestUnchecked("GET", "/public-card/sharma-sweets/vcard");
    expect(res.status).toBe(200);
    expect(res.text).toContain(`ORG:${sharma.basicDetails.companyName}`);
    expect(res.text).toMatch(/\r\nNICKNAME:शर्मा स्वीट्स\r\n/);
  });

  test("no second language: removed, and the card says it has one language", async () => {
    const res = await save("customer", { cardNo: sharma.cardNo, primaryLanguage: "en", companyName: "ignored" });
    expect(res.status).toBe(200);
    expect(res.json.secondLanguage).toBeNull();
    const card = await publicCard({ lang: "hi" });
    expect(card.json.languages ?? null).toBeNull();
    expect(card.json.card.basic.companyName).toBe(sharma.basicDetails.companyName);
    expect((await t.requestUnchecked("GET", "/public-card/sharma-sweets/vcard")).text).not.toContain("NICKNAME");
  });
});
