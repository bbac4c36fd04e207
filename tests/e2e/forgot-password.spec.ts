import { expect, newPassword, openMenu, randomPhone, readOtp, test } from "../support/e2e-fixtures";

test("a customer who forgot the password resets it with an OTP and signs in with the new one", async ({ page, request }) => {
  const phone = randomPhone();
  const oldPassword = newPassword();
  const password = newPassword();

  await test.step("an existing customer (signed up through the API)", async () => {
    expect((await request.post("/api/v1/verifyUser", { data: { phoneNumber: phone } })).ok()).toBe(true);
    expect((await request.post("/api/v1/verifyOtp", { data: { otp: await readOtp(phone) } })).ok()).toBe(true);
    expect((await request.post("/api/v1/createPassword", { data: { password: oldPassword } })).ok()).toBe(true);
  });

  await test.step("'Forgot password?' sends an OTP", async () => {
    await page.goto("/panel/login");
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    const asked = new Date();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/otp\?forgot=1/);
    await page.getByRole("textbox", { name: /OTP/i }).fill(await readOtp(phone, { after: asked }));
    await page.getByRole("button", { name: "Verify" }).click();
  });

  await test.step("the flag is carried through: 'Set a new password'", async () => {
    await expect(page).toHaveURL(/\/panel\/createPassword\?forgot=1/);
    await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create password" }).click();
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
