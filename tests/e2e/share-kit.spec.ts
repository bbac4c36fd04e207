import fs from "node:fs";
import { accounts, DEMO_PASSWORD, expect, loginAs, openMenu, test } from "../support/e2e-fixtures";

/*
 * The offline share kit (ADR 0062-0064): the owner opens it from the drawer, downloads the A6
 * counter poster and sees the Save to Google Wallet link; links only, so without JavaScript too.
 * Then the installable panel: the worker the sign-in page registers serves the offline page.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner downloads the counter poster and sees the Wallet link", async ({ page }) => {
      await loginAs(page, "customer");
      await page.goto("/panel/customer");
      const drawer = await openMenu(page);
      await drawer.getByRole("link", { name: "Offline share kit", exact: true }).click();
      await expect(page).toHaveURL(/\/panel\/customer\/share-kit$/);
      await expect(page).toHaveTitle("Offline share kit");
      await expect(page.getByRole("heading", { name: "Works on any phone, even without internet" })).toBeVisible();
      await expect(page.getByRole("img", { name: "QR code with your contact" })).toBeVisible();
      await expect(page.getByRole("img", { name: "UPI payment QR code" })).toBeVisible();

      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download the counter poster (A6 PDF)" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("sharma-sweets-poster.pdf");
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

      const wallet = page.getByRole("link", { name: "Save to Google Wallet" });
      await expect(wallet).toHaveAttribute("href", /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    });
  });
}

test.describe("installed panel", () => {
  test.use({ serviceWorkers: "allow" });

  test("signing in installs the worker; offline, the panel shows the offline page and a card opened before still opens", async ({ page, context }) => {
    await page.goto("/panel/login");
    // The sign-in page's script registers the worker, which claims the page once active (sw.js).
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      return new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }));
    });
    expect(controlled).toBe(true);
    await page.getByLabel("Mobile number").fill(accounts.customer.phoneNumber);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/api/v1/web-app/manifest.webmanifest");

    await page.goto("/sharma-sweets");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sharma Sweets");
    // The offline kit is on the card, folded; the card itself has no script and no manifest.
    await expect(page.getByText("Save or pay without internet")).toBeVisible();
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

    await context.setOffline(true);
    await page.goto("/panel/customer/receipts");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await page.goto("/sharma-sweets");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sharma Sweets");
    await context.setOffline(false);
  });
});
