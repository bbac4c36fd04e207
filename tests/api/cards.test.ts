/**
 * SPEC §7 Cards as a client sees them: reading, the card id rule, the nine editor calls, card
 * creation (one per business), the staff card list and the admin calls — each with the
 * other-customer / other-agency / franchisee scoping and SPEC §5's messages (ADR 0010).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { cards } from "#server/db/schema/business.ts";
import { franchisees } from "#server/db/schema/core.ts";
import { onCardChanged } from "#server/domain/card-events.ts";
import { CARD_ID_MESSAGES } from "#contracts/card-id.ts";
import { ONE_CARD_PER_BUSINESS } from "#server/api/cards/create-card.ts";
import { EMAIL_MESSAGE, LINK_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE, UPI_MESSAGE, YOUTUBE_MESSAGE } from "#contracts/constants.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import type { ApiBody, ApiPath } from "../support/api-client.ts";
import { createCard, insertBusiness } from "../support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApi;
let events: { agencyId: number; cardId: string }[] = [];
let stopListening: () => void;
/** cardNo / businessId of the seeded cards, by cardId. */
const seeded: Record<string, { cardNo: number; businessId: number; agencyId: number }> = {};

beforeAll(async () => {
  t = await createTestApi();
  stopListening = onCardChanged((e) => events.push(e));
  for (const c of await t.db.select().from(cards)) seeded[c.cardId] = { cardNo: c.cardNo, businessId: c.businessId, agencyId: c.agencyId };
});
afterAll(async () => {
  stopListening?.();
  await t?.close();
});
beforeEach(() => {
  events = [];
});
afterEach(() => t.clock.reset());

const sharma = () => seeded["sharma-sweets"];
const gupta = () => seeded["gupta-electricals"];
const dental = () => Object.entries(seeded).find(([id]) => id.startsWith("smile-care"))![1];

type Query = Record<string, string | number | undefined>;
/** A request as `role` (on that role's agency host), or anonymous (null). */
async function as<M extends "GET" | "POST", P extends ApiPath<M>>(role: RoleName | null, method: M, path: P, o: { body?: ApiBody<M, P>; query?: Query } = {}) {
  const cookie = role ? await t.signInAs(role) : undefined;
  return t.request(method, path, { ...o, cookie, host: role ? ROLES[role].host : undefined });
}
const get = <P extends ApiPath<"GET">>(role: RoleName | null, path: P, query: Query) => as(role, "GET", path, { query });
const post = <P extends ApiPath<"POST">>(role: RoleName | null, path: P, body: ApiBody<"POST", P>) => as(role, "POST", path, { body });
/** A POST to a path from a table, or with a body that must fail validation. */
const postUnchecked = async (role: RoleName | null, path: string, body: unknown) =>
  t.requestUnchecked("POST", path, { body, cookie: role ? await t.signInAs(role) : undefined, host: role ? ROLES[role].host : undefined });

describe("reading cards", () => {
  test("getCardsByBusiness: the owner gets the one live card with every section", async () => {
    const res = await get("customer", "/getCardsByBusiness", { businessId: sharma().businessId });
    expect(res.status).toBe(200);
    expect(res.json.cards).toHaveLength(1);
    const card = res.json.cards[0];
    expect(card).toMatchObject({ cardNo: sharma().cardNo, cardId: "sharma-sweets", businessId: sharma().businessId, publicPath: "/sharma-sweets" });
    for (const key of ["template", "status", "basicDetails", "paymentOptions", "youtubeVideos", "gallery", "aboutUs", "products", "links", "settings", "imagePostEnabled", "cardLimit", "viewCount", "createdAt", "updatedAt"]) {
      expect(card, key).toHaveProperty(key);
    }
    expect(card.basicDetails.companyName).toBe("Sharma Sweets");
    // Nothing undeclared leaves (agencyId, deletedAt, image post settings).
    expect(card).not.toHaveProperty("agencyId");
    expect(card).not.toHaveProperty("deletedAt");
  });

  test("getCardsByBusiness: a business without a card gives an empty list", async () => {
    const b = await insertBusiness(t);
    const res = await get("customer", "/getCardsByBusiness", { businessId: b.businessId });
    expect(res.status).toBe(200);
    expect(res.json.cards).toEqual([]);
  });

  test("another customer's, another agency's and a franchisee's foreign business answer 404", async () => {
    expect((await get("foreignCustomer", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(404);
    expect((await get("otherAgencyAdmin", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(404);
    expect((await get("otherAgencyCustomer", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(404);
    // Sunrise's business asked on the platform host, even by the platform admin.
    expect((await get("admin", "/getCardsByBusiness", { businessId: dental().businessId })).status).toBe(404);
    // A franchisee sees the businesses they made (Gupta), not others (Sharma).
    expect((await get("franchisee", "/getCardsByBusiness", { businessId: gupta().businessId })).status).toBe(200);
    expect((await get("franchisee", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(404);
    expect((await get("franchiseeAllCards", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(200);
    expect((await get("admin", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(200);
    expect((await get(null, "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(401);
  });

  test("GET /card: full card for the owner and staff who may see it; 404 for everyone else", async () => {
    const own = await get("customer", "/card", { cardNo: sharma().cardNo });
    expect(own.status).toBe(200);
    expect(own.json.card).toMatchObject({ cardNo: sharma().cardNo, cardId: "sharma-sweets", publicPath: "/sharma-sweets", status: "active" });
    expect((await get("otherAgencyCustomer", "/card", { cardNo: dental().cardNo })).status).toBe(200);
    expect((await get("foreignCustomer", "/card", { cardNo: sharma().cardNo })).status).toBe(404);
    expect((await get("otherAgencyAdmin", "/card", { cardNo: sharma().cardNo })).status).toBe(404);
    expect((await get("customer", "/card", { cardNo: dental().cardNo })).status).toBe(404);
    expect((await get("franchisee", "/card", { cardNo: sharma().cardNo })).status).toBe(404);
    expect((await get("franchisee", "/card", { cardNo: gupta().cardNo })).status).toBe(200);
    expect((await get("customer", "/card", { cardNo: 2_000_000_000 })).status).toBe(404);
    const bad = await get("customer", "/card", { cardNo: "abc" });
    expect(bad.status).toBe(422);
  });
});

describe("checkCardIdAvailability (the card id rule)", () => {
  const check = (cardId: string, cardNo?: number, role: RoleName = "customer") =>
    get(role, "/checkCardIdAvailability", { cardId, cardNo });

  test("a free id is available and comes back normalised (trimmed, lower-case)", async () => {
    const res = await check("  Fresh-Sweets-Jaipur ");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ available: true, cardId: "fresh-sweets-jaipur" });
  });

  test("rule failures come back as a message the form can show", async () => {
    expect((await check("panel")).json).toEqual({ available: false, cardId: "panel", message: CARD_ID_MESSAGES.reserved });
    expect((await check("API")).json).toMatchObject({ available: false, cardId: "api", message: CARD_ID_MESSAGES.reserved });
    expect((await check("uploads")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.reserved });
    expect((await check("ab")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.length });
    expect((await check("x".repeat(41))).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.length });
    expect((await check("sharma_sweets")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.characters });
    expect((await check("-sharma")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.characters });
    expect((await check("sharma--sweets")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.characters });
  });

  test("taken by another card; the card's own id is fine", async () => {
    expect((await check("sharma-sweets")).json).toEqual({ available: false, cardId: "sharma-sweets", message: CARD_ID_MESSAGES.taken });
    expect((await check("gupta-electricals", sharma().cardNo)).json.available).toBe(false);
    expect((await check("Sharma-Sweets", sharma().cardNo)).json).toEqual({ available: true, cardId: "sharma-sweets" });
  });

  test("uniqueness is per agency: Sunrise's id is free on the platform agency, taken on Sunrise", async () => {
    const dentalId = Object.keys(seeded).find((id) => id.startsWith("smile-care"))!;
    expect((await check(dentalId)).json.available).toBe(true);
    expect((await check(dentalId, undefined, "otherAgencyCustomer")).json.available).toBe(false);
  });

  test("a deleted card keeps its id taken (an old shared link never opens somebody else's card)", async () => {
    const b = await insertBusiness(t);
    await t.db.insert(cards).values({ agencyId: sharma().agencyId, businessId: b.businessId, cardId: "old-closed-shop", deletedAt: new Date() });
    expect((await check("old-closed-shop")).json).toMatchObject({ available: false, message: CARD_ID_MESSAGES.taken });
  });

  test("anyone signed in may check; anonymous may not", async () => {
    expect((await check("fresh-id", undefined, "admin")).status).toBe(200);
    expect((await get(null, "/checkCardIdAvailability", { cardId: "fresh-id" })).status).toBe(401);
  });
});

/* ---- The nine editor calls ---- */

type SectionCase = {
  path: string;
  good: Record<string, unknown>;
  /** What the stored card shows afterwards. */
  stored: (card: Record<string, any>) => void;
  bad: Record<string, unknown>;
  badField: string;
  badMessage: string;
};

const SECTION_CASES: SectionCase[] = [
  {
    path: "/updateCardPaymentOptions",
    good: {
      upiId: "sharmasweets@okhdfcbank",
      upiName: "Sharma Sweets",
      bankAccounts: [{ accountName: "Sharma Sweets", accountNumber: "123456789012", ifsc: "sbin0001234", bankName: "SBI", branch: "" }],
    },
    stored: (c) =>
      expect(c.paymentOptions).toEqual({
        upiId: "sharmasweets@okhdfcbank",
        upiName: "Sharma Sweets",
        // IFSC upper-cased, the empty branch dropped.
        bankAccounts: [{ accountName: "Sharma Sweets", accountNumber: "123456789012", ifsc: "SBIN0001234", bankName: "SBI" }],
      }),
    bad: { upiId: "not a upi id" },
    badField: "upiId",
    badMessage: UPI_MESSAGE,
  },
  {
    path: "/updateCardYoutubeVideos",
    good: { title: "Watch us", videos: [{ url: "https://youtu.be/dQw4w9WgXcQ", title: "Our kitchen" }] },
    stored: (c) => expect(c.youtubeVideos).toEqual({ title: "Watch us", videos: [{ url: "https://youtu.be/dQw4w9WgXcQ", title: "Our kitchen" }] }),
    bad: { videos: [{ url: "https://vimeo.com/12345" }] },
    badField: "videos.0.url",
    badMessage: YOUTUBE_MESSAGE,
  },
  {
    path: "/updateCardTemplate",
    good: { template: "style-2" },
    stored: (c) => expect(c.template).toBe("style-2"),
    bad: { template: "style-9" },
    badField: "template",
    badMessage: "Choose a card style.",
  },
  {
    path: "/updateCardGallery",
    good: { title: "Photos", images: [{ url: "/uploads/1/card-gallery/1/abcdef.jpg", caption: "Diwali counter" }, { url: "https://images.example.com/a.jpg" }] },
    stored: (c) =>
      expect(c.gallery).toEqual({
        title: "Photos",
        images: [{ url: "/uploads/1/card-gallery/1/abcdef.jpg", caption: "Diwali counter" }, { url: "https://images.example.com/a.jpg" }],
      }),
    bad: { images: [{ url: "javascript:alert(1)" }] },
    badField: "images.0.url",
    badMessage: LINK_MESSAGE,
  },
  {
    path: "/updateCardAboutUs",
    good: { title: "Our Story", description: "Sweets since 1998.", establishedYear: 1998, specialities: ["Ghewar", "Kaju katli"] },
    stored: (c) => expect(c.aboutUs).toEqual({ title: "Our Story", description: "Sweets since 1998.", establishedYear: 1998, specialities: ["Ghewar", "Kaju katli"] }),
    bad: { establishedYear: 1949 },
    badField: "establishedYear",
    badMessage: "Enter a year from 1950 onwards.",
  },
  {
    path: "/updateCardProducts",
    good: { title: "Menu", items: [{ name: "Ghewar (1 kg)", price: 45000 }, { name: "Custom box", price: null, description: "Price on request" }] },
    stored: (c) =>
      expect(c.products).toEqual({ title: "Menu", items: [{ name: "Ghewar (1 kg)", price: 45000 }, { name: "Custom box", price: null, description: "Price on request" }] }),
    bad: { items: [{ name: "  ", price: 100 }] },
    badField: "items.0.name",
    badMessage: REQUIRED_MESSAGE,
  },
  {
    path: "/updateCardLinks",
    good: { items: [{ label: "Instagram", url: "instagram.com/sharmasweets" }] },
    // A bare domain is read as https.
    stored: (c) => expect(c.links).toEqual({ items: [{ label: "Instagram", url: "https://instagram.com/sharmasweets" }] }),
    bad: { items: [{ label: "Shop", url: "not a link" }] },
    badField: "items.0.url",
    badMessage: LINK_MESSAGE,
  },
  {
    path: "/updateCardSettings",
    good: { sectionTitles: { about: "Our Story" }, hiddenSections: ["videos"], themeColor: "#c2185b", showSaveContact: true },
    stored: (c) => expect(c.settings).toEqual({ sectionTitles: { about: "Our Story" }, hiddenSections: ["videos"], themeColor: "#c2185b", showSaveContact: true }),
    bad: { themeColor: "pink" },
    badField: "themeColor",
    badMessage: "Choose a colour like #1e88e5.",
  },
];

describe.each(SECTION_CASES)("POST $path", (sc) => {
  test("the owner saves the section: { updatedCard } back, stored, updatedAt bumped, cardChanged fired", async () => {
    const before = (await get("customer", "/card", { cardNo: sharma().cardNo })).json.card;
    t.clock.advance(60_000);
    const res = await postUnchecked("customer", sc.path, { cardNo: sharma().cardNo, ...sc.good });
    expect(res.status, res.text).toBe(200);
    sc.stored(res.json.updatedCard);
    expect(new Date(res.json.updatedCard.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    const reread = (await get("customer", "/card", { cardNo: sharma().cardNo })).json.card;
    sc.stored(reread);
    expect(events).toContainEqual({ agencyId: sharma().agencyId, cardId: reread.cardId });
    // A retried identical request is harmless: same stored result.
    const again = await postUnchecked("customer", sc.path, { cardNo: sharma().cardNo, ...sc.good });
    expect(again.status).toBe(200);
    sc.stored(again.json.updatedCard);
  });

  test("bad input: 422 with the field's message, nothing stored", async () => {
    const before = (await get("customer", "/card", { cardNo: sharma().cardNo })).json.card;
    const res = await postUnchecked("customer", sc.path, { cardNo: sharma().cardNo, ...sc.bad });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors[sc.badField]).toContain(sc.badMessage);
    const after = (await get("customer", "/card", { cardNo: sharma().cardNo })).json.card;
    expect(after.updatedAt).toBe(before.updatedAt);
    expect((await postUnchecked("customer", sc.path, { ...sc.good })).status).toBe(422); // no cardNo
  });

  test("another customer's, another agency's or another franchisee's card: 404, unchanged", async () => {
    const before = (await get("customer", "/card", { cardNo: sharma().cardNo })).json.card;
    for (const role of ["foreignCustomer", "otherAgencyAdmin", "otherAgencyCustomer", "franchisee"] as const) {
      const res = await postUnchecked(role, sc.path, { cardNo: sharma().cardNo, ...sc.good });
      expect(res.status, role).toBe(404);
    }
    expect((await postUnchecked(null, sc.path, { cardNo: sharma().cardNo, ...sc.good })).status).toBe(401);
    expect((await get("customer", "/card", { cardNo: sharma().cardNo })).json.card.updatedAt).toBe(before.updatedAt);
    expect(events).toEqual([]);
  });

  test("staff who may see the card can edit it (franchisee: the business they made)", async () => {
    expect((await postUnchecked("franchisee", sc.path, { cardNo: gupta().cardNo, ...sc.good })).status).toBe(200);
    expect((await postUnchecked("admin", sc.path, { cardNo: gupta().cardNo, ...sc.good })).status).toBe(200);
  });
});

describe("POST /updateCardBasicDetails", () => {
  const details: Omit<ApiBody<"POST", "/updateCardBasicDetails">, "cardNo" | "cardId"> = {
    name: "Rajesh Sharma",
    designation: "Owner",
    companyName: "Sharma Sweets",
    tagline: "Pure ghee sweets since 1998",
    phoneNumber: "9876543210",
    whatsappNumber: "9876543210",
    email: "orders@sharmasweets.in",
    website: "https://sharmasweets.in",
    address: "Johari Bazaar, Jaipur",
    mapLink: "https://maps.google.com/?q=Johari+Bazaar",
    contactFields: [{ type: "tel", label: "Shop landline", value: "9123456789" }],
  };

  test("saves the details and changes the public link; cardChanged for the old and the new id", async () => {
    const card = await createCard(t);
    t.clock.advance(60_000);
    const res = await post("customer", "/updateCardBasicDetails", { cardNo: card.cardNo, cardId: "Sharma-Sweets-Jaipur", ...details });
    expect(res.status, res.text).toBe(200);
    const u = res.json.updatedCard;
    expect(u.cardId).toBe("sharma-sweets-jaipur");
    expect(u.publicPath).toBe("/sharma-sweets-jaipur");
    expect(u.basicDetails).toMatchObject({ companyName: "Sharma Sweets", email: "orders@sharmasweets.in", tagline: "Pure ghee sweets since 1998" });
    expect(u.basicDetails).not.toHaveProperty("alternatePhoneNumber");
    expect(u.basicDetails.contactFields).toEqual([{ type: "tel", label: "Shop landline", value: "+919123456789" }]);
    expect(events).toContainEqual({ agencyId: sharma().agencyId, cardId: card.cardId });
    expect(events).toContainEqual({ agencyId: sharma().agencyId, cardId: "sharma-sweets-jaipur" });
    expect((await get("customer", "/checkCardIdAvailability", { cardId: "sharma-sweets-jaipur" })).json.available).toBe(false);
    // The card's old id now redirects to the new one (ADR 0012): taken for others, free for this card.
    expect((await get("customer", "/checkCardIdAvailability", { cardId: card.cardId })).json.available).toBe(false);
    expect((await get("customer", "/checkCardIdAvailability", { cardId: card.cardId, cardNo: card.cardNo })).json.available).toBe(true);
  });

  test("SPEC §5 messages for phone, email, link and required fields", async () => {
    const cardNo = sharma().cardNo;
    const bad = async (patch: Record<string, unknown>) =>
      (await post("customer", "/updateCardBasicDetails", { cardNo, cardId: "sharma-sweets", ...details, ...patch })).json;
    expect((await bad({ phoneNumber: "12345" })).fieldErrors.phoneNumber).toContain(PHONE_MESSAGE);
    expect((await bad({ whatsappNumber: "abc" })).fieldErrors.whatsappNumber).toContain(PHONE_MESSAGE);
    expect((await bad({ email: "not-an-email" })).fieldErrors.email).toContain(EMAIL_MESSAGE);
    expect((await bad({ website: "ht!tp://nope" })).fieldErrors.website).toContain(LINK_MESSAGE);
    expect((await bad({ mapLink: "javascript:alert(1)" })).fieldErrors.mapLink).toContain(LINK_MESSAGE);
    expect((await bad({ companyName: "  " })).fieldErrors.companyName).toContain(REQUIRED_MESSAGE);
    expect((await bad({ contactFields: [{ type: "email", label: "Accounts", value: "nope" }] })).fieldErrors["contactFields.0.value"]).toContain(EMAIL_MESSAGE);
    expect((await bad({ contactFields: [{ type: "url", label: "Site", value: "not a link" }] })).fieldErrors["contactFields.0.value"]).toContain(LINK_MESSAGE);
    expect((await bad({ contactFields: [{ type: "tel", label: "Shop", value: "1" }] })).fieldErrors["contactFields.0.value"]).toContain(PHONE_MESSAGE);
    expect((await bad({ contactFields: [{ type: "text", label: "Hours", value: "" }] })).fieldErrors["contactFields.0.value"]).toContain(REQUIRED_MESSAGE);
    expect((await bad({ cardId: "panel" })).fieldErrors.cardId).toContain(CARD_ID_MESSAGES.reserved);
    const res = await post("customer", "/updateCardBasicDetails", { cardNo, cardId: "sharma-sweets", ...details, phoneNumber: "12" });
    expect(res.status).toBe(422);
  });

  test("a taken link answers 409 with the sentence (incl. a deleted card's id)", async () => {
    const card = await createCard(t);
    const res = await post("customer", "/updateCardBasicDetails", { cardNo: card.cardNo, cardId: "gupta-electricals", ...details });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("This link is already taken. Please choose another.");
    expect(res.json.fieldErrors.cardId).toEqual([CARD_ID_MESSAGES.taken]);
    const b = await insertBusiness(t);
    await t.db.insert(cards).values({ agencyId: sharma().agencyId, businessId: b.businessId, cardId: "a-deleted-card", deletedAt: new Date() });
    expect((await post("customer", "/updateCardBasicDetails", { cardNo: card.cardNo, cardId: "a-deleted-card", ...details })).status).toBe(409);
    expect((await get("customer", "/card", { cardNo: card.cardNo })).json.card.cardId).toBe(card.cardId);
  });

  test("two cards racing for one free id: exactly one gets it, the other a 409", async () => {
    const [a, b] = [await createCard(t), await createCard(t)];
    const results = await Promise.all(
      [a, b].map((c) => post("customer", "/updateCardBasicDetails", { cardNo: c.cardNo, cardId: "the-race-winner", ...details })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.json.message).toBe(CARD_ID_MESSAGES.taken);
    expect(await t.db.$count(cards, eq(cards.cardId, "the-race-winner"))).toBe(1);
  });

  test("keeping its own id is fine; another customer's card is 404", async () => {
    expect((await post("customer", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details })).status).toBe(200);
    expect((await post("foreignCustomer", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details })).status).toBe(404);
    expect((await post("otherAgencyAdmin", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details })).status).toBe(404);
  });

  test("staff of the agency save the customer's card as the editor does (issue 22); another agency's staff get 404", async () => {
    const res = await post("admin", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details, tagline: "Saved by the agency" });
    expect(res.status).toBe(200);
    expect((await get("admin", "/getCardsByBusiness", { businessId: sharma().businessId })).json.cards[0].basicDetails.tagline).toBe("Saved by the agency");
    expect((await get("customer", "/card", { cardNo: sharma().cardNo })).json.card.basicDetails.tagline).toBe("Saved by the agency");
    const other = await post("otherAgencyAdmin", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details, tagline: "Hijacked" });
    expect(other.status).toBe(404);
    expect((await get("otherAgencyAdmin", "/getCardsByBusiness", { businessId: sharma().businessId })).status).toBe(404);
    // A franchisee only the businesses they made; a customer only their own.
    expect((await post("franchisee", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details })).status).toBe(404);
    expect((await post("foreignCustomer", "/updateCardBasicDetails", { cardNo: sharma().cardNo, cardId: "sharma-sweets", ...details })).status).toBe(404);
    expect((await get("customer", "/card", { cardNo: sharma().cardNo })).json.card.basicDetails.tagline).toBe("Saved by the agency");
  });
});

describe("POST /createCard (one card per business)", () => {
  test("creates the card from the business, then refuses a second one with 409", async () => {
    const b = await insertBusiness(t, { name: "Kumar Dhaba & Co." });
    const res = await post("customer", "/createCard", { businessId: b.businessId });
    expect(res.status).toBe(200);
    expect(res.json.card).toMatchObject({ cardId: "kumar-dhaba-co", businessId: b.businessId, status: "active", template: "style-1", publicPath: "/kumar-dhaba-co" });
    expect(res.json.card.basicDetails).toMatchObject({ companyName: "Kumar Dhaba & Co.", phoneNumber: "+919811111111" });
    const second = await post("customer", "/createCard", { businessId: b.businessId });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(ONE_CARD_PER_BUSINESS);
    expect((await post("customer", "/createCard", { businessId: sharma().businessId })).json.message).toBe(ONE_CARD_PER_BUSINESS);
  });

  test("a business with the same name gets the next free id", async () => {
    const a = await createCard(t);
    const b = await insertBusiness(t, { name: "Kumar Dhaba & Co." });
    const res = await post("customer", "/createCard", { businessId: b.businessId });
    expect(res.json.card.cardId).toMatch(/^kumar-dhaba-co-\d+$/);
    expect(a.cardId).not.toBe(res.json.card.cardId);
  });

  test("someone else's business is 404; staff create for businesses they may see", async () => {
    const b = await insertBusiness(t);
    expect((await post("foreignCustomer", "/createCard", { businessId: b.businessId })).status).toBe(404);
    expect((await post("otherAgencyAdmin", "/createCard", { businessId: b.businessId })).status).toBe(404);
    expect((await post("franchisee", "/createCard", { businessId: b.businessId })).status).toBe(404);
    expect((await post("admin", "/createCard", { businessId: b.businessId })).status).toBe(200);
    expect((await post("customer", "/createCard", { businessId: "abc" })).status).toBe(422);
  });
});

describe("GET /getcardlist", () => {
  const list = async (role: RoleName, query: Record<string, string | number> = {}) => {
    const res = await get(role, "/getcardlist", { pageSize: 100, ...query });
    expect(res.status, res.text).toBe(200);
    return res.json as { cards: ({ cardId: string } & Record<string, any>)[]; total: number; page: number; pageSize: number };
  };
  const ids = (l: { cards: { cardId: string }[] }) => l.cards.map((c) => c.cardId);

  test("admin: the agency's cards with business name, phone and payment state; never another agency's", async () => {
    const l = await list("admin");
    expect(ids(l)).toEqual(expect.arrayContaining(["sharma-sweets", "gupta-electricals", "iyer-consulting"]));
    expect(ids(l).some((id) => id.startsWith("smile-care"))).toBe(false);
    const row = l.cards.find((c) => c.cardId === "sharma-sweets")!;
    expect(row).toMatchObject({ businessName: "Sharma Sweets", phoneNumber: "+919876543210", paymentState: "paid", paymentStatus: 1, publicPath: "/sharma-sweets" });
    expect(l.cards.find((c) => c.cardId === "gupta-electricals")!.paymentState).toBe("expired");
    expect(l.cards.find((c) => c.cardId === "iyer-consulting")!.paymentState).toBe("unpaid");
    // The one card state, as the panel's badges show it.
    const state = (id: string) => l.cards.find((c) => c.cardId === id)!.cardState.state;
    // Iyer Consulting is on its 7-day trial (ADR 0015).
    expect([state("sharma-sweets"), state("gupta-electricals"), state("iyer-consulting")]).toEqual(["paid", "expired", "trial"]);
    expect(l.total).toBe(l.cards.length);
    const sunrise = await list("otherAgencyAdmin");
    expect(ids(sunrise).every((id) => id.startsWith("smile-care"))).toBe(true);
  });

  test("franchisee scoping: only the businesses they made; all-card franchisees see all; creators none", async () => {
    expect(ids(await list("franchisee"))).toEqual(["gupta-electricals"]);
    expect(ids(await list("franchiseeAllCards"))).toEqual(expect.arrayContaining(["sharma-sweets", "gupta-electricals", "iyer-consulting"]));
    expect((await list("creator")).total).toBe(0);
  });

  test("customers and anonymous callers are refused", async () => {
    expect((await get("customer", "/getcardlist", {})).status).toBe(403);
    expect((await get(null, "/getcardlist", {})).status).toBe(401);
  });

  test("filters: payment, expiry, status, image posts", async () => {
    expect(ids(await list("admin", { payment: "unpaid" }))).toContain("iyer-consulting");
    expect(ids(await list("admin", { payment: "unpaid" }))).not.toContain("sharma-sweets");
    expect(ids(await list("admin", { payment: "paid" }))).toEqual(expect.arrayContaining(["sharma-sweets", "gupta-electricals"]));
    expect(ids(await list("admin", { expiry: "expired" }))).toEqual(["gupta-electricals"]);
    expect(ids(await list("otherAgencyAdmin", { expiry: "expiring-soon" })).some((id) => id.startsWith("smile-care"))).toBe(true);
    expect(ids(await list("admin", { expiry: "expiring-soon" }))).not.toContain("sharma-sweets");
    // 1 to 7 whole days left is "expiring soon" (payment-status.ts); 8 days is not yet.
    const soon = await insertBusiness(t, { paid: true, expiry: new Date(Date.now() + 3 * DAY) });
    const later = await insertBusiness(t, { paid: true, expiry: new Date(Date.now() + 8 * DAY + 60_000) });
    const soonCard = (await post("customer", "/createCard", { businessId: soon.businessId })).json.card;
    const laterCard = (await post("customer", "/createCard", { businessId: later.businessId })).json.card;
    const expiringSoon = await list("admin", { expiry: "expiring-soon" });
    // …and the seeded Iyer Consulting, 4 days before the end of its trial (ADR 0015).
    expect(ids(expiringSoon)).toEqual([soonCard.cardId, "iyer-consulting"]);
    expect(expiringSoon.cards[0].paymentState).toBe("expiring-soon");
    expect(ids(await list("admin", { expiry: "expired" }))).not.toContain(laterCard.cardId);

    const c = await createCard(t);
    expect((await post("admin", "/updateCardStatus", { cardNo: c.cardNo, status: "inactive" })).status).toBe(200);
    expect(ids(await list("admin", { status: "inactive" }))).toContain(c.cardId);
    expect(ids(await list("admin", { status: "inactive" }))).not.toContain("iyer-consulting");
    expect(ids(await list("admin", { status: "active" }))).not.toContain(c.cardId);
    await t.db.update(cards).set({ imagePostEnabled: true }).where(eq(cards.cardNo, c.cardNo));
    const withPosts = await list("admin", { imagePostEnabled: "yes" });
    expect(ids(withPosts)).toContain(c.cardId);
    expect(withPosts.cards.every((r) => r.imagePostEnabled)).toBe(true);
    expect(ids(await list("admin", { imagePostEnabled: "no" }))).not.toContain(c.cardId);
    expect((await get("admin", "/getcardlist", { status: "paused" })).status).toBe(422);
  });

  test("search: card id, business name, company name and registered phone", async () => {
    const found = ids(await list("admin", { search: "SHARMA-SW" }));
    expect(found).toContain("sharma-sweets");
    expect(found.every((id) => id.startsWith("sharma-sweets"))).toBe(true);
    expect(ids(await list("admin", { search: "gupta elec" }))).toEqual(["gupta-electricals"]);
    expect(ids(await list("admin", { search: "+44 20" }))).toEqual(["iyer-consulting"]);
    // The registered phone, typed the way people write it.
    expect(ids(await list("admin", { search: "+91 98765 43210" }))).toEqual(expect.arrayContaining(["sharma-sweets", "gupta-electricals"]));
    expect(ids(await list("admin", { search: "+91 98765 43210" }))).not.toContain("iyer-consulting");
    const c = await createCard(t);
    const details = { cardId: c.cardId, companyName: "Zebra Crossing Traders", phoneNumber: "9811111111" };
    expect((await post("customer", "/updateCardBasicDetails", { cardNo: c.cardNo, ...details })).status).toBe(200);
    expect(ids(await list("admin", { search: "zebra crossing" }))).toEqual([c.cardId]);
    // LIKE wildcards are plain characters here.
    expect((await list("admin", { search: "%" })).total).toBe(0);
    expect(ids(await list("franchisee", { search: "sharma" }))).toEqual([]);
  });

  test("pagination: page and pageSize (at most 100), total across pages", async () => {
    const all = await list("admin");
    const p1 = await list("admin", { pageSize: 2, page: 1 });
    const p2 = await list("admin", { pageSize: 2, page: 2 });
    expect(p1).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect(p1.cards).toHaveLength(2);
    expect(ids(p2)).toEqual(ids(all).slice(2, 4));
    expect((await get("admin", "/getcardlist", { pageSize: 101 })).status).toBe(422);
  });
});

describe("admin calls", () => {
  test("updateCardStatus: admin and the franchisee who made it; cardChanged; creators and customers refused", async () => {
    const res = await post("admin", "/updateCardStatus", { cardNo: gupta().cardNo, status: "inactive" });
    expect(res.status).toBe(200);
    expect(res.json.updatedCard.status).toBe("inactive");
    expect(events).toContainEqual({ agencyId: gupta().agencyId, cardId: "gupta-electricals" });
    expect((await post("franchisee", "/updateCardStatus", { cardNo: gupta().cardNo, status: "active" })).json.updatedCard.status).toBe("active");
    expect((await post("franchisee", "/updateCardStatus", { cardNo: sharma().cardNo, status: "inactive" })).status).toBe(404);
    expect((await post("creator", "/updateCardStatus", { cardNo: gupta().cardNo, status: "inactive" })).status).toBe(403);
    expect((await post("customer", "/updateCardStatus", { cardNo: sharma().cardNo, status: "inactive" })).status).toBe(403);
    expect((await post("otherAgencyAdmin", "/updateCardStatus", { cardNo: sharma().cardNo, status: "inactive" })).status).toBe(404);
    const bad = await postUnchecked("admin", "/updateCardStatus", { cardNo: gupta().cardNo, status: "paused" });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.status).toEqual(["Choose active or inactive."]);
  });

  test("updateCardLimit: -1 for unlimited, whole numbers only", async () => {
    const res = await post("admin", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: -1 });
    expect(res.status).toBe(200);
    expect(res.json.updatedCard.cardLimit).toBe(-1);
    expect((await get("admin", "/card", { cardNo: sharma().cardNo })).json.card.cardLimit).toBe(-1);
    expect((await post("admin", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: -2 })).status).toBe(422);
    expect((await post("admin", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: 1.5 })).status).toBe(422);
    expect((await post("creator", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: 3 })).status).toBe(403);
    expect((await post("franchisee", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: 3 })).status).toBe(404);
    expect((await post("admin", "/updateCardLimit", { cardNo: sharma().cardNo, cardLimit: 1 })).json.updatedCard.cardLimit).toBe(1);
  });

  test("deleteCard: the owner deletes (soft); the card is gone everywhere, its id stays taken, a new card can be made", async () => {
    const c = await createCard(t);
    expect((await post("foreignCustomer", "/deleteCard", { cardNo: c.cardNo })).status).toBe(404);
    expect((await post("franchisee", "/deleteCard", { cardNo: c.cardNo })).status).toBe(403);
    const res = await post("customer", "/deleteCard", { cardNo: c.cardNo });
    expect(res.status).toBe(200);
    expect(events).toContainEqual({ agencyId: sharma().agencyId, cardId: c.cardId });
    expect((await get("customer", "/card", { cardNo: c.cardNo })).status).toBe(404);
    expect((await get("customer", "/getCardsByBusiness", { businessId: c.businessId })).json.cards).toEqual([]);
    expect(ids2(await get("admin", "/getcardlist", { search: c.cardId, pageSize: 100 }))).toEqual([]);
    expect((await post("customer", "/updateCardTemplate", { cardNo: c.cardNo, template: "style-2" })).status).toBe(404);
    expect((await post("customer", "/deleteCard", { cardNo: c.cardNo })).status).toBe(404);
    expect((await get("customer", "/checkCardIdAvailability", { cardId: c.cardId })).json.available).toBe(false);
    const [row] = await t.db.select().from(cards).where(and(eq(cards.cardNo, c.cardNo)));
    expect(row.deletedAt).not.toBeNull();
    const again = await post("customer", "/createCard", { businessId: c.businessId });
    expect(again.status).toBe(200);
    expect(again.json.card.cardId).not.toBe(c.cardId);
  });

  test("deleteCard: staff admins may delete any card of the agency", async () => {
    const c = await createCard(t);
    expect((await post("otherAgencyAdmin", "/deleteCard", { cardNo: c.cardNo })).status).toBe(404);
    expect((await post("admin", "/deleteCard", { cardNo: c.cardNo })).status).toBe(200);
  });

  test("a franchisee's own customer card: visible and editable by them, not by another franchisee", async () => {
    const [arjun] = await t.db.select().from(franchisees).where(eq(franchisees.phoneNumber, "9000000003"));
    const b = await insertBusiness(t, { madeByFranchiseeId: arjun.id });
    const made = await post("franchisee", "/createCard", { businessId: b.businessId });
    expect(made.status).toBe(200);
    expect((await get("franchisee", "/getcardlist", { search: made.json.card.cardId })).json.cards).toHaveLength(1);
    expect((await get("creator", "/card", { cardNo: made.json.card.cardNo })).status).toBe(404);
  });
});

const ids2 = (res: { json: { cards: { cardId: string }[] } }) => res.json.cards.map((c) => c.cardId);
