import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * Admin Home (issue 9): the agency's numbers, the months chart (an SVG with a table beside it)
 * and the notifications, in the top bar and on Home, marked read with or without JavaScript.
 * Each notification test makes its own business (a new customer's), so tests do not meet.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new customer registers a business: the agency's staff get a "New business" notice. */
async function customerAddsBusiness(playwright: PlaywrightWorkerArgs["playwright"], name: string) {
  const customer = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(customer);
  const res = await customer.post("/api/v1/business", { data: { businessName: name } });
  expect(res.status(), await res.text()).toBe(200);
  await customer.dispose();
}

const homeNotices = (page: Page) => page.getByRole("main").getByRole("list", { name: "Notifications" });

test.describe("desktop", () => {
  test("the numbers, the chart with its table, and a new business in the top bar's notifications", async ({ page, playwright }) => {
    const name = unique("Home Notice");
    await customerAddsBusiness(playwright, name);
    await loginAs(page, "admin");
    await page.goto("/panel/admin");
    const numbers = page.getByRole("region", { name: "Numbers" });
    for (const label of ["Businesses", "Active cards", "Expiring soon", "Expired", "Payments this month", "Enquiries"]) {
      await expect(numbers.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(numbers.getByText(/^₹[\d,]+(\.\d\d)?$/)).toBeVisible();
    // The chart: an image with a name, a <title> per bar, the same numbers as a table.
    const chart = page.getByRole("img", { name: /Cards sold and renewals due/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect title")).toHaveCount(30);
    await page.getByText("Show the numbers as a table").click();
    await expect(page.getByRole("table", { name: "Cards sold and renewals due per month" }).getByRole("row")).toHaveCount(16);

    // The bell: opens without a click handler (a <details>), lists the new business, leads to it.
    await page.getByLabel(/^Notifications, \d+ unread$/).click();
    const bar = page.getByRole("banner").getByRole("list", { name: "Notifications" });
    const item = bar.getByRole("listitem").filter({ hasText: `New business: ${name}` });
    await expect(item).toBeVisible();
    await expect(item).toContainText("Registered by the customer");
    await item.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
  });

  test("mark as read from Home: the notice stays, read, and the unread count drops", async ({ page, playwright }) => {
    const name = unique("Read Notice");
    await customerAddsBusiness(playwright, name);
    await loginAs(page, "admin");
    await page.goto("/panel/admin");
    const item = homeNotices(page).getByRole("listitem").filter({ hasText: `New business: ${name}` });
    await expect(item).toHaveAttribute("data-read", "false");
    await item.getByRole("button", { name: `Mark as read: New business: ${name}` }).click();
    await expect(page.getByText("Marked as read.")).toBeVisible();
    await expect(page).toHaveURL(/\/panel\/admin$/);
    await expect(item).toHaveAttribute("data-read", "true");
    await expect(item.getByRole("button")).toHaveCount(0);
  });

  test("all notifications: a page of its own", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin");
    await page.getByRole("main").getByRole("link", { name: "All notifications" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    await expect(page.getByRole("main").getByRole("list", { name: "Notifications" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bell opens and a notice is marked read by a plain form post", async ({ page, playwright }) => {
    const name = unique("NoJS Notice");
    await customerAddsBusiness(playwright, name);
    await loginAs(page, "admin");
    await page.goto("/panel/admin/businesses");
    await page.getByRole("banner").locator("summary[aria-label^=Notifications]").click();
    const item = page.getByRole("banner").getByRole("listitem").filter({ hasText: `New business: ${name}` });
    await item.getByRole("button", { name: /^Mark as read/ }).click();
    // Back on the page it was posted from, with the snackbar.
    await expect(page).toHaveURL(/\/panel\/admin\/businesses$/);
    await expect(page.getByText("Marked as read.")).toBeVisible();
    await page.goto("/panel/admin/notifications");
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: `New business: ${name}` })).toHaveAttribute("data-read", "true");
  });
});

test.describe("360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("Home fits a phone; so does the notification panel", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin");
    await expect(page.getByRole("img", { name: /Cards sold and renewals due/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("banner").locator("summary[aria-label^=Notifications]").click();
    await expect(page.getByRole("banner").getByRole("link", { name: "All notifications" })).toBeInViewport();
  });

  test("a franchisee's Home: their own numbers, no other franchisee's notices", async ({ page }) => {
    await loginAs(page, "franchisee");
    await page.goto("/panel/admin");
    await expect(page.getByRole("region", { name: "Numbers" }).getByText("Businesses", { exact: true })).toBeVisible();
    await expect(homeNotices(page).getByText(/New business: (Home|Read|NoJS) Notice/)).toHaveCount(0);
  });
});
