import { describe, expect, test } from "vitest";
import { cardView, type CardViewSource } from "./card-view.ts";

const empty: CardViewSource["card"] = {
  template: "style-2",
  basicDetails: {},
  paymentOptions: {},
  youtubeVideos: { videos: [] },
  gallery: { images: [] },
  aboutUs: {},
  products: { items: [] },
  links: { items: [] },
  settings: {},
};
const business = { businessName: "Mehta Tiffins", phoneNumber: "+919812345678", logoUrl: "/uploads/logo.png" };

describe("cardView: one mapping for the public page and the editor's preview", () => {
  test("an empty card falls back on its business and shows only the two forms", () => {
    const v = cardView({ card: empty, business });
    expect(v.basic).toMatchObject({ companyName: "Mehta Tiffins", phoneNumber: "+919812345678" });
    expect(v.logoUrl).toBe("/uploads/logo.png");
    expect(v.template).toBe("style-2");
    expect(v.themeColor).toBe("#2d9bea");
    expect(v.sections.map((s) => s.key)).toEqual(["feedback", "enquiry"]);
  });

  test("half-typed rows (the preview's) are skipped; order, hidden sections and titles are the owner's", () => {
    const v = cardView({
      business,
      card: {
        ...empty,
        products: { items: [{ name: "", price: 100 }, { name: "Thali", price: 12050 }] },
        links: { title: "Follow Us", items: [{ label: "Instagram", url: "" }, { label: "", url: "https://instagram.com/x" }] },
        paymentOptions: { bankAccounts: [{ accountName: "A", accountNumber: "", ifsc: "" }] },
        settings: { sectionOrder: ["links", "products"], hiddenSections: ["feedback"], sectionTitles: { products: "Menu" }, themeColor: "#e65100" },
      },
    });
    expect(v.products).toEqual([{ name: "Thali", description: undefined, price: 12050, imageUrl: undefined }]);
    expect(v.links).toEqual([{ label: "https://instagram.com/x", url: "https://instagram.com/x", iconUrl: null }]);
    expect(v.payment.bankAccounts).toEqual([]);
    expect(v.sections).toEqual([
      { key: "links", title: "Follow Us" },
      { key: "products", title: "Menu" },
      { key: "enquiry", title: "Enquiry" },
    ]);
    expect(v.themeColor).toBe("#e65100");
  });
});
