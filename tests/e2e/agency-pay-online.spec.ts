import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, DEMO_PASSWORD, accounts, expect, loginAs, PORT, signUpByApi, SUNRISE_URL, test } from "../support/e2e-fixtures";

/*
 * An agency pays the platform online (issue 22, ADR 0037), JavaScript on and off: Sunrise's admin
 * pays the greeting-image service ("Pay online ₹499") and the month bill's "Pay online"; the step
 * to the gateway's checkout (the API's page, not a panel route) is a document navigation, so
 * it reaches the test gateway's page instead of "We could not find that page", and comes back paid.
 */

const SUNRISE_HOST = new URL(SUNRISE_URL).host;

async function sunriseRequest(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: `http://127.0.0.1:${PORT}`, extraHTTPHeaders: { host: SUNRISE_HOST } });
}

/** A new Sunrise customer's card paid this month, and the platform's bill for Sunrise brought up to date. */
async function sunriseOwesThisMonth(playwright: PlaywrightWorkerArgs["playwright"]) {
  const staff = await sunriseRequest(playwright);
  expect((await staff.post("/api/v1/franchisee/login", { data: { phoneNumber: accounts.sunriseAdmin.phoneNumber, password: DEMO_PASSWORD } })).status()).toBe(200);
  const plans = (await (await staff.get("/api/v1/business/subscription-plan")).json()) as { list: { subscriptionPlanId: number; name: string }[] };
  const starter = plans.list.find((p) => p.name === "Starter")!;
  const customer = await sunriseRequest(playwright);
  await signUpByApi(customer);
  const made = await customer.post("/api/v1/business", { data: { businessName: `Pay Online ${Date.now().toString(36)}` } });
  expect(made.status(), await made.text()).toBe(200);
  const { business } = (await made.json()) as { business: { businessId: number } };
  await customer.dispose();
  const paid = await staff.post("/api/v1/card-payment", { data: { businessId: business.businessId, planId: starter.subscriptionPlanId, isManualUpdate: true } });
  expect(paid.status(), await paid.text()).toBe(200);
  const { agencyId } = (await (await staff.get("/api/v1/month-payments/getOutstandingAmount")).json()) as { agencyId: number };
  await staff.dispose();

  const platform = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await platform.post("/api/v1/franchisee/login", { data: { phoneNumber: accounts.admin.phoneNumber, password: DEMO_PASSWORD } })).status()).toBe(200);
  const generated = await platform.post("/api/v1/month-payments/generate", { data: { agencyId } });
  expect(generated.status(), await generated.text()).toBe(200);
  await platform.dispose();
}

/** On the test gateway's page: pay, and come back (without JavaScript the hand-over is a button). */
async function payOnTestGateway(page: Page, what: string, javaScriptEnabled: boolean) {
  await expect(page.getByText("Test payment — no money moves").first()).toBeVisible();
  await expect(page.getByText(what)).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Your payment was successful!")).toBeVisible();
}

// These pay Sunrise's bills, which other specs read (agency-billing.spec.ts): they run after them, one at a time.
test.describe("an agency pays the platform online @renews-demo", () => {
  test.describe.configure({ mode: "serial" });
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("Sunrise's admin pays the greeting-image service and the month bill online, reaching the gateway's checkout and coming back paid", async ({ page, playwright }) => {
        await sunriseOwesThisMonth(playwright);
        await loginAs(page, "sunriseAdmin");

        await page.goto(`${SUNRISE_URL}/panel/admin/billing`);
        await page.getByRole("link", { name: "Agency image payment" }).click();
        await page.getByRole("button", { name: "Pay online ₹499" }).click();
        await payOnTestGateway(page, "Greeting-image service", javaScriptEnabled);
        await expect(page).toHaveURL(/\/panel\/payment\/agency-image-payment\?payment=paid/);

        await page.goto(`${SUNRISE_URL}/panel/admin/billing`);
        await page.getByRole("link", { name: /^Pay online ₹/ }).click();
        await expect(page.getByRole("heading", { name: "Month payment" })).toBeVisible();
        await page.getByRole("button", { name: /^Pay online ₹/ }).click();
        await payOnTestGateway(page, "Month bill", javaScriptEnabled);
        await expect(page.getByTestId("bill-outstanding")).toHaveText("₹0");
      });
    });
  }
});
