/**
 * Plan limits (ADR 0015): one function, assertWithinLimit, decides from the business's state
 * (trial, paid with its plan's snapshot, expired) and answers 403 `{ message, upgrade: true }`,
 * which the panel turns into the #upgrade dialog. Creating a digital card goes through it today.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { businesses, cards } from "#server/db/schema/business.ts";
import { ApiError } from "#server/api/lib/errors.ts";
import { allowance, assertWithinLimit, betterPlan, limitWindowStart, TRIAL_LIMITS } from "#server/api/payments/limits.ts";
import { LIMIT_KINDS, UNLIMITED, type PlanLimits } from "#contracts/plans.ts";
import { upgradeRequiredDto } from "#contracts/payments.ts";
import { createTestApi, type TestApi } from "../support/api-harness.ts";
import { insertBusiness } from "../support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const PLAN: PlanLimits = {
  digitalCardIncluded: true,
  digitalCardLimit: 1,
  greetingImagesIncluded: true,
  greetingImagesLimit: UNLIMITED,
  greetingVideosIncluded: true,
  greetingVideosLimit: 3,
  pdfCardIncluded: true,
  pdfCardLimit: 2,
  promotionalVideoIncluded: false,
  promotionalVideoLimit: null,
};

async function business(state: "trial" | "paid" | "expired" | "paid-no-snapshot") {
  const now = Date.now();
  const b = await insertBusiness(t, {
    expiry: new Date(state === "expired" ? now - DAY : now + 30 * DAY),
    paid: state !== "trial",
  });
  if (state === "paid") await t.db.update(businesses).set({ planLimits: PLAN }).where(eq(businesses.businessId, b.businessId));
  return b.businessId;
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const api = err as ApiError;
  expect(api.status).toBe(403);
  return upgradeRequiredDto.parse(api.toJSON()).message;
}

describe("allowance: what each state allows", () => {
  const now = new Date();
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  test("the trial: the digital card, unlimited greeting images, 1 greeting video a day, no PDF card or promotional video", () => {
    const trial = { paymentStatus: 0, expiryDateForCustomer: at(5), planLimits: null };
    expect(Object.fromEntries(LIMIT_KINDS.map((k) => [k, allowance(trial, k, now).limit]))).toEqual({
      digitalCard: 1,
      greetingImages: UNLIMITED,
      greetingVideos: 1,
      pdfCard: 0,
      promotionalVideo: 0,
    });
    // A snapshot left on an unpaid business (a reversed payment clears it anyway) does not count.
    expect(allowance({ ...trial, planLimits: PLAN }, "pdfCard", now).limit).toBe(0);
    expect(TRIAL_LIMITS.greetingVideosLimit).toBe(1);
  });

  test("paid: the plan's snapshot; not included is 0; paid before plans existed: the digital card only", () => {
    const paid = { paymentStatus: 1, expiryDateForCustomer: at(100), planLimits: PLAN };
    expect(LIMIT_KINDS.map((k) => allowance(paid, k, now).limit)).toEqual([1, UNLIMITED, 3, 2, 0]);
    const legacy = { ...paid, planLimits: null };
    expect(LIMIT_KINDS.map((k) => allowance(legacy, k, now).limit)).toEqual([1, 0, 0, 0, 0]);
  });

  test("expired (paid or trial): nothing", () => {
    for (const paymentStatus of [0, 1]) {
      const expired = { paymentStatus, expiryDateForCustomer: at(-0.001), planLimits: PLAN };
      expect(LIMIT_KINDS.map((k) => allowance(expired, k, now).limit)).toEqual([0, 0, 0, 0, 0]);
    }
  });
});

describe("limitWindowStart: where callers start counting", () => {
  test("greeting media: the current day in India (00:00 IST = 18:30 UTC the day before); the rest: the business's life", () => {
    expect(limitWindowStart("greetingVideos", new Date("2026-11-22T18:29:59.999Z"))).toEqual(new Date("2026-11-21T18:30:00.000Z"));
    expect(limitWindowStart("greetingVideos", new Date("2026-11-22T18:30:00.000Z"))).toEqual(new Date("2026-11-22T18:30:00.000Z"));
    expect(limitWindowStart("greetingImages", new Date("2026-11-23T03:00:00.000Z"))).toEqual(new Date("2026-11-22T18:30:00.000Z"));
    for (const kind of ["digitalCard", "pdfCard", "promotionalVideo"] as const) expect(limitWindowStart(kind, new Date())).toBeNull();
  });
});

describe("betterPlan: the plan an upgrade offer names", () => {
  const plan = (name: string, price: number, limit: number | null) => ({
    name,
    price,
    limits: { ...PLAN, promotionalVideoIncluded: limit !== null, promotionalVideoLimit: limit },
  });
  test("the plan that gives the most (unlimited first, the cheaper on a tie); none when no plan gives more", () => {
    const plans = [plan("Basic", 100, null), plan("Premium", 300, 1), plan("Gold", 500, 5), plan("Gold Lite", 400, 5)];
    expect(betterPlan(plans, "promotionalVideo", 0)).toEqual({ name: "Gold Lite", limit: 5 });
    expect(betterPlan(plans, "promotionalVideo", 1)).toEqual({ name: "Gold Lite", limit: 5 });
    expect(betterPlan(plans, "promotionalVideo", 5)).toBeNull();
    expect(betterPlan([...plans, plan("Max", 900, UNLIMITED)], "promotionalVideo", 5)).toEqual({ name: "Max", limit: UNLIMITED });
    expect(betterPlan([plan("Max", 900, UNLIMITED)], "promotionalVideo", UNLIMITED)).toBeNull();
  });
});

describe("assertWithinLimit", () => {
  test("greeting videos per day: within the plan's 3, then refused with upgrade: true", async () => {
    const id = await business("paid");
    const now = new Date();
    await assertWithinLimit(t.db, { businessId: id, kind: "greetingVideos", now, used: 2 });
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "greetingVideos", now, used: 3 }))).toBe(
      "Your plan allows 3 greeting videos today. The Premium plan gives 10 greeting videos a day.",
    );
    await assertWithinLimit(t.db, { businessId: id, kind: "greetingImages", now, used: 100_000 });
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "promotionalVideo", now, used: 0 }))).toBe(
      "Your plan does not include promotional videos. The Premium plan gives 1 promotional video.",
    );
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "pdfCard", now, used: 1, adding: 2 }))).toMatch(/allows 2 PDF cards/);
  });

  test("the trial: one greeting video a day, no PDF card", async () => {
    const id = await business("trial");
    const now = new Date();
    await assertWithinLimit(t.db, { businessId: id, kind: "greetingVideos", now, used: 0 });
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "greetingVideos", now, used: 1 }))).toBe(
      "The free trial allows 1 greeting video today. The Premium plan gives 10 greeting videos a day.",
    );
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "pdfCard", now, used: 0 }))).toBe(
      "The free trial does not include PDF cards. The Premium plan gives 1 PDF card.",
    );
  });

  test("expired: everything refused with the renew message", async () => {
    const id = await business("expired");
    expect(await refusal(assertWithinLimit(t.db, { businessId: id, kind: "greetingImages", now: new Date(), used: 0 }))).toBe(
      "Your plan has expired. Renew it to continue.",
    );
  });

  test("kinds other than the digital card need the caller's count", async () => {
    const id = await business("paid");
    await expect(assertWithinLimit(t.db, { businessId: id, kind: "pdfCard", now: new Date() })).rejects.toThrow(/needs the caller's "used" count/);
  });
});

describe("POST /createCard goes through the limit", () => {
  const liveCards = async (businessId: number) =>
    t.db.select().from(cards).where(and(eq(cards.businessId, businessId), isNull(cards.deletedAt)));

  test("an expired business: 403 with upgrade: true in the JSON body, no card made", async () => {
    const id = await business("expired");
    const res = await t.requestAs("customer", "POST", "/createCard", { body: { businessId: id } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: "Your plan has expired. Renew it to continue.", upgrade: true });
    expect(await liveCards(id)).toEqual([]);
  });

  test("a plan whose digital card limit is 0: refused; on the trial or a paid plan: made", async () => {
    const zero = await business("paid");
    await t.db.update(businesses).set({ planLimits: { ...PLAN, digitalCardLimit: 0 } }).where(eq(businesses.businessId, zero));
    const refused = await t.requestAs("customer", "POST", "/createCard", { body: { businessId: zero } });
    expect(refused.status).toBe(403);
    expect(refused.json.upgrade).toBe(true);
    for (const state of ["trial", "paid"] as const) {
      const id = await business(state);
      expect((await t.requestAs("customer", "POST", "/createCard", { body: { businessId: id } })).status, state).toBe(200);
      expect(await liveCards(id)).toHaveLength(1);
    }
  });

  test("a second card is still the 'One Card per Business' 409, not an upgrade", async () => {
    const id = await business("paid");
    await t.requestAs("customer", "POST", "/createCard", { body: { businessId: id } });
    const again = await t.requestAs("customer", "POST", "/createCard", { body: { businessId: id } });
    expect(again.status).toBe(409);
    expect(again.json.upgrade).toBeUndefined();
  });
});
