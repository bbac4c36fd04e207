import type { Page } from "@playwright/test";
import { choosePassword, enterOtp, expect, loginAs, newPassword, openMenu, PORT, randomPhone, SUNRISE_URL, test } from "../support/e2e-fixtures";

/*
 * Agency Management (issue 9, ADR 0018): the platform's admin lists agencies, creates one on its
 * own *.localhost domain with the whole configuration, checks the domain (a *.localhost name is
 * this machine, so the check reaches this server), adds its admin, who sets a password by OTP on
 * that domain; edits the configuration; the same create without JavaScript; 360 px; and staff
 * the menu hides it from are refused. Each test makes agencies of its own.
 */

const LIST = "/panel/admin/agency-management";
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The switch (role=switch) labelled `name`, in the form. */
const switchNamed = (page: Page, name: string) => page.getByRole("switch", { name });

async function fillNewAgency(page: Page, o: { name: string; host: string }) {
  await page.getByLabel("Agency name", { exact: true }).fill(o.name);
  await page.getByLabel("Domain", { exact: true }).fill(o.host);
  await page.getByLabel("Invitation site link", { exact: true }).fill(`https://invite.${o.host.replace(/\.localhost$/, ".example.in")}/`);
  await switchNamed(page, "PDF ID card product").check();
  await page.getByLabel("Plan 1 price (₹), id 1", { exact: true }).fill("149");
  await switchNamed(page, "Promotional video product").check();
  await page.getByLabel("Price per video (₹)", { exact: true }).fill("249.50");
  await switchNamed(page, "Online payment").check();
  await page.getByLabel("Franchisees", { exact: true }).check();
  await page.getByLabel("Trial days", { exact: true }).fill("10");
}

/** The saved agency's form shows what was entered. */
async function expectSavedConfiguration(page: Page, host: string) {
  await expect(page.getByLabel("Domain", { exact: true })).toHaveValue(host);
  await expect(switchNamed(page, "Image posts")).toBeChecked();
  await expect(switchNamed(page, "PDF ID card product")).toBeChecked();
  await expect(page.getByLabel("Plan 1 price (₹), id 1", { exact: true })).toHaveValue("149");
  await expect(page.getByLabel("Price per video (₹)", { exact: true })).toHaveValue("249.50");
  await expect(switchNamed(page, "Online payment")).toBeChecked();
  await expect(page.getByLabel("Franchisees", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Creators", { exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Trial days", { exact: true })).toHaveValue("10");
}

test.describe("with JavaScript", () => {
  test("the superadmin creates an agency with its admin and domain; the admin sets a password by OTP on that domain", async ({ page, browser }) => {
    const host = `acme-${suffix()}.localhost`;
    const name = `Acme Cards ${suffix()}`;
    const adminPhone = randomPhone();
    await loginAs(page, "admin");

    await test.step("the list shows the agencies, and Add agency opens the form", async () => {
      await page.goto(LIST);
      await expect(page.getByRole("heading", { name: "Agency Management" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Agencies" })).toContainText("Sunrise Media");
      await page.getByRole("link", { name: "Add agency" }).click();
      await expect(page).toHaveURL(/\?new=1$/);
    });

    await test.step("a bad domain is refused on its field", async () => {
      await page.getByLabel("Agency name", { exact: true }).fill(name);
      await page.getByLabel("Domain", { exact: true }).fill("not a domain");
      await page.getByRole("button", { name: "Create agency" }).click();
      await expect(page.getByText("Enter a domain like cards.example.com")).toBeVisible();
    });

    await test.step("the whole configuration, created", async () => {
      await fillNewAgency(page, { name, host });
      await page.getByRole("button", { name: "Create agency" }).click();
      await expect(page).toHaveURL(/\/panel\/admin\/agency-management\/\d+$/);
      await expect(page.getByText(`${name} created.`)).toBeVisible();
      await expectSavedConfiguration(page, host);
    });

    await test.step("the domain check reaches this server: Active", async () => {
      await expect(page.getByText("HTTPS: Not checked")).toBeVisible();
      await page.getByRole("button", { name: "Check domain" }).click();
      await expect(page.getByText(`${host} reaches us: HTTPS is on.`)).toBeVisible();
      await expect(page.getByText("HTTPS: Active")).toBeVisible();
      await expect(page.getByRole("button", { name: "Check again" })).toBeVisible();
    });

    await test.step("its admin", async () => {
      await page.getByLabel("Admin name", { exact: true }).fill("Asha Verma");
      await page.getByLabel("Admin mobile number", { exact: true }).fill(adminPhone);
      await page.getByRole("button", { name: "Add admin" }).click();
      await expect(page.getByText("Asha Verma is the agency's admin.")).toBeVisible();
      await expect(page.getByText(`Asha Verma, ${adminPhone}`)).toBeVisible();
    });

    await test.step("the list finds it by domain", async () => {
      await page.goto(`${LIST}?search=${host}`);
      const list = page.getByRole("list", { name: "Agencies" });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list).toContainText(name);
      await expect(list).toContainText("HTTPS: Active");
      await expect(list.getByRole("link", { name: `Billing of ${name}` })).toHaveAttribute("href", /\/panel\/admin\/agency-management\/\d+\/billing$/);
    });

    await test.step("the admin signs in on the agency's own domain: OTP, password, an admin's menu without Agency Management", async () => {
      const context = await browser.newContext({ baseURL: `http://${host}:${PORT}` });
      const adminPage = await context.newPage();
      await adminPage.goto("/panel/franchisee-login");
      await adminPage.getByLabel("Mobile number", { exact: true }).fill(adminPhone);
      await adminPage.getByRole("button", { name: "Continue" }).click();
      await expect(adminPage).toHaveURL(/\/panel\/franchisee-otp/);
      await enterOtp(adminPage, adminPhone);
      await expect(adminPage).toHaveURL(/\/panel\/franchisee-createPassword/);
      // A staff account without a password yet: the OTP leads to "Create password" (ADR 0019).
      await expect(adminPage.getByRole("heading", { name: "Create password" })).toBeVisible();
      await choosePassword(adminPage, newPassword());
      await expect(adminPage).toHaveURL(/\/panel\/admin$/);
      const drawer = await openMenu(adminPage);
      await expect(drawer.getByRole("link", { name: "Franchisee List" })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "Billing" })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "Agency Management" })).toHaveCount(0);
      await context.close();
    });
  });

  test("edits an agency's configuration: products off and on, the invitation link cleared", async ({ page }) => {
    const host = `edit-${suffix()}.localhost`;
    await loginAs(page, "admin");
    await page.goto(`${LIST}?new=1`);
    await fillNewAgency(page, { name: `Edit Agency ${suffix()}`, host });
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page).toHaveURL(/\/agency-management\/\d+$/);

    await switchNamed(page, "Image posts").uncheck();
    // Options under a switched-off product hide with it.
    await expect(switchNamed(page, "Video posts included")).toBeHidden();
    await switchNamed(page, "Promotional video product").uncheck();
    await page.getByLabel("Invitation site link", { exact: true }).fill("");
    await page.getByLabel("Plan 1 price (₹), id 1", { exact: true }).fill("199");
    await page.getByLabel("New plan price (₹)", { exact: true }).fill("299");
    await switchNamed(page, "Invitation tile on the customer's home").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/ saved\.$/)).toBeVisible();

    await page.reload();
    await expect(switchNamed(page, "Image posts")).not.toBeChecked();
    await expect(switchNamed(page, "Promotional video product")).not.toBeChecked();
    await expect(page.getByLabel("Invitation site link", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Plan 1 price (₹), id 1", { exact: true })).toHaveValue("199");
    await expect(page.getByLabel("Plan 2 price (₹), id 2", { exact: true })).toHaveValue("299");
    await expect(switchNamed(page, "Invitation tile on the customer's home")).toBeChecked();
  });

  test("staff the menu hides it from are refused by the page too", async ({ page }) => {
    await loginAs(page, "creator");
    await page.goto(LIST);
    await expect(page.getByRole("dialog", { name: "Failed to authenticate user" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Agencies" })).toHaveCount(0);
  });

  test("another agency's admin is refused on their own domain", async ({ page }) => {
    await loginAs(page, "sunriseAdmin");
    await page.goto(`${SUNRISE_URL}${LIST}`);
    await expect(page.getByRole("dialog", { name: "Failed to authenticate user" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the superadmin creates an agency and edits it with plain forms", async ({ page }) => {
    const host = `nojs-${suffix()}.localhost`;
    const name = `No Script Agency ${suffix()}`;
    await loginAs(page, "admin");
    await page.goto(LIST);
    await page.getByRole("link", { name: "Add agency" }).click();

    // The server's own check answers the same messages.
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page.getByText("Agency name is required.")).toBeVisible();

    await fillNewAgency(page, { name, host });
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page).toHaveURL(/\/agency-management\/\d+$/);
    await expect(page.getByText(`${name} created.`)).toBeVisible();
    await expectSavedConfiguration(page, host);

    await page.getByLabel("Trial days", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await expect(page.getByLabel("Trial days", { exact: true })).toHaveValue("30");

    await page.getByRole("button", { name: "Check domain" }).click();
    await expect(page.getByText("HTTPS: Active")).toBeVisible();

    // Billing (ADR 0023): rupees in, paise stored; a bad GST is refused by the server on its field.
    await page.getByLabel("Price per card (₹)", { exact: true }).fill("49.50");
    await page.getByLabel("Annual fee (₹)", { exact: true }).fill("12000");
    await page.getByLabel("GST (%)", { exact: true }).fill("101");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("GST can be at most 100%.")).toBeVisible();
    await page.getByLabel("GST (%)", { exact: true }).fill("12");
    await page.getByLabel("Grace days", { exact: true }).fill("15");
    await page.getByLabel("Offline payment instructions", { exact: true }).fill("UPI: nojs@upi");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await expect(page.getByLabel("Price per card (₹)", { exact: true })).toHaveValue("49.50");
    await expect(page.getByLabel("Annual fee (₹)", { exact: true })).toHaveValue("12000");
    await expect(page.getByLabel("GST (%)", { exact: true })).toHaveValue("12");
    await expect(page.getByLabel("Grace days", { exact: true })).toHaveValue("15");
    await expect(page.getByLabel("Offline payment instructions", { exact: true })).toHaveValue("UPI: nojs@upi");
    // The agency's Billing page bills what was set.
    await page.getByRole("link", { name: "Billing: bills and payments" }).click();
    await expect(page).toHaveURL(/\/agency-management\/\d+\/billing/);
    await expect(page.getByTestId("annual-state")).toContainText("Due: ₹12,000");
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the list and the agency form fit the screen", async ({ page }) => {
    await loginAs(page, "admin");
    for (const path of [LIST, `${LIST}?new=1`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Agency Management" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${LIST}?search=Sunrise`);
    await page.getByRole("link", { name: "Open Sunrise Media" }).click();
    await expect(page.getByRole("heading", { name: "Domain and HTTPS" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), "an agency's page").toBeLessThanOrEqual(0);
  });
});

