import { describe, expect, test } from "vitest";
import { cardState, cardStateLabel, type CardStateInput } from "./card-state.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-22T10:00:00.000Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);
const paid = (expiryInDays: number | null, extra: Partial<CardStateInput> = {}): CardStateInput => ({
  paymentStatus: 1,
  expiryDateForCustomer: expiryInDays === null ? null : at(expiryInDays),
  ...extra,
});
const unpaid = (expiryInDays: number | null, extra: Partial<CardStateInput> = {}) => paid(expiryInDays, { paymentStatus: 0, ...extra });
const label = (input: CardStateInput) => cardStateLabel(cardState(input, now));

describe("cardState at the day boundaries", () => {
  test.each([
    [8.1, "paid", "Paid"],
    [7.999, "expiring-soon", "Expires in 7 days"],
    [7, "expiring-soon", "Expires in 7 days"],
    [1, "expiring-soon", "Expires in 1 day"],
    [0.999, "paid", "Paid"],
    [0, "paid", "Paid"],
    [-0.001, "expired", "Expired"],
    [-400, "expired", "Expired"],
  ] as [number, string, string][])("paid, expiry in %s days → %s", (days, state, text) => {
    expect(cardState(paid(days), now).state).toBe(state);
    expect(label(paid(days))).toBe(text);
  });

  test("8 whole days left is not yet 'expiring soon'", () => {
    expect(cardState(paid(8.5), now)).toEqual({ state: "paid", paid: true, daysLeft: 8 });
    expect(cardState(paid(8), now).state).toBe("paid");
  });

  test("a trial: not paid, an expiry ahead; one state for its whole length (ADR 0015)", () => {
    expect(label(unpaid(14))).toBe("Free trial");
    expect(cardState(unpaid(7), now).state).toBe("trial");
    expect(label(unpaid(7))).toBe("Trial ends in 7 days");
    expect(cardState(unpaid(3), now).state).toBe("trial");
    expect(label(unpaid(3))).toBe("Trial ends in 3 days");
    expect(label(unpaid(1))).toBe("Trial ends in 1 day");
    expect(label(unpaid(0.5))).toBe("Trial ends today");
    expect(label(unpaid(-1))).toBe("Expired");
  });

  test("nothing bought yet: not paid and no expiry", () => {
    expect(cardState(unpaid(null), now)).toEqual({ state: "unpaid", paid: false, daysLeft: null });
    expect(label(unpaid(null))).toBe("Not paid");
    expect(label(paid(null))).toBe("Paid");
  });

  test("a card switched off is inactive whatever its plan says", () => {
    expect(label(paid(100, { cardStatus: "inactive" }))).toBe("Inactive");
    expect(label(paid(-5, { cardStatus: "inactive" }))).toBe("Inactive");
    expect(label(unpaid(null, { cardStatus: "active" }))).toBe("Not paid");
  });

  test("dates as ISO strings (loader data) decide the same", () => {
    expect(cardState({ paymentStatus: 1, expiryDateForCustomer: at(-0.001).toISOString() }, now).state).toBe("expired");
  });
});
