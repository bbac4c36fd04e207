import type { Page } from "@playwright/test";
import { MENUS } from "../support/expected-menus";
import { expect, loginAs, newPassword, openMenu, randomEmail, readOtp, test } from "../support/e2e-fixtures";

/**
 * With JavaScript, navigations are client-side: loaders run through `.data` requests. These
 * tests make sure the pages see the URL the user sees (no `.data`, no `_routes`).
 */

/** Loads `path` and waits until React has hydrated the page (its links navigate client-side). */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactProps$"));
  });
}

/** Fails the test if anything after the first page load is a full document request. */
function forbidDocumentRequests(page: Page) {
  const documents: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "document" && req.frame() === page.mainFrame()) documents.push(req.url());
  });
  return () => expect(documents, "client-side navigations only").toEqual([]);
}

// Admin drawer items whose pages come later: everything but the built ones and the external invitation link.
const BUILT_ADMIN_ITEMS = ["Home", "All Businesses", "Digital Invitation card", "Customer plans & pricing management", "Franchisee List", "Ui Customisation", "Agency Management", "All Projects", "Report", "Category Static Page Management", "Link Store", "Greetings Management", "Video template Management"];
const NOT_BUILT_ADMIN_ITEMS = MENUS.platformAdmin.filter((l) => !BUILT_ADMIN_ITEMS.includes(l));

test("admin: every drawer item that is not built yet opens its placeholder, client-side", async ({ page }) => {
  await loginAs(page, "admin");
  await gotoHydrated(page, "/panel/admin");
  const noDocuments = forbidDocumentRequests(page);
  for (const label of NOT_BUILT_ADMIN_ITEMS) {
    await test.step(label, async () => {
      const drawer = await openMenu(page);
      const loaded = page.waitForResponse((res) => res.url().includes(".data"));
      await drawer.getByRole("link", { name: label, exact: true }).click();
      await loaded;
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
      await expect(main.getByRole("heading", { name: label, exact: true })).toBeVisible();
      await expect(main).toContainText("This part of the panel is not built yet.");
      await expect(main).not.toContainText("Not found");
      await expect(page).toHaveTitle(label);
    });
  }
  noDocuments();
});

test("customer: the Promotional videos home tile opens its page, client-side", async ({ page }) => {
  await loginAs(page, "customer");
  await gotoHydrated(page, "/panel/customer");
  const noDocuments = forbidDocumentRequests(page);
  const main = page.getByRole("main");
  await main.getByRole("link", { name: /Promotional videos/ }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/video-templates/);
  await expect(main.getByRole("heading", { name: "Choose a template" })).toBeVisible();
  await expect(main).not.toContainText("Not found");
  noDocuments();
});

// The sign-in pages ship no JavaScript (ADR 0046): the sign-up is plain page loads, and the
// pages it leads to must still never see React Router's data URLs.
test("a foreign customer's sign-up never shows React Router's `_routes` in the URL", async ({ page }) => {
  const email = randomEmail();
  const password = newPassword();
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });

  await page.goto("/panel/login?foreign=1");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/otp\?foreign=1$/);

  await page.getByRole("textbox", { name: /OTP/i }).fill(await readOtp(email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/panel\/createPassword\?foreign=1$/);

  // Back to the OTP step: its loader sends the verified customer on to create password,
  // keeping the query string.
  await page.goBack();
  await expect(page).toHaveURL(/\/panel\/createPassword\?foreign=1$/);
  await expect(page.getByRole("heading", { name: "Create password" })).toBeVisible();

  // The same data request as React Router sends when some loaders opt out of revalidation
  // (it names the ones to run in `_routes`): the redirect must not carry that parameter.
  const data = await page.request.get("/panel/otp.data?foreign=1&_routes=otp", { maxRedirects: 0 });
  const body = await data.text();
  expect(body).toContain('"/panel/createPassword?foreign=1"');
  expect(body).not.toContain("_routes");

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create password" }).click();
  await expect(page).toHaveURL(/\/panel\/customer$/);
  expect(urls.filter((u) => u.includes("_routes") || u.includes(".data"))).toEqual([]);
});

test("customer: the editor's section tabs navigate client-side; the tab you are on adds no history entry", async ({ page }) => {
  await loginAs(page, "customer");
  await gotoHydrated(page, "/panel/customer/digital-card");
  const noDocuments = forbidDocumentRequests(page);
  const tabs = page.getByRole("navigation", { name: "Card sections" });
  await tabs.getByRole("link", { name: "Basic details" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\/basic-details/);
  await expect(tabs.getByRole("link", { name: "Basic details" })).toHaveAttribute("aria-current", "page");
  const entries = await page.evaluate(() => window.history.length);
  await tabs.getByRole("link", { name: "Basic details" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\/basic-details/);
  expect(await page.evaluate(() => window.history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card(\?|$)/);
  noDocuments();
});
