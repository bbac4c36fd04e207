import { describe, expect, test } from "vitest";
import { composeLinkUrl, linkInputFromUrl, type LinkTypeRule } from "./link-store-constants.ts";

const instagram: LinkTypeRule = { fieldType: "url", urlPrefix: "https://instagram.com/" };
const whatsapp: LinkTypeRule = { fieldType: "tel", urlPrefix: "https://wa.me/" };
const maps: LinkTypeRule = { fieldType: "url", urlPrefix: "https://www.google.com/maps/search/?api=1&query=" };
const website: LinkTypeRule = { fieldType: "url", urlPrefix: null };

describe("composeLinkUrl: what a customer types → the link their card shows", () => {
  test("a handle goes after the prefix, without a leading @ or /", () => {
    expect(composeLinkUrl(instagram, "@sharmasweets")).toBe("https://instagram.com/sharmasweets");
    expect(composeLinkUrl(instagram, " sharma.sweets ")).toBe("https://instagram.com/sharma.sweets"); // a dot is not a domain
    expect(composeLinkUrl(maps, "Johari Bazaar, Jaipur")).toBe("https://www.google.com/maps/search/?api=1&query=Johari%20Bazaar,%20Jaipur");
  });

  test("a whole link is kept: with a scheme, or starting with the prefix's own domain", () => {
    expect(composeLinkUrl(instagram, "https://www.instagram.com/x/")).toBe("https://www.instagram.com/x/");
    expect(composeLinkUrl(instagram, "www.instagram.com/x")).toBe("https://www.instagram.com/x");
    expect(composeLinkUrl(instagram, "instagram.com/x")).toBe("https://instagram.com/x");
    expect(composeLinkUrl(website, "sharmasweets.in")).toBe("sharmasweets.in"); // the link schema adds https://
  });

  test("a phone number becomes the prefix and its E.164 digits; a bad one is null", () => {
    expect(composeLinkUrl(whatsapp, "98765 43210")).toBe("https://wa.me/919876543210");
    expect(composeLinkUrl(whatsapp, "+44 20 7946 0958")).toBe("https://wa.me/442079460958");
    expect(composeLinkUrl(whatsapp, "12")).toBeNull();
    expect(composeLinkUrl({ fieldType: "tel", urlPrefix: null }, "9876543210")).toBeNull();
    expect(composeLinkUrl(instagram, "   ")).toBeNull();
  });

  test("linkInputFromUrl gives back what was typed", () => {
    expect(linkInputFromUrl(instagram, "https://instagram.com/sharmasweets")).toBe("sharmasweets");
    expect(linkInputFromUrl(whatsapp, "https://wa.me/919876543210")).toBe("+919876543210");
    expect(linkInputFromUrl(maps, composeLinkUrl(maps, "Johari Bazaar")!)).toBe("Johari Bazaar");
    expect(linkInputFromUrl(instagram, "https://facebook.com/x")).toBe("https://facebook.com/x");
    expect(linkInputFromUrl(undefined, "https://example.com")).toBe("https://example.com");
  });
});
