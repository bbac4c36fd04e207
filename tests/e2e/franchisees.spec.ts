import type { Page } from "@playwright/test";
import { MENUS } from "../support/expected-menus";
import { addStaff } from "../support/e2e-staff";
import { choosePassword, enterOtp, exactLabels, expect, loginAs, menuEntries, newPassword, openMenu, randomPhone, test } from "../support/e2e-fixtures";

/*
 * Franchisee List (ADR 0019): an admin adds a staff member, who sets a password with an OTP at
 * the staff sign-in and sees exactly their role's menu; deactivating them signs them out at
 * once. The form also works without JavaScript on a 360 px phone. Each test adds its own staff.
 */

const LIST = "/panel/admin/franchisees";
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const staffCard = (page: Page, name: string) => page.getByRole("list", { name: "Staff" }).getByRole("listitem").filter({ hasText: name });

test("an admin adds a creator, who sets a password by OTP, sees exactly their menu, and is signed out when deactivated", async ({ page, browser }) => {
  const name = unique("Creator");
  const phone = randomPhone();
  await loginAs(page, "admin");
  await page.goto(LIST);
  await expect(page.getByRole("heading", { name: "Franchisee List", level: 1 })).toBeVisible();
  await expect(staffCard(page, "Rohit Mehra")).toBeVisible();
  await addStaff(page, name, phone, "Creator");
  await expect(page.getByText(`${name} added. They set a password with an OTP at the staff sign-in.`)).toBeVisible();
  await page.getByRole("searchbox").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(staffCard(page, name)).toContainText("No password yet");
  await expect(staffCard(page, name)).toContainText("Creator");

  // The new staff member, in their own browser.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto("/panel/franchisee-login");
  await staff.getByLabel("Mobile number").fill(phone);
  const asked = new Date();
  await staff.getByRole("button", { name: "Continue" }).click();
  await expect(staff).toHaveURL(/\/panel\/franchisee-otp/);
  await enterOtp(staff, phone, { after: asked });
  await expect(staff).toHaveURL(/\/panel\/franchisee-createPassword/);
  await expect(staff.getByRole("heading", { name: "Create password" })).toBeVisible();
  await choosePassword(staff, newPassword());
  await expect(staff).toHaveURL(/\/panel\/admin$/);
  const drawer = await openMenu(staff);
  await expect(menuEntries(drawer)).toHaveText(exactLabels([...MENUS.platformCreator, "Logout"]));
  // The page itself refuses what the menu hides.
  await staff.goto(LIST);
  await expect(staff.getByRole("dialog", { name: "Failed to authenticate user" })).toBeVisible();
  await staff.goto("/panel/admin");

  // The admin deactivates them (after Confirm): their next page is the sign-in.
  await page.reload();
  await expect(staffCard(page, name)).toContainText("Active");
  await page.getByRole("link", { name: `Deactivate ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog).toContainText(`Deactivate ${name}?`);
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText(`${name} was deactivated and signed out.`)).toBeVisible();
  await expect(staffCard(page, name)).toContainText("Inactive");

  await staff.reload();
  await expect(staff).toHaveURL(/\/panel\/franchisee-login/);
  await staffContext.close();
});

test.describe("without JavaScript, on a 360 px phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("an admin adds a staff member (a wrong number is refused first), edits the roles and deactivates them", async ({ page }) => {
    const name = unique("NoJS Staff");
    const phone = randomPhone();
    await loginAs(page, "admin");
    await page.goto(LIST);
    await addStaff(page, name, "12345", "Franchisee with all-card access");
    await expect(page.getByText("A valid phone number is required.")).toBeVisible();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Add staff member" }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible();

    await page.goto(`${LIST}?search=${encodeURIComponent(name)}`);
    await expect(staffCard(page, name)).toContainText("Franchisee with all-card access");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Admin", { exact: true }).check();
    await page.getByLabel("Hide billing").check();
    await page.getByLabel(/^Active/).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await page.goto(`${LIST}?search=${encodeURIComponent(name)}&status=inactive`);
    await expect(staffCard(page, name)).toContainText("Inactive");
    await expect(staffCard(page, name)).toContainText("Admin, Franchisee with all-card access · billing hidden");
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto(`${LIST}?search=nobody-matches-this`);
    await expect(page.getByText("No staff match these filters")).toBeVisible();
  });
});
