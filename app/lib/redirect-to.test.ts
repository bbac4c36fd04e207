import { describe, expect, test } from "vitest";
import { safeRedirectTo } from "./redirect-to";

describe("safeRedirectTo (the page to return to after signing in again)", () => {
  const home = "/panel/customer";
  test("a page of the person's own panel, with its query; React Router's ?index dropped", () => {
    expect(safeRedirectTo("/panel/customer/digital-card/about?businessId=7", "customer", home)).toBe("/panel/customer/digital-card/about?businessId=7");
    expect(safeRedirectTo("/panel/customer?index", "customer", home)).toBe("/panel/customer");
    expect(safeRedirectTo("/panel/admin/businesses", "staff", "/panel/admin")).toBe("/panel/admin/businesses");
    expect(safeRedirectTo("/panel/payment/month-payment", "staff", "/panel/admin")).toBe("/panel/payment/month-payment");
  });

  test("never another site, the other panel, sign-in pages or odd paths", () => {
    for (const bad of [
      "https://evil.example/panel/customer",
      "//evil.example/panel/customer",
      "/\\evil.example/panel/customer",
      "/\tpanel/customer",
      "javascript:alert(1)",
      "panel/customer",
      "/panel/customerx",
      "/panel/login?redirectTo=/panel/customer",
      "/panel/logout",
      "/panel/admin",
      "/panel/customer/../../evil",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectTo(bad, "customer", home), String(bad)).toBe(home);
    }
    expect(safeRedirectTo("/panel/customer/account", "staff", "/panel/admin")).toBe("/panel/admin");
  });
});
