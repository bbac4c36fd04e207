import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { agencyFormField, agencyFormSchema, createAgencyBody, AGENCY_MESSAGES } from "./agency.ts";

/** The agency form as a browser posts it: strings, "on" for a checked box, nothing for an unchecked one. */
const post = (fields: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return parseWithZod(fd, { schema: agencyFormSchema });
};
const base: [string, string][] = [
  ["agencyName", "Acme Cards"],
  ["host", "HTTPS://Cards.Acme.in/"],
  ["pricePerVideo", "249.50"],
  ["trialDays", "10"],
  // The Billing section (ADR 0023), prefilled on the page.
  ["perCardPrice", "120"],
  ["annualFee", "12000"],
  ["imageServiceMonthlyFee", "499.50"],
  ["gstPercent", "18"],
  ["graceDays", "15"],
  ["offlineInstructions", "  UPI: acme@bank  "],
];

describe("agency form schema", () => {
  it("gives the API's body: paise, a normalised domain, new PDF plans numbered after the kept ones, empty rows skipped", () => {
    const s = post([
      ...base,
      ["isActive", "on"],
      ["enableImagePost", "on"],
      ["isVideoPostsIncluded", "on"],
      ["enablePdfCardProduct", "on"],
      ["customerPlans[0].id", "3"],
      ["customerPlans[0].price", "99"],
      ["customerPlans[1].price", ""],
      ["customerPlans[2].price", "149.5"],
      ["allowedBusinessMadeBy", "franchisee"],
      ["allowedBusinessMadeBy", "creator"],
      ["invitationSiteLink", "https://invite.acme.in/"],
    ]);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.agency).toEqual({
      agencyName: "Acme Cards",
      host: "cards.acme.in",
      invitationSiteLink: "https://invite.acme.in/",
      isActive: true,
      configuration: {
        imagePost: { enableImagePost: true, isVideoPostsIncluded: true, allowAgencyExclusivePosts: false },
        pdfCardConfig: { enablePdfCardProduct: true, customerPlans: [{ id: 3, price: 9900 }, { id: 4, price: 14950 }] },
        video: { enableVideo: false, pricePerVideo: 24950 },
        onlinePayment: { enablePaymentIntegration: false },
        dashboardConfig: { showInvitationTileInCustomerDashboard: false },
        allowedBusinessMadeBy: ["franchisee", "creator"],
        trialDays: 10,
        billing: { perCardPrice: 12000, annualFee: 1200000, imageServiceMonthlyFee: 49950, gstPercent: 18, graceDays: 15, offlineInstructions: "UPI: acme@bank" },
      },
    });
    // What the form gives, the API takes unchanged.
    expect(createAgencyBody.safeParse({ agency: s.value.agency }).success).toBe(true);
  });

  it("options under a switched-off product are saved off; an emptied invitation link is none", () => {
    const s = post([...base, ["isVideoPostsIncluded", "on"], ["allowAgencyExclusivePosts", "on"], ["invitationSiteLink", ""]]);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.agency.configuration.imagePost).toEqual({ enableImagePost: false, isVideoPostsIncluded: false, allowAgencyExclusivePosts: false });
    expect(s.value.agency.invitationSiteLink).toBeNull();
  });

  it("refuses what the API would: no name, a bad domain, PDF cards without a plan, rupees typed wrong", () => {
    const s = post([["agencyName", ""], ["host", "acme"], ["pricePerVideo", "1,99"], ["trialDays", "7"], ["perCardPrice", "120"], ["annualFee", "0"], ["imageServiceMonthlyFee", "0"], ["gstPercent", "101"], ["graceDays", "15"]]);
    const errors = s.reply().error ?? {};
    expect(errors.agencyName).toEqual([AGENCY_MESSAGES.name]);
    expect(errors.host).toEqual([AGENCY_MESSAGES.host]);
    expect(errors.pricePerVideo?.[0]).toMatch(/rupees/);
    expect(errors.gstPercent).toEqual(["GST can be at most 100%."]);
    // The cross-field rules once every field reads well.
    const plans = post([...base, ["enablePdfCardProduct", "on"], ["customerPlans[0].price", "abc"]]).reply().error ?? {};
    expect(plans["customerPlans[0].price"]?.[0]).toMatch(/rupees/);
    const none = post([...base, ["enablePdfCardProduct", "on"], ["customerPlans[0].price", ""]]).reply().error ?? {};
    expect(none.customerPlans).toEqual([AGENCY_MESSAGES.planNeeded]);
  });

  it("names the API's field paths as the form's fields", () => {
    expect(agencyFormField("agency.host")).toBe("host");
    expect(agencyFormField("agency.configuration.video.pricePerVideo")).toBe("pricePerVideo");
    expect(agencyFormField("agency.configuration.trialDays")).toBe("trialDays");
    expect(agencyFormField("agency.configuration.pdfCardConfig.customerPlans")).toBe("customerPlans");
    expect(agencyFormField("agency.configuration.pdfCardConfig.customerPlans.1.price")).toBe("customerPlans[1].price");
    expect(agencyFormField("agency.configuration.allowedBusinessMadeBy.0")).toBe(null);
  });
});
