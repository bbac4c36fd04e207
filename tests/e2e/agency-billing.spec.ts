import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_PASSWORD, expect, loginAs, PORT, signUpByApi, SUNRISE_URL, test } from "../support/e2e-fixtures";

/*
 * Agency billing as people use it (issue 10, ADR 0023), with JavaScript off (every form must work
 * without it): two of Sunrise Media's customers' cards are paid this month; the platform's admin
 * generates this month's bill and records Sunrise's annual fee paid offline; Sunrise's admin sees
 * the running bill, moves one card out with a reason, pays the rest online through the built-in
 * test gateway, and the outstanding amount drops to zero.
 */

test.use({ javaScriptEnabled: false });

const SUNRISE_HOST = new URL(SUNRISE_URL).host;

/** An API client on Sunrise's host (Node cannot resolve *.localhost: talk to loopback, name the host). */
async function sunriseRequest(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: `http://127.0.0.1:${PORT}`, extraHTTPHeaders: { host: SUNRISE_HOST } });
}

/** Two new Sunrise customers' businesses, each paid this month (recorded by Sunrise's admin); Sunrise's agency id. */
async function twoCardsPaidThisMonth(playwright: PlaywrightWorkerArgs["playwright"], names: [string, string]) {
  const staff = await sunriseRequest(playwright);
  expect((await staff.post("/api/v1/franchisee/login", { data: { phoneNumber: "9000000011", password: DEMO_PASSWORD } })).status()).toBe(200);
  const plans = (await (await staff.get("/api/v1/business/subscription-plan")).json()) as { list: { subscriptionPlanId: number; name: string }[] };
  const starter = plans.list.find((p) => p.name === "Starter")!;
  for (const name of names) {
    const customer = await sunriseRequest(playwright);
    await signUpByApi(customer);
    const made = await customer.post("/api/v1/business", { data: { businessName: name } });
    expect(made.status(), await made.text()).toBe(200);
    const { business } = (await made.json()) as { business: { businessId: number } };
    await customer.dispose();
    const paid = await staff.post("/api/v1/card-payment", { data: { businessId: business.businessId, planId: starter.subscriptionPlanId, isManualUpdate: true } });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  const outstanding = (await (await staff.get("/api/v1/month-payments/getOutstandingAmount")).json()) as { agencyId: number };
  await staff.dispose();
  return outstanding.agencyId;
}

const outstandingAmount = (page: Page) => page.getByTestId("outstanding-amount");
const billLines = (page: Page) => page.getByRole("list", { name: "Cards in this bill" }).getByRole("listitem");

test("the platform bills an agency; the agency moves a disputed card out and pays the rest online; outstanding drops to zero", async ({ browser, playwright }) => {
  const suffix = Date.now().toString(36);
  const [kept, disputed] = [`Kiran Tailors ${suffix}`, `Lotus Florist ${suffix}`];
  const sunriseId = await twoCardsPaidThisMonth(playwright, [kept, disputed]);

  // The platform's admin generates this month's bill and records the annual fee paid offline.
  const platform = await browser.newPage();
  await loginAs(platform, "admin");
  await platform.goto(`/panel/admin/agency-management/${sunriseId}/billing`);
  await expect(platform.getByRole("heading", { name: "Sunrise Media: billing" })).toBeVisible();
  // A paid card is in the running bill at once, before anyone presses Generate (issue 22, ADR 0044).
  await expect(billLines(platform).filter({ hasText: kept })).toBeVisible();
  await expect(billLines(platform).filter({ hasText: disputed })).toBeVisible();
  // Generate then has nothing to add, and says so rather than "up to date" whatever happened.
  await platform.getByRole("button", { name: "Generate this month's bill" }).click();
  await expect(platform.getByText("Nothing to add: this month's bill already lists every card paid this month.")).toBeVisible();
  await expect(platform.getByText("This month's bill is up to date.")).toHaveCount(0);
  await expect(billLines(platform).filter({ hasText: kept })).toBeVisible();
  // The platform can take a card out and put it back (a reason each time); the totals follow.
  const total = (await platform.getByTestId("bill-outstanding").textContent())!;
  await billLines(platform).filter({ hasText: disputed }).getByRole("link", { name: "Move out of bill" }).click();
  await platform.getByLabel("Reason").fill("Checking a duplicate card");
  await platform.getByRole("button", { name: "Confirm" }).click();
  await expect(platform.getByText("The card was moved out of the bill.")).toBeVisible();
  await expect(platform.getByTestId("bill-outstanding")).not.toHaveText(total);
  await billLines(platform).filter({ hasText: disputed }).getByRole("link", { name: "Add back to bill" }).click();
  await platform.getByLabel("Reason").fill("Not a duplicate after all");
  await platform.getByRole("button", { name: "Confirm" }).click();
  await expect(platform.getByText("The card is back in the bill.")).toBeVisible();
  await expect(platform.getByTestId("bill-outstanding")).toHaveText(total);
  await expect(platform.getByText("Card added back by Rohit Mehra")).toBeVisible();
  await expect(platform.getByText("Due: ₹12,000.")).toBeVisible();
  await platform.getByRole("link", { name: "Record annual payment" }).click();
  const confirm = platform.getByRole("dialog", { name: "Confirm" });
  await expect(confirm).toContainText("Record the annual fee of ₹12,000 paid offline?");
  await confirm.getByRole("button", { name: "Ok" }).click();
  await expect(platform.getByText("The annual payment was recorded.")).toBeVisible();
  await expect(platform.getByTestId("annual-state")).toContainText("Paid until");
  await platform.close();

  // Sunrise's admin sees the running bill and the outstanding amount.
  const page = await browser.newPage();
  await loginAs(page, "sunriseAdmin");
  await page.goto(`${SUNRISE_URL}/panel/admin/billing`);
  await expect(page.getByRole("heading", { name: /This month's running bill/ })).toBeVisible();
  await expect(billLines(page).filter({ hasText: kept })).toContainText("₹49");
  const before = await outstandingAmount(page).textContent();

  // Moves the disputed card out: a reason is required.
  await billLines(page).filter({ hasText: disputed }).getByRole("link", { name: "Move out of bill" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("A reason is required.").or(page.getByText("Give a reason (at least 3 characters)."))).toBeVisible();
  await page.getByLabel("Reason").fill("The customer cancelled the same day");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The card was moved out of the bill.")).toBeVisible();
  await expect(billLines(page).filter({ hasText: disputed })).toContainText("Moved out: The customer cancelled the same day");
  await expect(outstandingAmount(page)).not.toHaveText(before ?? "");
  // What is left: the kept card at ₹49 + 18% GST (more if other cards of Sunrise were paid this month).
  const due = (await page.getByTestId("bill-outstanding").textContent())!;
  expect(due).not.toBe("₹0");

  // Pays online through the test gateway.
  await page.getByRole("link", { name: `Pay online ${due}` }).click();
  await expect(page.getByRole("heading", { name: "Month payment" })).toBeVisible();
  await page.getByRole("button", { name: `Pay online ${due}` }).click();
  await expect(page.getByText("Test payment — no money moves").first()).toBeVisible();
  await expect(page.getByText("Month bill")).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await page.getByRole("button", { name: "Continue" }).click(); // JavaScript off: the hand-over is a button
  await expect(page.getByText("Your payment was successful!")).toBeVisible();
  await expect(outstandingAmount(page)).toHaveText("₹0");
  await expect(page.getByTestId("bill-outstanding")).toHaveText("₹0");
  await page.close();
});
