import { expect, test } from "vitest";
import { safeReturnPath, sameOriginPath } from "./return-path.ts";

test("a path inside the prefixes comes back normalised; anything else is null", () => {
  expect(safeReturnPath("/panel/customer/account?businessId=7&index", ["/panel/customer"])).toBe("/panel/customer/account?businessId=7");
  expect(safeReturnPath("/panel", ["/panel"])).toBe("/panel");
  expect(safeReturnPath("/panel/payment/month-payment?payment=failed", ["/panel/admin", "/panel/payment/"])).toBe("/panel/payment/month-payment?payment=failed");
  for (const bad of ["//evil.example/panel", "/\\evil.example/panel", "https://evil.example/panel", "/panel/../evil", "/panelx", "/pa\nnel", "x".repeat(2001), 7, null, undefined]) {
    expect(safeReturnPath(bad, ["/panel"]), String(bad).slice(0, 40)).toBeNull();
  }
});

test("a Referer counts only when it is of this origin", () => {
  expect(sameOriginPath("http://sunrise.localhost:3000/panel/customer?x=1", "http://sunrise.localhost:3000")).toBe("/panel/customer?x=1");
  expect(sameOriginPath("https://evil.example/panel/customer", "http://localhost:3000")).toBeNull();
  expect(sameOriginPath(null, "http://localhost:3000")).toBeNull();
});
