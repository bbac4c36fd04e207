import type { Browser, Page } from "@playwright/test";
import { choosePassword, enterOtp, exactLabels, expect, loginAs, menuEntries, newPassword, openMenu, PORT, randomPhone, test } from "../support/e2e-fixtures";
import { addStaff, downloadReport, selectPlan } from "../support/e2e-staff";

/*
 * The issue-9 journey, as new users would take it (ADR 0018 appendix): the platform's admin
 * creates an agency on its own *.localhost domain with its admin, checks the domain (Active) and
 * brands it; that admin signs in on the agency's host (OTP → Create password) and sees the
 * branding, adds a plan and a franchisee (who sets a password by OTP and sees exactly their
 * menu), registers a customer and a business, records a manual payment ('Select Plan') and
 * downloads both reports, opened as CSV. Then the same for a franchisee with all-card access,
 * as far as their menu goes: SPEC §6 gives Report to admins only, so they do not get it.
 * One test: each step needs what the one before made. Everything it makes is its own.
 */

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LOGO = "https://logo.invalid/journey.png";
const TEAL = "#00695c"; // white text on it: 6.6:1
const TEAL_RGB = "rgb(0, 105, 92)";

/** A new staff member on the agency's host: phone → OTP → Create password → the staff home. */
async function firstSignIn(browser: Browser, origin: string, phone: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto("/panel/franchisee-login");
  await page.getByLabel("Mobile number", { exact: true }).fill(phone);
  const asked = new Date();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/franchisee-otp/);
  // After the welcome SMS: the OTP asked for just now.
  await enterOtp(page, phone, { after: asked });
  await expect(page).toHaveURL(/\/panel\/franchisee-createPassword/);
  await expect(page.getByRole("heading", { name: "Create password" })).toBeVisible();
  await choosePassword(page, newPassword());
  await expect(page).toHaveURL(/\/panel\/admin$/);
  return page;
}

async function expectMenu(page: Page, labels: string[]) {
  const drawer = await openMenu(page);
  await expect(menuEntries(drawer)).toHaveText(exactLabels([...labels, "Logout"]));
  await page.keyboard.press("Escape");
}

/** All Businesses → 'Register a customer': a new customer by phone and their first business with its card. */
async function registerCustomerAndBusiness(page: Page, businessName: string) {
  const phone = randomPhone();
  await page.goto("/panel/admin/businesses");
  // exact: an empty list also offers "Register a customer and their first business".
  await page.getByRole("link", { name: "Register a customer", exact: true }).click();
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(`Registered the customer and added ${businessName}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: businessName })).toBeVisible();
  await expect(page.getByText(phone)).toBeVisible();
  return phone;
}

test("the superadmin's new agency, its admin and franchisees, from sign-in to a paid business and the reports", async ({ page, browser }) => {
  test.setTimeout(300_000); // some twenty pages in four browsers, on a shared machine
  const t = tag();
  const host = `journey-${t}.localhost`;
  const origin = `http://${host}:${PORT}`;
  const agencyName = `Journey Cards ${t}`;
  const adminPhone = randomPhone();
  const planName = `Journey Plan ${t}`;

  await test.step("the superadmin creates the agency with its admin and domain; the domain check says Active", async () => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/agency-management?new=1");
    await page.getByLabel("Agency name", { exact: true }).fill(agencyName);
    await page.getByLabel("Domain", { exact: true }).fill(host);
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page.getByText(`${agencyName} created.`)).toBeVisible();
    await page.getByRole("button", { name: "Check domain" }).click();
    await expect(page.getByText(`${host} reaches us: HTTPS is on.`)).toBeVisible();
    await expect(page.getByText("HTTPS: Active")).toBeVisible();
    await page.getByLabel("Admin name", { exact: true }).fill("Journey Admin");
    await page.getByLabel("Admin mobile number", { exact: true }).fill(adminPhone);
    await page.getByRole("button", { name: "Add admin" }).click();
    await expect(page.getByText("Journey Admin is the agency's admin.")).toBeVisible();
  });

  await test.step("the superadmin brands it on Ui Customisation", async () => {
    await page.goto("/panel/admin/ui-customisation");
    await page.getByLabel("Agency", { exact: true }).selectOption({ label: `${agencyName} (${host})` });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByRole("heading", { name: `What ${host} shows` })).toBeVisible();
    await page.getByLabel("Brand colour").fill(TEAL);
    await page.getByLabel("Logo URL").fill(LOGO);
    await page.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByText(`Branding saved: ${agencyName}'s pages show it now.`)).toBeVisible();
  });

  let admin!: Page;
  await test.step("the agency's admin signs in on its host (OTP → Create password) and sees its branding and an admin's menu", async () => {
    const signIn = await browser.newPage({ baseURL: origin });
    await signIn.goto("/panel/franchisee-login");
    await expect(signIn.locator(`main img[src="${LOGO}"]`)).toBeAttached();
    await expect(signIn.getByRole("button", { name: "Continue" })).toHaveCSS("background-color", TEAL_RGB);
    await signIn.close();
    admin = await firstSignIn(browser, origin, adminPhone);
    await expect(admin.locator(`img[src="${LOGO}"]`).first()).toBeAttached();
    await expectMenu(admin, ["Home", "All Businesses", "All Projects", "Franchisee List", "Billing", "Customer plans & pricing management", "Report", "Greetings Management"]);
  });

  await test.step("the admin adds a plan to sell", async () => {
    await admin.goto("/panel/admin/plans-pricing-management?new=1");
    await admin.getByLabel("Subscription name").fill(planName);
    await admin.getByLabel("Price (₹)").fill("799");
    await admin.getByLabel("Validity (years)").fill("1");
    await admin.getByRole("button", { name: "Add plan" }).click();
    await expect(admin.getByText(`${planName} added.`)).toBeVisible();
  });

  await test.step("the admin adds a franchisee, who sets a password by OTP and sees exactly their menu", async () => {
    const phone = randomPhone();
    await admin.goto("/panel/admin/franchisees");
    await addStaff(admin, `Journey Franchisee ${t}`, phone, "Franchisee");
    await expect(admin.getByText(`Journey Franchisee ${t} added.`)).toBeVisible();
    const franchisee = await firstSignIn(browser, origin, phone);
    await expectMenu(franchisee, ["Home", "All Businesses", "All Projects"]);
    await franchisee.context().close();
  });

  const adminBusiness = `Journey Sweets ${t}`;
  await test.step("the admin registers a customer and a business and records a manual payment", async () => {
    await registerCustomerAndBusiness(admin, adminBusiness);
    await selectPlan(admin, planName);
    const payments = admin.getByRole("list", { name: "Payments" }).getByRole("listitem");
    await expect(payments).toHaveCount(1);
    await expect(payments.first()).toContainText(planName);
    await expect(payments.first()).toContainText("₹799");
  });

  await test.step("the admin downloads both reports and opens them as CSV", async () => {
    await admin.goto("/panel/admin/report");
    const business = await downloadReport(admin, "Business report", adminBusiness);
    expect(business.rows.map((r) => r["Business name"])).toEqual([adminBusiness]);
    expect(business.rows[0].Payment).not.toBe("Unpaid");
    const cards = await downloadReport(admin, "Digital card report", adminBusiness);
    expect(cards.rows.map((r) => r["Business name"])).toEqual([adminBusiness]);
  });

  await test.step("a franchisee with all-card access: password by OTP, their menu, a customer and a paid business; no Report", async () => {
    const phone = randomPhone();
    await admin.goto("/panel/admin/franchisees");
    await addStaff(admin, `Journey All Cards ${t}`, phone, "Franchisee with all-card access");
    await expect(admin.getByText(`Journey All Cards ${t} added.`)).toBeVisible();
    const allCards = await firstSignIn(browser, origin, phone);
    await expectMenu(allCards, ["Home", "All Businesses", "All Projects", "Greetings Management"]);
    const business = `Journey Tailors ${t}`;
    await registerCustomerAndBusiness(allCards, business);
    await selectPlan(allCards, planName);
    // SPEC §6: Report is the admin's; the page says why (ADR 0018 appendix).
    await allCards.goto("/panel/admin/report");
    await expect(allCards.getByRole("dialog", { name: "Error" })).toContainText("Reports are for agency admins.");
    // Nor by calling the API with their session (from the page: only the browser resolves *.localhost).
    expect(await allCards.evaluate(() => fetch("/api/v1/reports/project-report/business").then((r) => r.status))).toBe(403);
    // The admin's report has the franchisee's paid business too.
    await admin.goto("/panel/admin/report");
    const rows = (await downloadReport(admin, "Business report", business)).rows;
    expect(rows.map((r) => r["Business name"])).toEqual([business]);
    expect(rows[0].Payment).not.toBe("Unpaid");
    await allCards.context().close();
  });
  await admin.context().close();
});
