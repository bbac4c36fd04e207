import type { Page } from "@playwright/test";
import { accounts, DEMO_PASSWORD, enterOtp, expect, newPassword, randomPhone, signUp, test } from "../support/e2e-fixtures";

// Every sign-in screen must work as plain HTML forms (progressive enhancement).
test.use({ javaScriptEnabled: false });

/** A sign-in page's first step: the mobile number, then Continue. */
async function continueWith(page: Page, loginPath: string, phone: string) {
  await page.goto(loginPath);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a new customer signs up by phone without JavaScript", async ({ page }) => {
  await signUp(page);
});

test("an existing customer signs in with a password without JavaScript", async ({ page }) => {
  await continueWith(page, "/panel/login", accounts.customer.phoneNumber);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/panel\/customer/);
});

test("staff sign in without JavaScript", async ({ page }) => {
  await continueWith(page, "/panel/franchisee-login", accounts.admin.phoneNumber);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/panel\/admin/);
});

test("a wrong password is refused with a clear message, and the password is not sent back", async ({ page }) => {
  const wrong = `not-the-password-${Math.random().toString(36).slice(2, 10)}`;
  await continueWith(page, "/panel/login", accounts.customer.phoneNumber);
  await page.getByLabel("Password", { exact: true }).fill(wrong);
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/panel/login"));
  await page.getByRole("button", { name: "Sign in" }).click();
  const html = await (await answered).text();
  await expect(page.getByText("Incorrect phone number or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/login/);
  expect(html).not.toContain(wrong);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("staff: a wrong password is not sent back in the page", async ({ page }) => {
  const wrong = `not-the-password-${Math.random().toString(36).slice(2, 10)}`;
  await continueWith(page, "/panel/franchisee-login", accounts.admin.phoneNumber);
  await page.getByLabel("Password", { exact: true }).fill(wrong);
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/panel/franchisee-login"));
  await page.getByRole("button", { name: "Sign in" }).click();
  const html = await (await answered).text();
  await expect(page.getByText(/incorrect/i)).toBeVisible();
  expect(html).not.toContain(wrong);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("create password: a mismatch is refused and neither password is sent back", async ({ page }) => {
  const phone = randomPhone();
  const password = newPassword();
  const other = newPassword();
  await continueWith(page, "/panel/login", phone);
  await enterOtp(page, phone);
  await expect(page).toHaveURL(/\/panel\/createPassword/);

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(other);
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/panel/createPassword"));
  await page.getByRole("button", { name: "Create password" }).click();
  const html = await (await answered).text();
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  expect(html).not.toContain(password);
  expect(html).not.toContain(other);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Confirm password")).toHaveValue("");
});

test("an invalid phone number is refused with a clear message", async ({ page }) => {
  await continueWith(page, "/panel/login", "12345");
  await expect(page.getByText("A valid phone number is required.")).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/login/);
});

/** Scripts a page would make a phone download: every <script src> and module preload, and the inline ones' size. */
function scriptsIn(html: string) {
  return {
    bundles: [...html.matchAll(/<script[^>]*\ssrc=|<link[^>]*rel="modulepreload"/g)].length,
    inlineBytes: [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0),
  };
}

test("the sign-in pages ship no JavaScript bundle, only a small inline script (ADR 0046)", async ({ page }) => {
  const pages = ["/panel/login", "/panel/login?foreign=1", "/panel/login?forgot=1", "/panel/franchisee-login"];
  const phone = randomPhone();
  // A sign-up in progress (this page's cookies): the OTP step, then create password.
  expect((await page.request.post("/api/v1/verifyUser", { data: { phoneNumber: phone } })).ok()).toBe(true);
  const check = async (path: string) => {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(scriptsIn(await res.text()), path).toEqual({ bundles: 0, inlineBytes: expect.any(Number) });
    expect(scriptsIn(await res.text()).inlineBytes, path).toBeLessThan(1200);
  };
  for (const path of pages) await check(path);
  await check("/panel/otp");
  await page.goto("/panel/otp");
  await enterOtp(page, phone);
  await expect(page).toHaveURL(/\/panel\/createPassword/);
  await check("/panel/createPassword");
});
