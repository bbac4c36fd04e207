import { expect, loginAs, randomEmail, randomPhone, test } from "../support/e2e-fixtures";

/* Texts a new user stumbled over (ADR 0012), at 360 px where it matters. */
test.use({ viewport: { width: 360, height: 740 } });

test("the code page fits the identifier: 'Wrong email?' goes back to the email sign-in", async ({ page }) => {
  await page.goto("/panel/login?foreign=1");
  await page.getByLabel("Email").fill(randomEmail());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/otp\?foreign=1/);
  await expect(page.getByText("Wrong email?")).toBeVisible();
  await expect(page.getByText("Wrong number?")).toHaveCount(0);
  await page.getByRole("link", { name: "Start again" }).click();
  await expect(page).toHaveURL(/\/panel\/login\?foreign=1$/);
  await expect(page.getByLabel("Email")).toBeVisible();
});

test.describe("the resend countdown", () => {
  async function toOtp(page: import("@playwright/test").Page) {
    await page.goto("/panel/login");
    await page.getByLabel("Mobile number").fill(randomPhone());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/otp/);
    await expect(page.getByText("Wrong number?")).toBeVisible();
  }
  const seconds = async (page: import("@playwright/test").Page) =>
    Number((await page.getByText(/^You can ask for a new OTP in \d+ seconds?\.$/).textContent())!.match(/\d+/)![0]);

  // The page ships no bundle: its few hundred bytes of inline script do the ticking (ADR 0046).
  test("with JavaScript it ticks and the button waits", async ({ page }) => {
    await toOtp(page);
    const first = await seconds(page);
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect(page.getByRole("button", { name: "Resend OTP" })).toBeDisabled();
    await expect.poll(() => seconds(page), { timeout: 5000 }).toBeLessThan(first);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the wait is stated; pressing early gets the API's message", async ({ page }) => {
      await toOtp(page);
      expect(await seconds(page)).toBeGreaterThan(20);
      await page.getByRole("button", { name: "Resend OTP" }).click();
      await expect(page.getByText(/^Please wait \d+ seconds before asking for a new OTP\.$/)).toBeVisible();
    });
  });
});

test("one name for the staff sign-in, on the page and on the link to it", async ({ page }) => {
  await page.goto("/panel/login");
  await page.getByRole("link", { name: "Staff sign-in" }).click();
  await expect(page).toHaveURL(/\/panel\/franchisee-login$/);
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  await expect(page).toHaveTitle("Staff sign-in");
  await expect(page.getByText("Franchisee sign-in")).toHaveCount(0);
});

test("a name ending in s: \"Sharma Sweets' digital card\" in the WhatsApp message", async ({ page }) => {
  await page.goto("/sharma-sweets");
  const href = decodeURIComponent((await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href"))!);
  expect(href).toContain("Sharma Sweets' digital card:");
  expect(href).not.toContain("Sweets's");
});

test("the top bar's title is whole at 360 px", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer/digital-card");
  const title = page.getByRole("banner").getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Digital business card");
  const clipped = await title.evaluate((h) => h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight);
  expect(clipped).toBe(false);
});
