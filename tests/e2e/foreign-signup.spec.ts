import { expect, newPassword, openMenu, randomEmail, readOtp, test } from "../support/e2e-fixtures";

test("a customer outside India signs up by email, logs out and signs back in", async ({ page }) => {
  const email = randomEmail();
  const password = newPassword();

  await test.step("switch to email and enter a new address", async () => {
    await page.goto("/panel/login");
    await page.getByRole("link", { name: "Outside India? Use your email" }).click();
    await expect(page).toHaveURL(/\/panel\/login\?foreign=1/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/otp/);
  });

  await test.step("type the OTP that was emailed", async () => {
    const otp = await readOtp(email);
    await page.getByRole("textbox", { name: /OTP/i }).fill(otp);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/panel\/createPassword/);
  });

  await test.step("create a password", async () => {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create password" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
  });

  await test.step("the menu shows the email, then logout", async () => {
    const drawer = await openMenu(page);
    await expect(drawer).toContainText("Logged in as");
    await expect(drawer).toContainText(email);
    await drawer.getByRole("button", { name: "Logout" }).or(drawer.getByRole("link", { name: "Logout" })).click();
    await expect(page).toHaveURL(/\/panel\/login$/);
  });

  await test.step("sign back in by email and password", async () => {
    await page.getByRole("link", { name: "Outside India? Use your email" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
  });
});
