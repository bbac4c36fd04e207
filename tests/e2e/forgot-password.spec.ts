import { choosePassword, enterOtp, expect, newPassword, openMenu, signUpByApi, test } from "../support/e2e-fixtures";

test("a customer who forgot the password resets it with an OTP and signs in with the new one", async ({ page, request }) => {
  const oldPassword = newPassword();
  const password = newPassword();
  const phone = await test.step("an existing customer (signed up through the API)", () => signUpByApi(request, oldPassword));

  await test.step("'Forgot password?' sends an OTP", async () => {
    await page.goto("/panel/login");
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    const asked = new Date();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/otp\?forgot=1/);
    await enterOtp(page, phone, { after: asked });
  });

  await test.step("the flag is carried through: 'Set a new password'", async () => {
    await expect(page).toHaveURL(/\/panel\/createPassword\?forgot=1/);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await choosePassword(page, password, "Save new password");
    await expect(page).toHaveURL(/\/panel\/customer/);
  });

  await test.step("the old password no longer works, the new one does", async () => {
    const drawer = await openMenu(page);
    await drawer.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/panel\/login$/);
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(oldPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Incorrect phone number or password.")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
  });
});
