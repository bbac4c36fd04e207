import { BASE_URL, expect, randomPhone, test } from "../support/e2e-fixtures";
import { accounts, DEMO_PASSWORD, loginAs } from "../support/e2e-fixtures";

/*
 * Franchisee commissions (ADR 0069) with JavaScript off: an admin sets the seeded franchisee's
 * commission from the Franchisee List, a business that franchisee made is paid for (through the
 * API, as the admin's manual payment), the month's statement shows its line and the admin marks
 * the month paid. Then the failed-messages page is reachable from Notifications.
 */

test.use({ javaScriptEnabled: false });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("an admin sets a franchisee's commission, a sale shows on the statement, and the month is marked paid", async ({ page, playwright }) => {
  // The franchisee registers a customer and makes their business (madeByFranchiseeId).
  const franchisee = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await franchisee.post("/api/v1/franchisee/login", { data: { phoneNumber: accounts.franchisee.phoneNumber, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const reg = await franchisee.post("/api/v1/business/registerUserAndGetBusinesses", { data: { phoneNumber: randomPhone() } });
  expect(reg.status(), await reg.text()).toBe(200);
  const { user } = (await reg.json()) as { user: { userId: number } };
  const name = unique("Commission Shop");
  const made = await franchisee.post("/api/v1/business", { data: { businessName: name, userId: user.userId } });
  expect(made.status(), await made.text()).toBe(200);
  const { business } = (await made.json()) as { business: { businessId: number } };
  await franchisee.dispose();

  await loginAs(page, "admin");
  await page.goto("/panel/admin/franchisees");
  await page.getByRole("link", { name: "Commissions", exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/franchisees\/commissions$/);
  await page.getByRole("link", { name: "Statement: Arjun Singh" }).click();
  await expect(page.getByRole("heading", { name: "Arjun Singh" })).toBeVisible();

  // A wrong value is refused on its field (the server's check: no JavaScript here).
  await page.getByLabel("Kind of commission").selectOption("percent");
  await page.getByLabel("Percent or amount in ₹").fill("150");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a percentage from 0 to 100, like 10 or 12.5.")).toBeVisible();

  await page.getByLabel("Kind of commission").selectOption("fixed");
  await page.getByLabel("Percent or amount in ₹").fill("150");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Commission saved.")).toBeVisible();
  await expect(page.getByText("Rate: ₹150 per payment")).toBeVisible();

  // The sale: the admin records a cash payment for the franchisee's business.
  const plans = await page.request.get(`/api/v1/business/subscription-plan?businessId=${business.businessId}`);
  expect(plans.status()).toBe(200);
  const planId = ((await plans.json()) as { list: { subscriptionPlanId: number; name: string }[] }).list.find((p) => p.name === "Basic")!.subscriptionPlanId;
  const paid = await page.request.post("/api/v1/card-payment", { data: { businessId: business.businessId, planId, isManualUpdate: true, paymentMethod: "cash" } });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.reload();
  const line = page.getByRole("list", { name: "Lines" }).getByRole("listitem").filter({ hasText: name });
  await expect(line).toContainText("Sale");
  await expect(line).toContainText("₹150");
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeVisible();

  await page.getByLabel("Reference (optional)").fill("UPI 7788");
  await page.getByRole("button", { name: /^Mark as paid/ }).click();
  await expect(page.getByText(/Payout of ₹[\d,.]+ marked\./)).toBeVisible();
  await expect(page.getByTestId("commission-payout")).toContainText("UPI 7788");
  await expect(page.getByRole("button", { name: /^Mark as paid/ })).toHaveCount(0);

  // The dead-letter list is one link away from Notifications (admins).
  await page.goto("/panel/admin/notifications");
  await page.getByRole("link", { name: "Messages not sent" }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/failed-messages$/);
  await expect(page.getByText(/Messages that failed every attempt/)).toBeVisible();
});

test("a franchisee opens their own statement from Home, read-only; another franchisee's is not theirs to see", async ({ page }) => {
  await loginAs(page, "franchisee");
  await page.goto("/panel/admin");
  await page.getByRole("link", { name: "Your commission statement" }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/franchisees\/\d+\/commissions$/);
  await expect(page.getByRole("heading", { name: "Arjun Singh" })).toBeVisible();
  await expect(page.getByText("Only your agency's admins change the rate or mark payouts.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Mark as paid/ })).toHaveCount(0);

  // Someone else's statement, by changing the number in the address: not found.
  const own = Number(/franchisees\/(\d+)\//.exec(page.url())![1]);
  const res = await page.goto(`/panel/admin/franchisees/${own === 1 ? 2 : 1}/commissions`);
  expect(res?.status()).toBe(404);
});
