import { expect, test } from "@playwright/test";
import { PORT, loginAs, signUp } from "../support/e2e-fixtures";
import { field } from "../support/card-editor-helpers";

/**
 * ADR 0021 "Gates": a customer of an agency whose greeting-image bill is unpaid past its grace
 * sees on the daily-image page why greeting images are paused and whom to contact, instead of
 * posts (not an error page, not a sign-out). The agency is made for the test (0 days' grace), so
 * no other test's agency changes.
 */

test.use({ viewport: { width: 360, height: 740 } });

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a customer of an agency with an unpaid greeting-image bill sees why on the daily-image page", async ({ page, browser }) => {
  const host = `gates-${suffix()}.localhost`;
  const name = `Gates Media ${suffix()}`;
  await loginAs(page, "admin");
  const created = await page.request.post("/api/v1/agency", {
    data: {
      agency: {
        agencyName: name,
        host,
        configuration: {
          imagePost: { enableImagePost: true },
          billing: { perCardPrice: 0, annualFee: 0, imageServiceMonthlyFee: 49_900, gstPercent: 0, graceDays: 0, offlineInstructions: null },
        },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const context = await browser.newContext({ baseURL: `http://${host}:${PORT}`, viewport: { width: 360, height: 740 } });
  const customer = await context.newPage();
  // Through the screens: the browser resolves *.localhost, the test runner's request context does not.
  await signUp(customer);
  await customer.goto("/panel/customer/businesses/add?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true");
  await field(customer, "Business name").fill("Gate Keepers Cafe");
  await field(customer, "Phone number").fill("9812345670");
  await customer.getByRole("button", { name: "Continue" }).click();
  await expect(customer).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);

  await customer.goto("/panel/customer/daily-image");
  await expect(customer.getByRole("heading", { name: "Greeting images are not available for Gate Keepers Cafe" })).toBeVisible();
  await expect(customer.getByRole("status")).toContainText(`Greeting images are paused because ${name}'s greeting-image service bill is unpaid.`);
  await expect(customer.getByRole("status")).toContainText("Your digital card is not affected.");
  await context.close();
});
