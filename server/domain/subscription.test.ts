import { describe, expect, test } from "vitest";
import { addYears, purchasePeriod, trialDays, trialExpiry } from "./subscription.ts";

describe("subscription dates", () => {
  const now = new Date("2026-11-23T10:00:00Z");

  test("renewing early keeps the days left", () => {
    const expiry = new Date("2027-01-10T00:00:00Z");
    expect(purchasePeriod(expiry, now, 1)).toEqual({ validFrom: expiry, validUntil: new Date("2028-01-10T00:00:00Z") });
  });

  test("an expired or new business starts from now", () => {
    expect(purchasePeriod(new Date("2026-01-01T00:00:00Z"), now, 2).validUntil).toEqual(new Date("2028-11-23T10:00:00Z"));
    expect(purchasePeriod(null, now, 1).validFrom).toEqual(now);
  });

  test("29 February rolls back to 28 February", () => {
    expect(addYears(new Date("2028-02-29T12:00:00Z"), 1)).toEqual(new Date("2029-02-28T12:00:00Z"));
  });

  test("trial days default to 7 and stay within 0..365", () => {
    expect(trialDays(undefined)).toBe(7);
    expect(trialDays(-3)).toBe(0);
    expect(trialDays(1000)).toBe(365);
    expect(trialDays(2.5)).toBe(7);
    expect(trialExpiry(now, 7)).toEqual(new Date("2026-11-30T10:00:00Z"));
  });
});
