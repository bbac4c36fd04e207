/**
 * Image fields store only normalised paths of our own uploads or https links
 * (contracts/image-url.ts), on cards and on businesses alike.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
let cardNo: number;
beforeAll(async () => {
  t = await createTestApi();
  [{ cardNo }] = await t.db.select({ cardNo: cards.cardNo }).from(cards).where(eq(cards.cardId, "sharma-sweets"));
});
afterAll(() => t?.close());

const REFUSED = [
  "/uploads/../secret.png",
  "/uploads/1/../../server.lock",
  "/uploads/./1/a.jpg",
  "/uploads//1/a.jpg",
  "/uploads/1/%2e%2e/a.jpg",
  "/uploads\\1\\a.jpg",
  "/uploads",
  "/other/a.jpg",
  "//evil.example/a.jpg",
  "http://images.example.com/a.jpg",
  "images.example.com/a.jpg",
  "https://user:pw@images.example.com/a.jpg",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
];

const gallery = (url: string) =>
  t.requestAs("customer", "POST", "/updateCardGallery", { body: { cardNo, title: "Photos", images: [{ url }] } });
const storedGallery = async () => (await t.db.select().from(cards).where(eq(cards.cardNo, cardNo)))[0].gallery;

describe("card image fields", () => {
  test.each(REFUSED)("%s is refused and nothing is stored", async (url) => {
    const before = await storedGallery();
    const res = await gallery(url);
    expect(res.status, res.text).toBe(422);
    expect(res.json.fieldErrors["images.0.url"]).toEqual(["A valid link is required."]);
    expect(await storedGallery()).toEqual(before);
  });

  test("our own upload paths and https links are stored, normalised", async () => {
    expect((await gallery("/uploads/1/card-gallery/1/0a1b2c.webp")).status).toBe(200);
    expect(await storedGallery()).toMatchObject({ images: [{ url: "/uploads/1/card-gallery/1/0a1b2c.webp" }] });
    expect((await gallery(" https://Images.Example.com/a/./b/../c.jpg ")).status).toBe(200);
    expect(await storedGallery()).toMatchObject({ images: [{ url: "https://images.example.com/a/c.jpg" }] });
  });

  test("the profile photo follows the same rule", async () => {
    const [card] = await t.db.select().from(cards).where(eq(cards.cardNo, cardNo));
    const res = await t.requestAsUnchecked("customer", "POST", "/updateCardBasicDetails", {
      body: { cardNo, cardId: card.cardId, ...card.basicDetails, profileImageUrl: "/uploads/../../etc/passwd" },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.fieldErrors.profileImageUrl).toEqual(["A valid link is required."]);
  });
});

describe("business logo", () => {
  test.each(REFUSED)("%s is refused", async (logoUrl) => {
    const res = await t.requestAs("customer", "POST", "/business", { body: { businessName: "Logo Test", phoneNumber: "9123456789", logoUrl } });
    expect(res.status, res.text).toBe(422);
    expect(res.json.fieldErrors.logoUrl).toEqual(["A valid link is required."]);
  });
});
