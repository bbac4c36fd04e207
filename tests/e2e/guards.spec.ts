import { expect, loginAs, randomPhone, test } from "../support/e2e-fixtures";

test("the customer panel sends a visitor to the customer sign-in", async ({ page }) => {
  await page.goto("/panel/customer");
  await expect(page).toHaveURL(/\/panel\/login/);
  await expect(page.getByLabel("Mobile number")).toBeVisible();
});

test("the admin panel sends a visitor to the staff sign-in", async ({ page }) => {
  await page.goto("/panel/admin");
  await expect(page).toHaveURL(/\/panel\/franchisee-login/);
  await expect(page.getByLabel("Mobile number")).toBeVisible();
});

test("the OTP page without a sign-in in progress goes back to sign-in", async ({ page }) => {
  await page.goto("/panel/otp");
  await expect(page).toHaveURL(/\/panel\/login/);
});

test("create password before the OTP is verified goes to the OTP page", async ({ page }) => {
  // Start a sign-up through the API (the form is covered elsewhere): this browser now has a pending sign-in.
  const res = await page.request.post("/api/v1/verifyUser", { data: { phoneNumber: randomPhone() } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto("/panel/createPassword");
  await expect(page).toHaveURL(/\/panel\/otp/);
  await expect(page.getByRole("button", { name: "Verify" })).toBeVisible();
});

test("an unknown address shows the not-found page", async ({ page }) => {
  const res = await page.goto("/panel/no-such-page-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
});

test("the payment pages are for staff: a visitor goes to the staff sign-in, staff see the page", async ({ page }) => {
  await page.goto("/panel/payment/month-payment");
  await expect(page).toHaveURL(/\/panel\/franchisee-login/);
  await loginAs(page, "admin");
  await page.goto("/panel/payment/agency-image-payment");
  await expect(page.getByRole("heading", { name: "Agency image payment" })).toBeVisible();
});

test("a customer opening a payment page goes to the customer panel", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/payment/month-payment");
  await expect(page).toHaveURL(/\/panel\/customer$/);
});
