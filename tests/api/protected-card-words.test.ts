/**
 * Issue 22 M4 (ADR 0045): the platform's admin extends the built-in brand words; a new card id or
 * a rename using an added word is refused on every agency's host, ids already given keep working,
 * and nobody else may read or change the list.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const available = async (cardId: string) => (await t.requestAs("customer", "GET", "/checkCardIdAvailability", { query: { cardId } })).json;
const details = { name: "Rajesh Sharma", companyName: "Moving Sweets", phoneNumber: "9876543210" };

describe("protected words", () => {
  test("an added word refuses new ids and renames that use it as a part; ids given before keep their card", async () => {
    const card = await createCard(t, { name: "Haldiram Corner" });
    expect(card.cardId).toBe("haldiram-corner");
    expect(await available("haldiram-sweets")).toMatchObject({ available: true });

    const added = await t.requestAs("admin", "POST", "/card-id/protected-words", { body: { word: " Haldiram " } });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ word: "haldiram", added: true });

    expect(await available("haldiram-sweets")).toEqual({ available: false, cardId: "haldiram-sweets", message: CARD_ID_MESSAGES.brand });
    expect(await available("haldirams")).toMatchObject({ available: true }); // a part, not a substring
    const rename = await t.requestAsUnchecked("customer", "POST", "/updateCardBasicDetails", { body: { cardNo: card.cardNo, cardId: "haldiram-delhi", ...details } });
    expect(rename.status).toBe(409);
    expect(rename.json.fieldErrors).toEqual({ cardId: [CARD_ID_MESSAGES.brand] });
    // The card that had the id before keeps it and its public page.
    expect((await t.request("GET", "/public-card/haldiram-corner")).status).toBe(200);

    const list = await t.requestAs("admin", "GET", "/card-id/protected-words");
    expect(list.json.added.map((w: { word: string }) => w.word)).toContain("haldiram");
    expect(list.json.builtIn).toContain("tata");

    // Adding it again, or a built-in word, changes nothing.
    expect((await t.requestAs("admin", "POST", "/card-id/protected-words", { body: { word: "haldiram" } })).json).toEqual({ word: "haldiram", added: false });
    expect((await t.requestAs("admin", "POST", "/card-id/protected-words", { body: { word: "tata" } })).json).toEqual({ word: "tata", added: false });

    expect((await t.requestAs("admin", "DELETE", "/card-id/protected-words/haldiram")).status).toBe(200);
    expect(await available("haldiram-sweets")).toMatchObject({ available: true });
    expect((await t.requestAsUnchecked("admin", "DELETE", "/card-id/protected-words/tata")).status).toBe(404);
  });

  test("bad words are refused with a message and change nothing", async () => {
    for (const word of ["a", "two words", "with-hyphen", "x".repeat(31)]) {
      const res = await t.requestAsUnchecked("admin", "POST", "/card-id/protected-words", { body: { word } });
      expect(res.status, word).toBe(422);
    }
    const list = await t.requestAs("admin", "GET", "/card-id/protected-words");
    expect(list.json.added).toEqual([]);
  });

  test("only the platform's admin reads or changes the list", async () => {
    for (const role of ["customer", "creator", "franchisee", "otherAgencyAdmin"] as const) {
      const read = await t.requestAsUnchecked(role, "GET", "/card-id/protected-words");
      const write = await t.requestAsUnchecked(role, "POST", "/card-id/protected-words", { body: { word: "mine" } });
      expect([read.status, write.status], role).toEqual([403, 403]);
    }
  });
});
