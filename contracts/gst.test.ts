import { describe, expect, test } from "vitest";
import { addressStateCode, gstBreakup, gstLineLabel } from "./gst.ts";
import { messagesFor } from "./i18n/messages.ts";

describe("gstBreakup: a GST-inclusive plan price on the receipt", () => {
  const seller = { gstin: "27AABCC1234D1Z5" }; // Maharashtra

  test("the same state (or none named): taxable value + CGST 9% + SGST 9%, adding up to the price", () => {
    const b = gstBreakup(249900, seller, { address: "Shop 4, FC Road, Pune, Maharashtra 411004" })!;
    expect(b).toEqual({
      taxable: 211780,
      total: 249900,
      placeOfSupply: "Maharashtra (27)",
      lines: [
        { label: "CGST", percent: 9, amount: 19060 },
        { label: "SGST", percent: 9, amount: 19060 },
      ],
    });
    expect(gstBreakup(99900, seller, { address: null })!.lines.map((l) => l.label)).toEqual(["CGST", "SGST"]);
    const odd = gstBreakup(100001, seller, { address: "" })!;
    expect(odd.taxable + odd.lines.reduce((s, l) => s + l.amount, 0)).toBe(100001);
  });

  test("another state: IGST 18%; a Union Territory without a legislature: UTGST", () => {
    expect(gstBreakup(249900, seller, { address: "12 MG Road, Bengaluru, Karnataka" })!.lines).toEqual([{ label: "IGST", percent: 18, amount: 38120 }]);
    expect(gstBreakup(118000, { gstin: "04ABCDE1234F1Z5" }, { address: "Sector 17, Chandigarh" })!.lines.map((l) => l.label)).toEqual(["CGST", "UTGST"]);
  });

  test("no GSTIN (or not a known state code): no breakup", () => {
    expect(gstBreakup(99900, { gstin: null }, { address: "Pune, Maharashtra" })).toBeNull();
    expect(gstBreakup(99900, { gstin: "99XXXXX" }, { address: "Pune" })).toBeNull();
  });

  test("state names match whole words only", () => {
    expect(addressStateCode("New Delhi 110001")).toBe("07");
    expect(addressStateCode("Goalpara Road")).toBeNull();
    expect(addressStateCode("Panaji, GOA")).toBe("30");
  });
});

describe("gstLineLabel: a GST line in the receipt's language", () => {
  const seller = { gstin: "27AABCC1234D1Z5" };
  const labels = (lang: "en" | "hi" | "ta", address: string) => gstBreakup(249900, seller, { address })!.lines.map((l) => gstLineLabel(l, messagesFor(lang, "receipt").receipt));

  test("English keeps the receipt's words verbatim", () => {
    expect(labels("en", "Pune, Maharashtra")).toEqual(["CGST 9%", "SGST 9%"]);
    expect(labels("en", "Jaipur, Rajasthan")).toEqual(["IGST 18%"]);
  });

  test("Hindi and Tamil say the words around the Latin abbreviation", () => {
    expect(labels("hi", "Pune, Maharashtra")).toEqual(["CGST (केंद्र का टैक्स) 9%", "SGST (राज्य का टैक्स) 9%"]);
    expect(labels("hi", "Jaipur, Rajasthan")).toEqual(["IGST (दूसरे राज्य में बिक्री) 18%"]);
    expect(gstLineLabel({ label: "UTGST", percent: 9 }, messagesFor("ta", "receipt").receipt)).toBe("UTGST (யூனியன் பிரதேச வரி) 9%");
  });
});
