/**
 * SPEC §7 Business calls as clients see them: who sees which business (customer, franchisee
 * scoping, other agencies), the fields with SPEC §5's messages, double-submit protection, clone,
 * delete and the one-card-per-business rule.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { agencies, franchisees, users } from "#server/db/schema/core.ts";
import { createCardForBusiness, ONE_CARD_PER_BUSINESS } from "#server/api/cards/create-card.ts";
import { onCardChanged } from "#server/domain/card-events.ts";
import { paymentState } from "#contracts/payment-status.ts";
import { BUSINESS_NATURES as DB_NATURES, TITLES as DB_TITLES } from "#server/db/schema/business.ts";
import { BUSINESS_NATURES, TITLES } from "#contracts/enums.ts";
import { createTestApi, DEMO_PASSWORD, PLATFORM_HOST, type RoleName, type TestApi } from "../support/api-harness.ts";
import { BUSINESS_LIMITS, BUSINESS_LIMIT_MESSAGES } from "#server/api/business/create.ts";
import type { ApiBody, ApiMethod, ApiPath } from "../support/api-client.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;
let ids: Record<"sharma" | "gupta" | "iyer" | "dental", number>;
let platformId: number;
let customerUserId: number;

beforeAll(async () => {
  t = await createTestApi();
  const byName = async (name: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.businessName, name)))[0].businessId;
  ids = {
    sharma: await byName("Sharma Sweets"),
    gupta: await byName("Gupta Electricals"),
    iyer: await byName("Iyer Consulting"),
    dental: await byName("Smile Care Dental Clinic"),
  };
  platformId = (await t.db.select().from(agencies).where(eq(agencies.host, PLATFORM_HOST)))[0].id;
  customerUserId = (await t.db.select().from(users).where(eq(users.phoneNumber, "9876543210")))[0].id;
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

const as = <M extends ApiMethod, P extends ApiPath<M>>(role: RoleName, method: M, path: P, body?: ApiBody<M, P>, query?: Record<string, string | number>) =>
  t.requestAs(role, method, path, { body, query });
let seq = 0;
// Deterministic, and with letters, so a name search never turns into a phone search.
const uniqueName = (base = "Test Shop") => `${base} no ${++seq}`;

test("the panel's enum copies match the database's", () => {
  expect([...TITLES]).toEqual([...DB_TITLES]);
  expect([...BUSINESS_NATURES]).toEqual([...DB_NATURES]);
});

describe("GET /business/getBusinessesByUser", () => {
  test("the customer's businesses, oldest first, and the active one", async () => {
    const res = await as("customer", "GET", "/business/getBusinessesByUser");
    expect(res.status).toBe(200);
    expect(res.json.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(["Gupta Electricals", "Sharma Sweets"]);
    expect(res.json.activeBusinessId).toBe(ids.sharma);
    expect(res.json.businesses[0]).not.toHaveProperty("preference");
  });
});

describe("GET /business/{id}", () => {
  test("the owner gets the full business with payment state, remaining days and card", async () => {
    const res = await as("customer", "GET", `/business/${ids.sharma}`);
    expect(res.status).toBe(200);
    const b = res.json.business;
    expect(b).toMatchObject({
      businessId: ids.sharma,
      businessName: "Sharma Sweets",
      title: "Mr.",
      contactPerson: "Rajesh Sharma",
      businessNature: "Retailer",
      paymentStatus: 1,
      paymentState: "paid",
      businessMadeBy: "self",
      user: { userId: customerUserId, phoneNumber: "9876543210" },
      card: { cardId: "sharma-sweets", status: "active" },
    });
    expect(b.remainingDays).toBeGreaterThan(290);
    const gupta = (await as("customer", "GET", `/business/${ids.gupta}`)).json.business;
    expect(gupta.paymentState).toBe("expired");
    expect(gupta.remainingDays).toBeLessThan(0);
  });

  test("another customer's or another agency's business is 404", async () => {
    for (const [role, id] of [
      ["customer", ids.iyer],
      ["customer", ids.dental],
      ["foreignCustomer", ids.sharma],
      ["otherAgencyCustomer", ids.sharma],
      ["otherAgencyAdmin", ids.sharma],
      ["customer", 999999],
    ] as const) {
      const res = await as(role, "GET", `/business/${id}`);
      expect(res.status, `${role} → ${id}`).toBe(404);
      expect(res.json.message).toBe("Business not found.");
    }
  });

  test("staff: admin and all-card staff see any business of the agency; a franchisee only those they made", async () => {
    expect((await as("admin", "GET", `/business/${ids.iyer}`)).status).toBe(200);
    expect((await as("franchiseeAllCards", "GET", `/business/${ids.sharma}`)).status).toBe(200);
    expect((await as("franchisee", "GET", `/business/${ids.gupta}`)).status).toBe(200);
    expect((await as("franchisee", "GET", `/business/${ids.sharma}`)).status).toBe(404);
    expect((await as("creator", "GET", `/business/${ids.gupta}`)).status).toBe(404);
    expect((await as("otherAgencyAdmin", "GET", `/business/${ids.dental}`)).status).toBe(200);
  });
});

describe("GET /business (staff list)", () => {
  const names = (res: { json: { businesses: { businessName: string }[] } }) => res.json.businesses.map((b) => b.businessName).sort();

  test("an admin sees the agency's businesses (not another agency's), with owner and card", async () => {
    const res = await as("admin", "GET", "/business", undefined, { search: "Sharma Sweets" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(res.json.businesses[0]).toMatchObject({ user: { phoneNumber: "9876543210" }, card: { cardId: "sharma-sweets" }, paymentState: "paid" });
    const dental = await as("admin", "GET", "/business", undefined, { search: "Smile Care" });
    expect(dental.json.total).toBe(0);
  });

  test("franchisee scoping: only businesses they made, unless admin or all-card access", async () => {
    const seeded = ["Gupta Electricals", "Iyer Consulting", "Sharma Sweets"];
    const all = await as("franchiseeAllCards", "GET", "/business", undefined, { pageSize: 100 });
    expect(names(all)).toEqual(expect.arrayContaining(seeded));
    const own = await as("franchisee", "GET", "/business", undefined, { pageSize: 100 });
    expect(names(own)).toContain("Gupta Electricals");
    expect(names(own)).not.toContain("Sharma Sweets");
    expect(own.json.businesses.every((b: { madeByFranchiseeId: number }) => b.madeByFranchiseeId === own.json.businesses[0].madeByFranchiseeId)).toBe(true);
    const creator = await as("creator", "GET", "/business", undefined, { search: "Gupta" });
    expect(creator.json.total).toBe(0);
    expect((await as("customer", "GET", "/business")).status).toBe(403);
  });

  test("filters: payment, subscription, expiry and madeBy", async () => {
    const q = async (query: Record<string, string>) => names(await as("admin", "GET", "/business", undefined, { ...query, search: "s", pageSize: 100 }));
    const seeded = (list: string[]) => list.filter((n) => ["Gupta Electricals", "Iyer Consulting", "Sharma Sweets"].includes(n));
    expect(seeded(await q({ payment: "paid" }))).toEqual(["Gupta Electricals", "Sharma Sweets"]);
    expect(seeded(await q({ payment: "unpaid" }))).toEqual(["Iyer Consulting"]);
    expect(seeded(await q({ subscription: "subscribed" }))).toEqual(["Sharma Sweets"]);
    expect(seeded(await q({ subscription: "not subscribed" }))).toEqual(["Gupta Electricals", "Iyer Consulting"]);
    expect(seeded(await q({ expiry: "expired" }))).toEqual(["Gupta Electricals"]);
    expect(seeded(await q({ madeBy: "franchisee" }))).toEqual(["Gupta Electricals"]);
    const sunrise = await as("otherAgencyAdmin", "GET", "/business", undefined, { expiry: "expiring soon" });
    expect(names(sunrise)).toEqual(["Smile Care Dental Clinic"]);
  });

  test("'expiring soon' in SQL agrees with the payment-status helpers at the day boundaries", async () => {
    const now = t.clock.now();
    const cases = [0.5, 1.01, 6.9, 7.9, 8.1, -0.1].map((days) => ({ days, name: uniqueName(`Boundary ${days}`) }));
    for (const c of cases) {
      await t.db.insert(businesses).values({
        agencyId: platformId,
        userId: customerUserId,
        businessName: c.name,
        paymentStatus: 1,
        expiryDateForCustomer: new Date(now.getTime() + c.days * DAY),
      });
    }
    const soon = names(await as("admin", "GET", "/business", undefined, { expiry: "expiring-soon", search: "Boundary", pageSize: 100 }));
    const expired = names(await as("admin", "GET", "/business", undefined, { expiry: "expired", search: "Boundary", pageSize: 100 }));
    for (const c of cases) {
      const state = paymentState({ paymentStatus: 1, expiryDateForCustomer: new Date(now.getTime() + c.days * DAY) }, t.clock.now());
      expect(soon.includes(c.name), `${c.days} days`).toBe(state === "expiring-soon");
      expect(expired.includes(c.name), `${c.days} days`).toBe(state === "expired");
    }
    expect(soon).toHaveLength(3); // 1.01, 6.9 and 7.9 days: 1, 6 and 7 whole days left
  });

  test("search by name, phone number (any format) and email; pages", async () => {
    expect(names(await as("admin", "GET", "/business", undefined, { search: "gupta elec" }))).toEqual(["Gupta Electricals"]);
    const byPhone = await as("admin", "GET", "/business", undefined, { search: "+91 91234-56780" });
    expect(names(byPhone)).toEqual(["Gupta Electricals"]);
    // Digits inside a term with letters are not a phone search ("Gupta 91234" is not 91234…).
    expect((await as("admin", "GET", "/business", undefined, { search: "shop 91234" })).json.total).toBe(0);
    expect(names(await as("admin", "GET", "/business", undefined, { search: "FOREIGN@example" }))).toEqual(["Iyer Consulting"]);
    expect((await as("admin", "GET", "/business", undefined, { search: "100%_" })).json.total).toBe(0);

    const first = await as("admin", "GET", "/business", undefined, { pageSize: 2, page: 1 });
    const second = await as("admin", "GET", "/business", undefined, { pageSize: 2, page: 2 });
    expect(first.json.businesses).toHaveLength(2);
    expect(second.json.total).toBe(first.json.total);
    expect(second.json.businesses[0].businessId).not.toBe(first.json.businesses[1].businessId);
    const beyond = await as("admin", "GET", "/business", undefined, { pageSize: 2, page: 9999 });
    expect(beyond.json).toMatchObject({ businesses: [], total: first.json.total, page: 9999 });
  });

  test("bad query values are 422 with a message", async () => {
    const big = await as("admin", "GET", "/business", undefined, { pageSize: 101 });
    expect(big.status).toBe(422);
    expect(big.json.fieldErrors["query.pageSize"]).toEqual(["pageSize can be at most 100."]);
    const bad = await as("admin", "GET", "/business", undefined, { payment: "maybe" });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors["query.payment"][0]).toMatch(/payment must be one of/);
  });
});

describe("POST /business", () => {
  test("a customer creates a business for themselves; fields are normalised", async () => {
    const name = uniqueName();
    const res = await as("customer", "POST", "/business", {
      businessName: `  ${name}  `,
      title: "Ms.",
      contactPerson: "Anita Rao",
      businessNature: "Restaurant",
      category: "Cafe",
      phoneNumber: "+91 98765-43210",
      alternatePhoneNumber: "0141 2345678",
      whatsappNumber: "+44 20 7946 0958",
      email: "Hello@Example.COM",
      address: "MG Road, Bengaluru",
      mapLink: "maps.google.com/?q=MG+Road",
      logoUrl: "/uploads/logo.png",
    });
    expect(res.status).toBe(200);
    expect(res.json.card).toBeNull();
    expect(res.json.duplicate).toBe(false);
    expect(res.json.business).toMatchObject({
      businessName: name,
      title: "Ms.",
      businessNature: "Restaurant",
      phoneNumber: "+919876543210",
      alternatePhoneNumber: "+911412345678",
      whatsappNumber: "+442079460958",
      email: "hello@example.com",
      mapLink: "https://maps.google.com/?q=MG+Road",
      businessMadeBy: "self",
      madeByFranchiseeId: null,
      paymentStatus: 0,
      paymentState: "unpaid",
      userId: customerUserId,
      card: null,
    });
    const list = await as("customer", "GET", "/business/getBusinessesByUser");
    expect(list.json.businesses.map((b: { businessName: string }) => b.businessName)).toContain(name);
  });

  test("createDigitalCard makes the card in the same call; a second card for it is refused with 409", async () => {
    const res = await as("customer", "POST", "/business", { businessName: uniqueName("Card Shop"), createDigitalCard: true, phoneNumber: "9123456789" });
    expect(res.status).toBe(200);
    expect(res.json.card).toEqual({ cardNo: expect.any(Number), cardId: expect.stringMatching(/^card-shop-/) });
    expect(res.json.business.card).toMatchObject({ cardNo: res.json.card.cardNo, status: "active" });
    const [row] = await t.db.select().from(cards).where(eq(cards.cardNo, res.json.card.cardNo));
    expect(row.basicDetails).toMatchObject({ companyName: res.json.business.businessName, phoneNumber: "+919123456789" });
    await expect(createCardForBusiness(t.db, { agencyId: platformId, businessId: res.json.business.businessId, now: new Date() })).rejects.toMatchObject({
      status: 409,
      message: ONE_CARD_PER_BUSINESS,
    });
  });

  test("bad input is 422 with SPEC §5's messages beside each field", async () => {
    const res = await t.requestAsUnchecked("customer", "POST", "/business", {
      body: {
        businessName: "   ",
        phoneNumber: "12345",
        whatsappNumber: "+91 12345",
        email: "not-an-email",
        mapLink: "javascript:alert(1)",
        logoUrl: "/uploads/../secret",
        title: "Sir",
        businessNature: "Bakery",
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors).toMatchObject({
      businessName: ["This field is required."],
      phoneNumber: ["A valid phone number is required."],
      whatsappNumber: ["A valid phone number is required."],
      email: ["A valid email is required."],
      mapLink: ["A valid link is required."],
      logoUrl: ["A valid link is required."],
      title: [expect.any(String)],
      businessNature: [expect.any(String)],
    });
    const missing = await t.requestAsUnchecked("customer", "POST", "/business", { body: {} });
    expect(missing.json.fieldErrors.businessName).toEqual(["This field is required."]);
  });

  test("a double submit makes one business; the same create 10 s later makes another", async () => {
    const body = { businessName: uniqueName("Double"), createDigitalCard: true };
    const [a, b] = await Promise.all([as("customer", "POST", "/business", body), as("customer", "POST", "/business", body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.business.businessId).toBe(b.json.business.businessId);
    expect(a.json.card).toEqual(b.json.card);
    expect([a.json.duplicate, b.json.duplicate].sort()).toEqual([false, true]);
    const count = () => t.db.$count(businesses, and(eq(businesses.businessName, body.businessName), isNull(businesses.deletedAt)));
    expect(await count()).toBe(1);
    // Same name in another case within the window is still the same submit.
    const shouted = await as("customer", "POST", "/business", { ...body, businessName: body.businessName.toUpperCase() });
    expect(shouted.json.business.businessId).toBe(a.json.business.businessId);

    t.clock.advance(11_000);
    const later = await as("customer", "POST", "/business", { businessName: body.businessName });
    expect(later.json.duplicate).toBe(false);
    expect(later.json.business.businessId).not.toBe(a.json.business.businessId);
    expect(await count()).toBe(2);
  });

  test("a customer cannot create for someone else (userId other than their own is 404)", async () => {
    const [foreign] = await t.db.select().from(users).where(eq(users.email, "foreign@example.com"));
    const res = await as("customer", "POST", "/business", { businessName: uniqueName(), userId: foreign.id });
    expect(res.status).toBe(404);
    const own = await as("customer", "POST", "/business", { businessName: uniqueName(), userId: customerUserId });
    expect(own.status).toBe(200);
  });

  test("staff create for a customer of their agency; made by their role, visible to them", async () => {
    const [arjun] = await t.db.select().from(franchisees).where(eq(franchisees.phoneNumber, "9000000003"));
    const name = uniqueName("Franchisee Made");
    const res = await as("franchisee", "POST", "/business", { businessName: name, userId: customerUserId });
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ businessMadeBy: "franchisee", madeByFranchiseeId: arjun.id, userId: customerUserId });
    const list = await as("franchisee", "GET", "/business", undefined, { search: name });
    expect(list.json.total).toBe(1);
    // The customer sees it as theirs.
    expect((await as("customer", "GET", `/business/${res.json.business.businessId}`)).status).toBe(200);

    const admin = await as("admin", "POST", "/business", { businessName: uniqueName("Admin Made"), userId: customerUserId });
    expect(admin.json.business.businessMadeBy).toBe("admin");

    const noUser = await as("admin", "POST", "/business", { businessName: uniqueName() });
    expect(noUser.status).toBe(400);
    expect(noUser.json.fieldErrors.userId).toEqual(["This field is required."]);
    const [meera] = await t.db.select().from(users).where(eq(users.phoneNumber, "9876543211"));
    expect((await as("admin", "POST", "/business", { businessName: uniqueName(), userId: meera.id })).status).toBe(404);
  });
});

describe("POST /business/updateBusinessMetadata", () => {
  test("changes the fields sent, clears null/empty ones, keeps the rest; the public card is told", async () => {
    const created = await as("customer", "POST", "/business", {
      businessName: uniqueName("Edit Me"),
      category: "Bakery",
      email: "a@example.com",
      address: "Old address",
      createDigitalCard: true,
    });
    const businessId = created.json.business.businessId;
    const changed: string[] = [];
    const stop = onCardChanged((ref) => changed.push(ref.cardId));
    const res = await as("customer", "POST", "/business/updateBusinessMetadata", {
      businessId,
      businessName: "Edited Bakery",
      email: "",
      address: null,
      phoneNumber: "9988776655",
    });
    stop();
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ businessName: "Edited Bakery", email: null, address: null, category: "Bakery", phoneNumber: "+919988776655" });
    expect(changed).toEqual([created.json.card.cardId]);
    const again = await as("customer", "GET", `/business/${businessId}`);
    expect(again.json.business.businessName).toBe("Edited Bakery");
  });

  test("another customer's or agency's business is 404; bad input is 422 with the SPEC message", async () => {
    expect((await as("foreignCustomer", "POST", "/business/updateBusinessMetadata", { businessId: ids.sharma, businessName: "Mine now" })).status).toBe(404);
    expect((await as("otherAgencyAdmin", "POST", "/business/updateBusinessMetadata", { businessId: ids.sharma, businessName: "Mine now" })).status).toBe(404);
    expect((await as("franchisee", "POST", "/business/updateBusinessMetadata", { businessId: ids.sharma, businessName: "Mine now" })).status).toBe(404);
    const bad = await as("customer", "POST", "/business/updateBusinessMetadata", { businessId: ids.sharma, businessName: "Sharma Sweets", email: "nope" });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.email).toEqual(["A valid email is required."]);
    const noName = await as("customer", "POST", "/business/updateBusinessMetadata", { businessId: ids.sharma, businessName: "" });
    expect(noName.json.fieldErrors.businessName).toEqual(["This field is required."]);
    const [row] = await t.db.select().from(businesses).where(eq(businesses.businessId, ids.sharma));
    expect(row.businessName).toBe("Sharma Sweets");
  });
});

describe("DELETE /business/{id}", () => {
  test("the owner deletes a business: it and its card disappear, the next business becomes active", async () => {
    const b = t.client.browser();
    const phone = `93${String(Date.now()).slice(-8)}`;
    await t.signUp({ phoneNumber: phone }, { browser: b });
    const first = await b.post("/business", { businessName: "First Shop", createDigitalCard: true });
    const second = await b.post("/business", { businessName: "Second Shop" });
    await b.post("/user/preference", { activeBusinessId: first.json.business.businessId });
    const changed: string[] = [];
    const stop = onCardChanged((ref) => changed.push(ref.cardId));
    const res = await b.request("DELETE", `/business/${first.json.business.businessId}`);
    stop();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ businessDeleted: true, cardDeleted: true });
    expect(changed).toEqual([first.json.card.cardId]);
    expect((await b.get(`/business/${first.json.business.businessId}`)).status).toBe(404);
    const list = await b.get("/business/getBusinessesByUser");
    expect(list.json.businesses.map((x: { businessName: string }) => x.businessName)).toEqual(["Second Shop"]);
    expect(list.json.activeBusinessId).toBe(second.json.business.businessId);
    expect((await b.get("/user")).json.user.preference.activeBusinessId).toBe(second.json.business.businessId);
    const [card] = await t.db.select().from(cards).where(eq(cards.cardNo, first.json.card.cardNo));
    expect(card.deletedAt).toBeInstanceOf(Date);
    // Deleted twice: gone.
    expect((await b.request("DELETE", `/business/${first.json.business.businessId}`)).status).toBe(404);
  });

  test("someone else's business is 404, a non-admin staff member is 403, an admin may delete", async () => {
    expect((await as("foreignCustomer", "DELETE", `/business/${ids.sharma}`)).status).toBe(404);
    expect((await as("otherAgencyAdmin", "DELETE", `/business/${ids.sharma}`)).status).toBe(404);
    expect((await as("franchisee", "DELETE", `/business/${ids.gupta}`)).status).toBe(403);
    const made = await as("customer", "POST", "/business", { businessName: uniqueName("Admin Deletes") });
    const res = await as("admin", "DELETE", `/business/${made.json.business.businessId}`);
    expect(res.status).toBe(200);
    expect(res.json.cardDeleted).toBe(false);
    expect((await as("customer", "GET", `/business/${made.json.business.businessId}`)).status).toBe(404);
  });
});

describe("POST /business/registerUserAndGetBusinesses", () => {
  test("registers a new customer without a password; they later sign up by OTP and find their business", async () => {
    const phone = `94${String(Date.now()).slice(-8)}`;
    const res = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: `+91 ${phone}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ created: true, businesses: [], user: { phoneNumber: phone, email: null, isForeignUser: false } });
    const again = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: phone });
    expect(again.json).toMatchObject({ created: false, user: { userId: res.json.user.userId } });

    const made = await as("admin", "POST", "/business", { businessName: "Registered Shop", userId: res.json.user.userId });
    expect(made.status).toBe(200);
    // No password yet: a login fails; the OTP sign-up sets one and opens the same account.
    expect((await t.request("POST", "/login", { body: { phoneNumber: phone, password: DEMO_PASSWORD } })).status).toBe(400);
    const { browser, user } = await t.signUp({ phoneNumber: phone });
    expect(user.userId).toBe(res.json.user.userId);
    const list = await browser.get("/business/getBusinessesByUser");
    expect(list.json.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(["Registered Shop"]);
  });

  test("an existing customer's businesses, scoped for franchisees; email for customers abroad", async () => {
    const admin = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: "9876543210" });
    expect(admin.json.created).toBe(false);
    expect(admin.json.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(expect.arrayContaining(["Sharma Sweets", "Gupta Electricals"]));
    const franchisee = await as("franchisee", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: "9876543210" });
    expect(franchisee.json.businesses.map((b: { businessName: string }) => b.businessName)).not.toContain("Sharma Sweets");
    expect(franchisee.json.businesses.map((b: { businessName: string }) => b.businessName)).toContain("Gupta Electricals");

    const email = `abroad${Date.now()}@example.com`;
    const foreign = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { email: email.toUpperCase(), isForeignUser: true });
    expect(foreign.json).toMatchObject({ created: true, user: { email, phoneNumber: null, isForeignUser: true } });
    // The same number in another agency is another customer.
    const sunrise = await as("otherAgencyAdmin", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: "9876543210" });
    expect(sunrise.json.created).toBe(true);
  });

  test("bad input: SPEC messages; customers may not call it", async () => {
    const bad = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: "12345" });
    expect(bad.status).toBe(422);
    expect(bad.json.fieldErrors.phoneNumber).toEqual(["A valid phone number is required."]);
    const none = await as("admin", "POST", "/business/registerUserAndGetBusinesses", {});
    expect(none.json.fieldErrors.phoneNumber).toEqual(["A valid phone number is required."]);
    const foreignNoEmail = await as("admin", "POST", "/business/registerUserAndGetBusinesses", { isForeignUser: true });
    expect(foreignNoEmail.json.fieldErrors.email).toEqual(["A valid email is required."]);
    expect((await as("customer", "POST", "/business/registerUserAndGetBusinesses", { phoneNumber: "9123456789" })).status).toBe(403);
  });
});

describe("POST /business/cloneBusiness", () => {
  test("copies the business (unpaid) and its card with every section under a new cardId", async () => {
    const res = await as("customer", "POST", "/business/cloneBusiness", { businessId: ids.sharma });
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({
      businessName: "Sharma Sweets (copy)",
      contactPerson: "Rajesh Sharma",
      mapLink: "https://maps.google.com/?q=Johari+Bazaar+Jaipur",
      userId: customerUserId,
      paymentStatus: 0,
      isSubscriptionActive: false,
    });
    // A copy is a new business on its own trial (ADR 0015), not the original's plan.
    expect(Date.parse(res.json.business.expiryDateForCustomer) - Date.parse(res.json.business.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(res.json.card.cardId).not.toBe("sharma-sweets");
    const [src] = await t.db.select().from(cards).where(eq(cards.cardId, "sharma-sweets"));
    const [copy] = await t.db.select().from(cards).where(eq(cards.cardNo, res.json.card.cardNo));
    expect(copy.businessId).toBe(res.json.business.businessId);
    for (const section of ["template", "paymentOptions", "youtubeVideos", "gallery", "aboutUs", "products", "links", "settings", "imagePostSettings"] as const) {
      expect(copy[section], section).toEqual(src[section]);
    }
    expect(copy.basicDetails).toEqual({ ...src.basicDetails, companyName: "Sharma Sweets (copy)" });
    expect(copy.viewCount).toBe(0);
  });

  test("a chosen name; a business without a card clones without one; others' are 404", async () => {
    const plain = await as("customer", "POST", "/business", { businessName: uniqueName("No Card") });
    const res = await as("customer", "POST", "/business/cloneBusiness", { businessId: plain.json.business.businessId, businessName: "Branch Two" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ business: { businessName: "Branch Two" }, card: null });
    expect((await as("foreignCustomer", "POST", "/business/cloneBusiness", { businessId: ids.sharma })).status).toBe(404);
    expect((await as("otherAgencyAdmin", "POST", "/business/cloneBusiness", { businessId: ids.sharma })).status).toBe(404);
    expect((await as("customer", "POST", "/business/cloneBusiness", { businessId: ids.sharma, businessName: "" })).status).toBe(422);
  });
});

describe("issue 22 M4: how many businesses a customer may add", () => {
  afterEach(() => t.clock.reset());

  test(`${BUSINESS_LIMITS.perHour} an hour, ${BUSINESS_LIMITS.total} in all, each refusal saying why; staff adding for them are not limited`, async () => {
    const { cookie, user } = await t.signUp({ phoneNumber: "9300022401" });
    const add = (businessName: string) => t.request("POST", "/business", { cookie, body: { businessName } });
    const made = await Promise.all(Array.from({ length: BUSINESS_LIMITS.perHour + 5 }, (_, i) => add(`Burst ${i}`)));
    expect(made.filter((r) => r.status === 200)).toHaveLength(BUSINESS_LIMITS.perHour);
    const refused = made.filter((r) => r.status !== 200);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.json.message).toBe(BUSINESS_LIMIT_MESSAGES.perHour);
    }
    const live = () => t.db.$count(businesses, and(eq(businesses.userId, user.userId), isNull(businesses.deletedAt)));
    expect(await live()).toBe(BUSINESS_LIMITS.perHour);

    for (let hour = 1; (await live()) < BUSINESS_LIMITS.total; hour++) {
      t.clock.advance(3601_000);
      const n = Math.min(BUSINESS_LIMITS.perHour, BUSINESS_LIMITS.total - (await live()));
      for (let i = 0; i < n; i++) expect((await add(`Hour ${hour} No ${i}`)).status).toBe(200);
    }
    t.clock.advance(3601_000);
    const full = await add("One Too Many");
    expect(full.status).toBe(409);
    expect(full.json.message).toBe(BUSINESS_LIMIT_MESSAGES.total);
    expect(await live()).toBe(BUSINESS_LIMITS.total);

    // Staff adding for the customer are not limited.
    const byStaff = await t.requestAs("admin", "POST", "/business", { body: { businessName: "Added By Staff", userId: user.userId } });
    expect(byStaff.status, byStaff.text).toBe(200);
  }, 120_000);
});
