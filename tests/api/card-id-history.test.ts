/**
 * Old card links keep working (ADR 0012): a card that changes its link keeps its old ids; they
 * answer with (and redirect to) the current one, forever, and no other card may take them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { onCardChanged } from "#server/domain/card-events.ts";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { KEPT_OLD_CARD_IDS } from "#server/api/cards/card-id.ts";
import { createPublicCardCache } from "#server/web/public-card-cache.ts";
import { createTestApi, ROLES, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());


const details = { name: "Rajesh Sharma", companyName: "Moving Sweets", phoneNumber: "9876543210" };

const rename = (cardNo: number, cardId: string) => t.requestAs("customer", "POST", "/updateCardBasicDetails", { body: { cardNo, cardId, ...details } });
const available = async (cardId: string, cardNo?: number) =>
  (await t.requestAs("customer", "GET", "/checkCardIdAvailability", { query: cardNo ? { cardId, cardNo } : { cardId } })).json;

describe("a card that changes its link", () => {
  test("the old id answers with the card under its current id; files under the old id redirect (301), query kept", async () => {
    const card = await createCard(t, { name: "Chandni Chowk Sweets" });
    expect(card.cardId).toBe("chandni-chowk-sweets");
    expect((await rename(card.cardNo, "chandni-sweets-delhi")).status).toBe(200);

    const page = await t.request("GET", "/public-card/chandni-chowk-sweets");
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ state: "live", cardId: "chandni-sweets-delhi", publicUrl: "http://localhost/chandni-sweets-delhi" });

    for (const file of ["vcard", "qr.png", "qr.svg", "og.jpg"]) {
      const res = await t.request("GET", `/public-card/chandni-chowk-sweets/${file}`);
      expect(res.status, file).toBe(301);
      expect(res.headers.get("location"), file).toBe(`/api/v1/public-card/chandni-sweets-delhi/${file}`);
    }
    const download = await t.request("GET", "/public-card/chandni-chowk-sweets/qr.png", { query: { download: "true" } });
    expect(download.headers.get("location")).toBe("/api/v1/public-card/chandni-sweets-delhi/qr.png?download=true");
    // The current id still serves the files themselves.
    expect((await t.request("GET", "/public-card/chandni-sweets-delhi/qr.svg")).status).toBe(200);
  });

  test("every old id points at the current one after several changes; unknown ids stay 404", async () => {
    const card = await createCard(t);
    const first = card.cardId;
    expect((await rename(card.cardNo, "second-link")).status).toBe(200);
    expect((await rename(card.cardNo, "third-link")).status).toBe(200);
    for (const old of [first, "second-link"]) expect((await t.request("GET", `/public-card/${old}`)).json.cardId).toBe("third-link");
    expect((await t.request("GET", "/public-card/never-was-a-card")).status).toBe(404);
    expect((await t.request("GET", "/public-card/never-was-a-card/vcard")).status).toBe(404);
  });

  test("old ids are never given to another card: availability, saving and new cards refuse them", async () => {
    const a = await createCard(t, { name: "Kumar Tailors" });
    expect(a.cardId).toBe("kumar-tailors");
    expect((await rename(a.cardNo, "kumar-tailors-pune")).status).toBe(200);
    const b = await createCard(t);

    expect(await available("kumar-tailors", b.cardNo)).toEqual({ available: false, cardId: "kumar-tailors", message: CARD_ID_MESSAGES.taken });
    expect((await available("kumar-tailors")).available).toBe(false);
    const res = await rename(b.cardNo, "Kumar-Tailors");
    expect(res.status).toBe(409);
    expect(res.json.fieldErrors.cardId).toEqual([CARD_ID_MESSAGES.taken]);

    // A new business with the same name does not get the retired id.
    const c = await createCard(t, { name: "Kumar Tailors" });
    expect(c.cardId).toBe("kumar-tailors-2");
    expect((await t.request("GET", "/public-card/kumar-tailors")).json.cardId).toBe("kumar-tailors-pune");
  });

  test("the same card may take its own old id back; the other id then redirects to it", async () => {
    const card = await createCard(t);
    const original = card.cardId;
    expect((await rename(card.cardNo, "a-short-lived-link")).status).toBe(200);
    expect(await available(original, card.cardNo)).toEqual({ available: true, cardId: original });

    const back = await rename(card.cardNo, original);
    expect(back.status).toBe(200);
    expect(back.json.updatedCard.cardId).toBe(original);
    expect((await t.request("GET", `/public-card/${original}`)).json.cardId).toBe(original);
    expect((await t.request("GET", "/public-card/a-short-lived-link")).json.cardId).toBe(original);
    expect((await available("a-short-lived-link")).available).toBe(false);
  });

  test("another agency's host knows nothing of the old id", async () => {
    const card = await createCard(t);
    const old = card.cardId;
    expect((await rename(card.cardNo, `${old}-moved`)).status).toBe(200);
    expect((await t.request("GET", `/public-card/${old}`, { host: ROLES.otherAgencyAdmin.host })).status).toBe(404);
    expect((await t.requestAs("otherAgencyAdmin", "GET", "/checkCardIdAvailability", { query: { cardId: old } })).json.available).toBe(true);
  });

  test("a deleted card's old id still leads to its (gone) page, and stays taken", async () => {
    const card = await createCard(t);
    const old = card.cardId;
    expect((await rename(card.cardNo, `${old}-deleted`)).status).toBe(200);
    await t.db.update(cards).set({ deletedAt: new Date() }).where(eq(cards.cardNo, card.cardNo));
    const res = await t.request("GET", `/public-card/${old}`);
    expect(res.json).toMatchObject({ state: "deleted", cardId: `${old}-deleted`, card: null });
    expect((await available(old)).available).toBe(false);
  });
});

describe("the HTML micro-cache and a changed link (server/main.ts wiring)", () => {
  const marked = (status: number, headers: Record<string, string>, body: string | null = null) =>
    new Response(body, { status, headers: { "x-public-card": "1", "cache-control": "public, no-cache", ...headers } });

  test("the old page is dropped the moment the link changes; the 301 is kept a few seconds like a page", async () => {
    const cache = createPublicCardCache({ ttlMs: 5000 });
    const stop = onCardChanged(({ cardId }) => cache.drop(cardId));
    try {
      const card = await createCard(t);
      const oldUrl = `http://localhost:3000/${card.cardId}`;
      await cache.store("GET", oldUrl, null, marked(200, { "content-type": "text/html" }, "<html>old page</html>"));
      expect(cache.lookup("GET", oldUrl, null)!.status).toBe(200);

      expect((await rename(card.cardNo, `${card.cardId}-new`)).status).toBe(200);
      expect(cache.lookup("GET", oldUrl, null)).toBeNull();

      const redirect = await cache.store("GET", oldUrl, null, marked(301, { location: `/${card.cardId}-new` }));
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("x-public-card")).toBeNull();
      const hit = cache.lookup("GET", oldUrl, null)!;
      expect(hit.status).toBe(301);
      expect(hit.headers.get("location")).toBe(`/${card.cardId}-new`);

      // Taking the old id back drops the cached redirect at once.
      expect((await rename(card.cardNo, card.cardId)).status).toBe(200);
      expect(cache.lookup("GET", oldUrl, null)).toBeNull();
    } finally {
      stop();
    }
  });
});

describe("issue 22 M4: card ids cannot be hoarded or pass for a brand", () => {
  test(`a card keeps its newest ${KEPT_OLD_CARD_IDS} old ids; older ones are freed for anyone`, async () => {
    const card = await createCard(t, { name: "Renamed Often" });
    const ids = Array.from({ length: 8 }, (_, i) => `renamed-often-${i + 1}`);
    for (const id of ids) expect((await rename(card.cardNo, id)).status).toBe(200);
    const old = [card.cardId, ...ids.slice(0, -1)];
    // The newest five still redirect to the card and stay taken.
    for (const id of old.slice(-KEPT_OLD_CARD_IDS)) {
      expect((await t.request("GET", `/public-card/${id}`)).json.cardId, id).toBe("renamed-often-8");
      expect((await available(id)).available, id).toBe(false);
    }
    // The older ones are free again.
    for (const id of old.slice(0, old.length - KEPT_OLD_CARD_IDS)) {
      expect((await t.request("GET", `/public-card/${id}`)).status, id).toBe(404);
      expect((await available(id)).available, id).toBe(true);
    }
  });

  test("brand-like ids are refused with a clear message; a business named after a brand gets a neutral id", async () => {
    const card = await createCard(t, { name: "Neutral Name Shop" });
    for (const id of ["tata-motors", "my-jio-store", "google"]) {
      const check = await available(id);
      expect(check, id).toMatchObject({ available: false, message: CARD_ID_MESSAGES.brand });
      const res = await rename(card.cardNo, id);
      expect(res.status, id).toBe(422);
      expect(JSON.stringify(res.json), id).toContain(CARD_ID_MESSAGES.brand);
    }
    expect((await available("tatanagar-sweets")).available).toBe(true); // a part, not a substring
    const branded = await createCard(t, { name: "Tata Tea Stall" });
    expect(branded.cardId).toBe("card-tea-stall");
  });
});
