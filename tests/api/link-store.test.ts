/**
 * The link store (SPEC §7 Links, §6 gating; ADR 0020): the platform's categories and types,
 * kept by the superadmin agency's admins and all-card franchisees, read by every agency's
 * customers for the card editor's picker; a typed link's handle or number completed by the
 * type's prefix on save; the public card shows the type's icon; icons uploaded as platform content.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { cards } from "#server/db/schema/business.ts";
import { agencies } from "#server/db/schema/core.ts";
import { LINK_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE } from "#contracts/constants.ts";
import { LINK_STORE_MESSAGES, type LinkCategory, type LinkType } from "#contracts/link-store.ts";
import { createTestApi, ROLES, type RoleName, type TestApi } from "../support/api-harness.ts";
import { createCard } from "../support/factories.ts";

let t: TestApi;
let platformId: number;
let types: LinkType[];
beforeAll(async () => {
  t = await createTestApi();
  platformId = (await t.db.select().from(agencies)).find((a) => a.roles.includes("superadmin"))!.id;
  types = (await t.requestAs("customer", "GET", "/link-store/link-type")).json.list;
});
afterAll(() => t?.close());

const typeNamed = (name: string) => types.find((x) => x.name === name)!;
const KEEPERS: RoleName[] = ["admin", "franchiseeAllCards"];
const OTHERS: RoleName[] = ["creator", "franchisee", "customer", "otherAgencyAdmin", "otherAgencyCustomer"];

describe("GET /link-store/link-type (the editor's picker)", () => {
  test("the seeded default set, with icons and prefixes, in category order", async () => {
    const names = types.map((x) => x.name);
    for (const n of ["WhatsApp", "Instagram", "Facebook", "YouTube", "LinkedIn", "X", "Website", "Google Maps", "Justdial", "IndiaMART"]) expect(names).toContain(n);
    expect(typeNamed("Instagram")).toMatchObject({ categoryName: "Social Media", fieldType: "url", urlPrefix: "https://instagram.com/", iconUrl: "/link-icons/instagram.svg" });
    expect(typeNamed("WhatsApp")).toMatchObject({ fieldType: "tel", urlPrefix: "https://wa.me/" });
    expect(names.indexOf("WhatsApp")).toBeLessThan(names.indexOf("Website")); // Social Media comes first
  });

  test("every agency sees the platform's types; signed-out visitors do not", async () => {
    for (const role of ["otherAgencyCustomer", "otherAgencyAdmin", "franchisee", "creator"] as const) {
      const res = await t.requestAs(role, "GET", "/link-store/link-type");
      expect(res.status, role).toBe(200);
      expect(res.json.list.map((x: LinkType) => x.linkTypeId)).toEqual(types.map((x) => x.linkTypeId));
    }
    expect((await t.request("GET", "/link-store/link-type")).status).toBe(401);
  });

  test("search and one category; one type by id; an unknown id is 404", async () => {
    const social = typeNamed("Instagram").linkCategoryId;
    const res = await t.requestAs("customer", "GET", "/link-store/link-type", { query: { linkCategoryId: social, search: "insta" } });
    expect(res.json.list.map((x: LinkType) => x.name)).toEqual(["Instagram"]);
    const one = await t.requestAs("customer", "GET", `/link-store/link-type/${typeNamed("X").linkTypeId}`);
    expect(one.json.linkType.name).toBe("X");
    expect((await t.requestAs("customer", "GET", "/link-store/link-type/999999")).status).toBe(404);
  });
});

describe("managing the store (superadmin agency: admin, franchisee with all-card access)", () => {
  test("only the keepers may list, write or delete; everyone else is 403 and nothing changes", async () => {
    for (const role of KEEPERS) expect((await t.requestAs(role, "GET", "/link-store/link-category")).status, role).toBe(200);
    for (const role of OTHERS) {
      expect((await t.requestAs(role, "GET", "/link-store/link-category")).status, role).toBe(403);
      const res = await t.requestAs(role, "POST", "/link-store/link-category", { body: { name: `By ${role}` } });
      expect(res.status, role).toBe(403);
      expect((await t.requestAs(role, "DELETE", `/link-store/link-type/${typeNamed("X").linkTypeId}`)).status, role).toBe(403);
    }
    const list = (await t.requestAs("admin", "GET", "/link-store/link-category")).json.list as LinkCategory[];
    expect(list.some((c) => c.name.startsWith("By "))).toBe(false);
    expect(list.find((c) => c.name === "Social Media")!.typeCount).toBeGreaterThanOrEqual(7);
  });

  test("a category: created once (a repeat returns it), renamed, refused onto another's name", async () => {
    const first = await t.requestAs("admin", "POST", "/link-store/link-category", { body: { name: "Food Delivery", sortOrder: 5 } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ created: true, category: { name: "Food Delivery", sortOrder: 5, typeCount: 0 } });
    const again = await t.requestAs("franchiseeAllCards", "POST", "/link-store/link-category", { body: { name: "food delivery" } });
    expect(again.json).toMatchObject({ created: false, category: { linkCategoryId: first.json.category.linkCategoryId } });
    const id = first.json.category.linkCategoryId;
    const taken = await t.requestAs("admin", "POST", "/link-store/link-category", { body: { linkCategoryId: id, name: "Social Media" } });
    expect(taken.status).toBe(409);
    expect(taken.json.fieldErrors.name).toEqual([LINK_STORE_MESSAGES.categoryTaken]);
    const renamed = await t.requestAs("admin", "POST", "/link-store/link-category", { body: { linkCategoryId: id, name: "Food apps" } });
    expect(renamed.json.category.name).toBe("Food apps");
    const one = await t.requestAs("admin", "GET", `/link-store/link-category/${id}`);
    expect(one.json).toMatchObject({ category: { name: "Food apps" }, types: [] });
  });

  test("a type: checked (icon, prefix, phone needs a prefix, category), created once, updated, deleted", async () => {
    const category = (await t.requestAs("admin", "POST", "/link-store/link-category", { body: { name: "Marketplaces" } })).json.category;
    const body = { linkCategoryId: category.linkCategoryId, name: "Zomato", iconUrl: "/link-icons/shop.svg", urlPrefix: "https://www.zomato.com/", placeholder: "your restaurant page" };
    const bad = async (over: Record<string, unknown>, field: string) => {
      const res = await t.requestAsUnchecked("admin", "POST", "/link-store/link-type", { body: { ...body, ...over } });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.json.fieldErrors), field).toContain(field);
    };
    await bad({ iconUrl: "javascript:alert(1)" }, "iconUrl");
    await bad({ iconUrl: "/link-icons/../secret.svg" }, "iconUrl");
    await bad({ urlPrefix: "http://zomato.com/" }, "urlPrefix");
    await bad({ fieldType: "tel", urlPrefix: "" }, "urlPrefix");
    await bad({ linkCategoryId: 999999 }, "linkCategoryId");
    await bad({ name: "" }, "name");

    const made = await t.requestAs("admin", "POST", "/link-store/link-type", { body });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ created: true, linkType: { name: "Zomato", categoryName: "Marketplaces", fieldType: "url", sortOrder: 0 } });
    const repeat = await t.requestAs("admin", "POST", "/link-store/link-type", { body });
    expect(repeat.json).toMatchObject({ created: false, linkType: { linkTypeId: made.json.linkType.linkTypeId } });
    const id = made.json.linkType.linkTypeId;
    const updated = await t.requestAs("franchiseeAllCards", "POST", "/link-store/link-type", { body: { ...body, linkTypeId: id, name: "Zomato page", sortOrder: 3 } });
    expect(updated.json.linkType).toMatchObject({ name: "Zomato page", sortOrder: 3 });

    // A category that still holds a type is not deleted; an empty one is.
    const busy = await t.requestAs("admin", "DELETE", `/link-store/link-category/${category.linkCategoryId}`);
    expect(busy.status).toBe(409);
    expect(busy.json.message).toBe(LINK_STORE_MESSAGES.categoryNotEmpty(1));
    expect((await t.requestAs("admin", "DELETE", `/link-store/link-type/${id}`)).json).toEqual({ deleted: true, linkTypeId: id });
    expect((await t.requestAs("admin", "DELETE", `/link-store/link-type/${id}`)).status).toBe(404);
    expect((await t.requestAs("admin", "DELETE", `/link-store/link-category/${category.linkCategoryId}`)).status).toBe(200);
    expect((await t.requestAs("admin", "GET", `/link-store/link-category/${category.linkCategoryId}`)).status).toBe(404);
  });
});

describe("the card editor's links with types (POST /updateCardLinks)", () => {
  test("a handle or number goes after the type's prefix; the type's name is the default label; the public card shows its icon", async () => {
    const card = await createCard(t, { name: "Mehta Tiffins" });
    const res = await t.requestAs("customer", "POST", "/updateCardLinks", {
      body: {
        cardNo: card.cardNo,
        items: [
          { linkTypeId: typeNamed("Instagram").linkTypeId, url: "@mehtatiffins" },
          { linkTypeId: typeNamed("WhatsApp").linkTypeId, label: "Order on WhatsApp", url: "98765 43210" },
          { linkTypeId: typeNamed("Facebook").linkTypeId, url: "https://facebook.com/mehta.tiffins" },
          { linkTypeId: typeNamed("YouTube").linkTypeId, url: "youtube.com/@mehta" },
          { label: "Menu", url: "mehtatiffins.in/menu" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.updatedCard.links.items).toEqual([
      { linkTypeId: typeNamed("Instagram").linkTypeId, label: "Instagram", url: "https://instagram.com/mehtatiffins" },
      { linkTypeId: typeNamed("WhatsApp").linkTypeId, label: "Order on WhatsApp", url: "https://wa.me/919876543210" },
      { linkTypeId: typeNamed("Facebook").linkTypeId, label: "Facebook", url: "https://facebook.com/mehta.tiffins" },
      { linkTypeId: typeNamed("YouTube").linkTypeId, label: "YouTube", url: "https://youtube.com/@mehta" },
      { label: "Menu", url: "https://mehtatiffins.in/menu" },
    ]);
    const page = await t.request("GET", `/public-card/${card.cardId}`);
    expect(page.json.card.links.slice(0, 2)).toEqual([
      { label: "Instagram", url: "https://instagram.com/mehtatiffins", iconUrl: "/link-icons/instagram.svg" },
      { label: "Order on WhatsApp", url: "https://wa.me/919876543210", iconUrl: "/link-icons/whatsapp.svg" },
    ]);
    expect(page.json.card.links[4]).toEqual({ label: "Menu", url: "https://mehtatiffins.in/menu", iconUrl: null });
  });

  test("refusals name the item's field and store nothing", async () => {
    const card = await createCard(t, { name: "Refusal Tiffins" });
    const save = (items: unknown[]) => t.requestAsUnchecked("customer", "POST", "/updateCardLinks", { body: { cardNo: card.cardNo, items } });
    const cases: [unknown[], string, string][] = [
      [[{ linkTypeId: typeNamed("WhatsApp").linkTypeId, url: "12" }], "items.0.url", PHONE_MESSAGE],
      [[{ label: "Ok", url: "https://ok.example.com" }, { linkTypeId: 999999, url: "x" }], "items.1.linkTypeId", LINK_STORE_MESSAGES.unknownType],
      [[{ linkTypeId: typeNamed("Website").linkTypeId, url: "not a link" }], "items.0.url", LINK_MESSAGE],
      [[{ url: "https://ok.example.com" }], "items.0.label", REQUIRED_MESSAGE],
    ];
    for (const [items, field, message] of cases) {
      const res = await save(items);
      expect(res.status, field).toBe(422);
      expect(res.json.fieldErrors[field], field).toEqual([message]);
    }
    const [row] = await t.db.select().from(cards).where(eq(cards.cardNo, card.cardNo));
    expect(row.links.items).toEqual([]);
  });

  test("another customer's card is 404 whatever its links say", async () => {
    const card = await createCard(t, { name: "Not Yours Tiffins" });
    const res = await t.requestAsUnchecked("otherAgencyCustomer", "POST", "/updateCardLinks", { body: { cardNo: card.cardNo, items: [{ linkTypeId: 999999, url: "x" }] } });
    expect(res.status).toBe(404);
  });
});

describe("uploading a link icon (POST /document/uploadDoc, hierarchy1 link-icon)", () => {
  const png = () => sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 200, g: 0, b: 80, alpha: 1 } } }).png().toBuffer();
  async function upload(role: RoleName, hierarchy2: number) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await png())], "icon.png", { type: "image/png" }));
    form.set("hierarchy1", "link-icon");
    form.set("hierarchy2", String(hierarchy2));
    return t.request("POST", "/document/uploadDoc", { rawBody: form, cookie: await t.signInAs(role), host: ROLES[role].host });
  }

  test("the keepers upload for their agency (small, re-encoded); anyone else, or another agency id, is 404", async () => {
    const res = await upload("franchiseeAllCards", platformId);
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(new RegExp(`^/uploads/${platformId}/link-icon/${platformId}/[0-9a-f]{32}\\.(jpg|webp)$`));
    expect(Math.max(res.json.width, res.json.height)).toBeLessThanOrEqual(128);
    const saved = await t.requestAs("admin", "POST", "/link-store/link-type", {
      body: { linkCategoryId: typeNamed("Website").linkCategoryId, name: "Own icon", iconUrl: res.json.url },
    });
    expect(saved.json.linkType.iconUrl).toBe(res.json.url);
    for (const role of ["franchisee", "creator", "customer", "otherAgencyAdmin"] as const) {
      const other = await upload(role, role === "otherAgencyAdmin" ? (await t.db.select().from(agencies)).find((a) => a.id !== platformId)!.id : platformId);
      expect(other.status, role).toBe(404);
    }
    expect((await upload("admin", platformId + 1000)).status).toBe(404);
  });
});
