/**
 * Phone numbers of any country (ADR 0011): stored in E.164, a bare 10-digit number is Indian,
 * shown and dialled through contracts/phone.ts; old 10-digit data converted by 0003_phones_e164.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { businesses, cards, feedback } from "#server/db/schema/business.ts";
import { users } from "#server/db/schema/core.ts";
import { PHONE_MESSAGE } from "#contracts/constants.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
});

const cardRow = async (cardId: string) => (await t.db.select().from(cards).where(eq(cards.cardId, cardId)))[0];
const unfold = (vcf: string) => vcf.replace(/\r\n /g, "").split("\r\n").filter(Boolean);

describe("a customer abroad", () => {
  test("saves Basic details with a UK number (the demo's +44 20 7946 0958), stored in E.164", async () => {
    const card = await cardRow("iyer-consulting");
    const res = await t.requestAs("foreignCustomer", "POST", "/updateCardBasicDetails", {
      body: {
        cardNo: card.cardNo,
        cardId: "iyer-consulting",
        companyName: "Iyer Consulting",
        phoneNumber: "+44 20 7946 0958",
        whatsappNumber: "+44 7911 123456",
        contactFields: [{ type: "tel", label: "US office", value: "+1 (415) 555-2671" }],
      },
    });
    expect(res.status).toBe(200);
    expect((await cardRow("iyer-consulting")).basicDetails).toMatchObject({
      phoneNumber: "+442079460958",
      whatsappNumber: "+447911123456",
      contactFields: [{ type: "tel", label: "US office", value: "+14155552671" }],
    });

    // The vCard dials the same numbers.
    const vcard = unfold((await t.request("GET", "/public-card/iyer-consulting/vcard")).text);
    expect(vcard.filter((l) => l.startsWith("TEL"))).toEqual([
      "TEL;TYPE=WORK,VOICE:+442079460958",
      "TEL;TYPE=WORK,VOICE:+447911123456",
      "TEL;TYPE=WORK,VOICE:+14155552671",
    ]);
  });

  test("a number that is no number is still refused with SPEC §5's message", async () => {
    const card = await cardRow("iyer-consulting");
    const res = await t.requestAs("foreignCustomer", "POST", "/updateCardBasicDetails", {
      body: { cardNo: card.cardNo, cardId: "iyer-consulting", companyName: "Iyer Consulting", phoneNumber: "+44 20" },
    });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors.phoneNumber).toContain(PHONE_MESSAGE);
  });

  test("saves a UK number on the business; search finds it typed either way", async () => {
    const [iyer] = await t.db.select().from(businesses).where(eq(businesses.businessName, "Iyer Consulting"));
    const res = await t.requestAs("foreignCustomer", "POST", "/business/updateBusinessMetadata", {
      body: { businessId: iyer.businessId, businessName: "Iyer Consulting", phoneNumber: "020 7946 0958", whatsappNumber: "+44 20 7946 0958" },
    });
    // A bare number is Indian: "020 7946 0958" is a Pune landline, stored as such.
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ phoneNumber: "+912079460958", whatsappNumber: "+442079460958" });

    const names = async (search: string) =>
      ((await t.requestAs("admin", "GET", "/business", { query: { search } })).json.businesses as { businessName: string }[]).map((b) => b.businessName);
    expect(await names("+44 20 7946 0958")).toContain("Iyer Consulting");
    expect(await names("7946 0958")).toContain("Iyer Consulting");
  });
});

describe("search by phone however it is typed", () => {
  test.each(["+44 20 7946 0958", "0044 20 7946 0958", "7946 0958"])("the staff card list: %s finds iyer-consulting", async (search) => {
    const res = await t.requestAs("admin", "GET", "/getcardlist", { query: { search } });
    expect((res.json.cards as { cardId: string }[]).map((c) => c.cardId)).toContain("iyer-consulting");
  });

  test.each(["9876543210", "98765 43210", "+91 98765-43210", "098765 43210", "919876543210"])("%s finds Sharma Sweets", async (search) => {
    const res = await t.requestAs("admin", "GET", "/business", { query: { search } });
    expect((res.json.businesses as { businessName: string }[]).map((b) => b.businessName)).toContain("Sharma Sweets");
  });
});

describe("migration 0003_phones_e164", () => {
  test("converts the old stored forms to E.164 and leaves what it cannot read", async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.phoneNumber, "9876543210"));
    const [b] = await t.db
      .insert(businesses)
      .values({ agencyId: owner.agencyId, userId: owner.id, businessName: "Old Phones", phoneNumber: "9811111111", alternatePhoneNumber: "01412345678", whatsappNumber: "+442079460958" })
      .returning();
    const [odd] = await t.db
      .insert(businesses)
      .values({ agencyId: owner.agencyId, userId: owner.id, businessName: "Odd Phones", phoneNumber: "ext. 12" })
      .returning();
    const [c] = await t.db
      .insert(cards)
      .values({
        agencyId: owner.agencyId,
        businessId: b.businessId,
        cardId: "old-phones",
        basicDetails: {
          companyName: "Old Phones",
          phoneNumber: "9811111111",
          whatsappNumber: "+44 20 7946 0958",
          contactFields: [
            { type: "tel", label: "Shop", value: "9123456780" },
            { type: "email", label: "Mail", value: "a@example.com" },
          ],
        },
      })
      .returning();
    const [f] = await t.db
      .insert(feedback)
      .values({ agencyId: owner.agencyId, businessId: b.businessId, name: "Visitor", phoneNumber: "98111 22233", message: "Hi" })
      .returning();

    const file = fs.readFileSync(new URL("../../server/db/migrations/0003_phones_e164.sql", import.meta.url), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await t.db.execute(sql.raw(statement));

    const [b2] = await t.db.select().from(businesses).where(eq(businesses.businessId, b.businessId));
    expect(b2).toMatchObject({ phoneNumber: "+919811111111", alternatePhoneNumber: "+911412345678", whatsappNumber: "+442079460958" });
    expect((await t.db.select().from(businesses).where(eq(businesses.businessId, odd.businessId)))[0].phoneNumber).toBe("ext. 12");
    expect((await t.db.select().from(cards).where(eq(cards.cardNo, c.cardNo)))[0].basicDetails).toEqual({
      companyName: "Old Phones",
      phoneNumber: "+919811111111",
      whatsappNumber: "+442079460958",
      contactFields: [
        { type: "tel", label: "Shop", value: "+919123456780" },
        { type: "email", label: "Mail", value: "a@example.com" },
      ],
    });
    expect((await t.db.select().from(feedback).where(eq(feedback.id, f.id)))[0].phoneNumber).toBe("+919811122233");
    // Seeded data is E.164 already: a second run changes nothing.
    expect((await cardRow("sharma-sweets")).basicDetails.phoneNumber).toBe("+919876543210");
  });
});
