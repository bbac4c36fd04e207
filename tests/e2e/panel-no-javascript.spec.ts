import { expect, loginAs, test } from "../support/e2e-fixtures";

test.use({ javaScriptEnabled: false });

test("without JavaScript the drawer opens and Logout signs out", async ({ page }) => {
  await loginAs(page, "foreignCustomer");
  await page.goto("/panel/customer");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("foreign@example.com");
  await drawer.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/panel\/login$/);
  await page.goto("/panel/customer");
  // Signed out, the page asked for is kept so that signing in comes back to it.
  await expect(page).toHaveURL(/\/panel\/login\?redirectTo=%2Fpanel%2Fcustomer$/);
});

test("without JavaScript a customer switches the active business with the 'Switch' button", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer");
  const selector = page.getByLabel("Business");
  const start = await selector.locator("option:checked").textContent();
  const other = (await selector.locator("option").allTextContents()).find((name) => name !== start)!;
  await selector.selectOption({ label: other });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByText("Switched business.")).toBeVisible();
  await expect(page.getByLabel("Business").locator("option:checked")).toHaveText(other);
  // Put it back for the other tests that use this customer.
  await page.getByLabel("Business").selectOption({ label: start! });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByLabel("Business").locator("option:checked")).toHaveText(start!);
});
