import { expect, newPassword, openMenu, randomPhone, readOtp, test } from "../support/e2e-fixtures";

test("a new customer signs up by mobile number, logs out and signs back in", async ({ page }) => {
  const phone = randomPhone();
  const password = newPassword();

  await test.step("enter a new mobile number", async () => {
    await page.goto("/panel/login");
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/otp/);
  });

  await test.step("type the OTP that was sent", async () => {
    const otp = await readOtp(phone);
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

  await test.step("the menu says who is signed in", async () => {
    const drawer = await openMenu(page);
    await expect(drawer).toContainText("Logged in as");
    await expect(drawer).toContainText(phone);
    await drawer.getByRole("button", { name: "Logout" }).or(drawer.getByRole("link", { name: "Logout" })).click();
    await expect(page).toHaveURL(/\/panel\/login$/);
  });

  await test.step("sign back in with the new password", async () => {
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
  });
});
