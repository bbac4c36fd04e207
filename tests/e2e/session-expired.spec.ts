import type { Page } from "@playwright/test";
import { accounts, DEMO_PASSWORD, expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * SPEC §8: a session that ends while the user edits shows 'Failed to authenticate user'; Ok
 * leads to sign-in, and signing in brings the user back to the page they were on (ADR 0012).
 * With JavaScript the typed values come back too.
 */

async function cardEditor(page: Page) {
  await loginAs(page, "customer");
  const res = await page.request.post("/api/v1/business", {
    data: { businessName: `Rao Optics ${Math.random().toString(36).slice(2, 8)}`, phoneNumber: "9812345678", createDigitalCard: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { business } = (await res.json()) as { business: { businessId: number } };
  return `/panel/customer/digital-card/basic-details?businessId=${business.businessId}`;
}

async function signInAgain(page: Page) {
  await page.getByLabel("Mobile number").fill(accounts.customer.phoneNumber);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the session ends while editing: the dialog, sign in, back on the editor", async ({ page, context }) => {
      const editor = await cardEditor(page);
      await page.goto(editor);
      if (javaScriptEnabled) {
        await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactProps$")));
      }
      const tagline = page.getByLabel("Tagline", { exact: true });
      await tagline.fill("Eye tests every Sunday");

      // The session ends (another device signed out, or it expired): the cookie is gone.
      await context.clearCookies();
      await page.getByRole("button", { name: "Save", exact: true }).click();

      const dialog = page.getByRole("dialog", { name: "Failed to authenticate user" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Ok" }).click();
      await expect(page).toHaveURL(/\/panel\/login\?redirectTo=/);

      await signInAgain(page);
      await expect(page).toHaveURL(editor);
      await expect(page.getByLabel("Card link", { exact: true })).toBeVisible();
      // With JavaScript the draft comes back; without, the saved (empty) tagline.
      await expect(tagline).toHaveValue(javaScriptEnabled ? "Eye tests every Sunday" : "");
      if (javaScriptEnabled) {
        await expect(page.getByRole("status").filter({ hasText: "We kept what you typed before signing in." })).toBeVisible();
        // The notice sits at the top: Save, at the bottom, can be pressed at once.
        await page.getByRole("button", { name: "Save", exact: true }).click({ timeout: 2000 });
        await expect(page.getByRole("status").filter({ hasText: "Basic details saved." })).toBeVisible();
        await page.reload();
        await expect(tagline).toHaveValue("Eye tests every Sunday");
      }
    });
  });
}

test("opening a panel page signed out goes to sign-in and back; a foreign redirectTo is ignored", async ({ page }) => {
  await page.goto("/panel/customer/account");
  await expect(page).toHaveURL("/panel/login?redirectTo=%2Fpanel%2Fcustomer%2Faccount");
  await signInAgain(page);
  await expect(page).toHaveURL("/panel/customer/account");

  await page.context().clearCookies();
  await page.goto("/panel/login?redirectTo=https%3A%2F%2Fevil.example%2Fpanel%2Fcustomer");
  await signInAgain(page);
  await expect(page).toHaveURL("/panel/customer");
});
