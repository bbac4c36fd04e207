import type { Page } from "@playwright/test";
import { choosePassword, enterOtp, expect, newPassword, openMenu, randomEmail, randomPhone, test } from "../support/e2e-fixtures";

/** The two ways a new customer identifies: an Indian mobile number, or an email from abroad. */
const ways = [
  { who: "by mobile number", field: "Mobile number", identifier: randomPhone, useEmail: false },
  { who: "outside India, by email", field: "Email", identifier: randomEmail, useEmail: true },
];

async function identify(page: Page, way: (typeof ways)[number], identifier: string) {
  if (way.useEmail) {
    await page.getByRole("link", { name: "Outside India? Use your email" }).click();
    await expect(page).toHaveURL(/\/panel\/login\?foreign=1/);
  }
  await page.getByLabel(way.field).fill(identifier);
  await page.getByRole("button", { name: "Continue" }).click();
}

for (const way of ways) {
  test(`a new customer signs up ${way.who}, logs out and signs back in`, async ({ page }) => {
    const identifier = way.identifier();
    const password = newPassword();

    await test.step("enter a new number or address", async () => {
      await page.goto("/panel/login");
      await identify(page, way, identifier);
      await expect(page).toHaveURL(/\/panel\/otp/);
    });

    await test.step("type the OTP that was sent", async () => {
      await enterOtp(page, identifier);
      await expect(page).toHaveURL(/\/panel\/createPassword/);
    });

    await test.step("create a password and land in the customer panel", async () => {
      await choosePassword(page, password);
      await expect(page).toHaveURL(/\/panel\/customer/);
    });

    await test.step("the menu says who is signed in; logout", async () => {
      const drawer = await openMenu(page);
      await expect(drawer).toContainText("Logged in as");
      await expect(drawer).toContainText(identifier);
      await drawer.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/panel\/login$/);
    });

    await test.step("sign back in with the password", async () => {
      await identify(page, way, identifier);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/panel\/customer/);
    });
  });
}
