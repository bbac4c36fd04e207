import { describe, expect, test } from "vitest";
import { dialable, formatPhone, phoneSearchDigits, telHref, toE164, vcardTel, whatsappHref } from "./phone.ts";

describe("toE164: what people type → stored number", () => {
  test.each([
    ["9876543210", "+919876543210"],
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["919876543210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["0141 2345678", "+911412345678"],
    ["+44 20 7946 0958", "+442079460958"],
    ["0044 20 7946 0958", "+442079460958"],
    ["+1 (415) 555-2671", "+14155552671"],
  ])("%s → %s", (typed, e164) => expect(toE164(typed)).toBe(e164));

  test.each(["12", "", "abc", "+44 20", "98765 4321", "+91 98765 432100"])("%j is not a number", (typed) => expect(toE164(typed)).toBeNull());
});

describe("one helper for tel:, WhatsApp, vCard and display", () => {
  test("an Indian mobile", () => {
    expect(telHref("+919876543210")).toBe("tel:+919876543210");
    expect(whatsappHref("+919876543210")).toBe("https://wa.me/919876543210");
    expect(whatsappHref("+919876543210", "Hi!")).toBe("https://wa.me/919876543210?text=Hi!");
    expect(vcardTel("+919876543210")).toEqual({ number: "+919876543210", type: "CELL" });
    expect(formatPhone("+919876543210")).toBe("98765 43210");
  });

  test("an Indian landline keeps its STD code's 0 when shown", () => {
    expect(formatPhone("+911412345678")).toBe("0141 234 5678");
    expect(vcardTel("+911412345678")).toEqual({ number: "+911412345678", type: "WORK" });
  });

  test("a UK number", () => {
    expect(telHref("+442079460958")).toBe("tel:+442079460958");
    expect(whatsappHref("+442079460958")).toBe("https://wa.me/442079460958");
    expect(vcardTel("+442079460958")).toEqual({ number: "+442079460958", type: "WORK" });
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
  });

  test("old 10-digit values still dial as Indian numbers", () => {
    expect(dialable("9876543210")).toBe("+919876543210");
    expect(formatPhone("9876543210")).toBe("98765 43210");
  });
});

describe("phoneSearchDigits: a search finds a number however it was typed", () => {
  test.each([
    ["98765 43210", "9876543210"],
    ["+91 98765-43210", "9876543210"],
    ["098765 43210", "9876543210"],
    ["0141 2345678", "1412345678"],
    ["+44 20 7946 0958", "2079460958"],
    ["43210", "43210"],
    ["0141", "141"],
  ])("%s → %s", (term, digits) => expect(phoneSearchDigits(term)).toBe(digits));
});
