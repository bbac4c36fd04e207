import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect, loginAs, signUpByApi, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { confirmDialog, selectPlan } from "../support/e2e-staff";

/*
 * The staff side of payments (issue 8, ADR 0033): an admin opens one
 * business, records a manual payment after Confirm, provides a custom plan (SPEC §5's messages,
 * with and without JavaScript), deletes a payment (which reverses it) and manages the plans.
 * Each test works on a business of its own, made by a new customer, so tests do not meet.
 */

/** A new customer's new business (on its free trial); its id. */
async function freshBusiness(playwright: PlaywrightWorkerArgs["playwright"], name: string): Promise<number> {
  const customer = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(customer);
  const res = await customer.post("/api/v1/business", { data: { businessName: name } });
  expect(res.status(), await res.text()).toBe(200);
  const { business } = (await res.json()) as { business: { businessId: number } };
  await customer.dispose();
  return business.businessId;
}

/*
 * The plans tests work on the second agency (Sunrise Media: image posts only), so the plans
 * they add never show in the platform agency's carousel that other specs count.
 */
const SUNRISE_PLANS = `${SUNRISE_URL}/panel/admin/plans-pricing-management`;

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const businessPage = (id: number) => `/panel/admin/businesses/${id}`;
const badge = (page: Page) => page.locator("[data-card-state]").first();
/** A new business is on its trial (contracts/card-state.ts: one state for the whole trial). */
const ON_TRIAL = "trial";
const payments = (page: Page) => page.getByRole("list", { name: "Payments" }).getByRole("listitem");

const upgradeDialog = (page: Page) => page.getByRole("dialog", { name: "Pricing" });

/** 'Select Plan' on a plan's slide of the open #upgrade dialog (admin mode). */
async function selectInDialog(page: Page, planName: string) {
  const card = upgradeDialog(page).getByRole("article", { name: planName, exact: true });
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: "Select Plan" }).click();
}

test("an admin records a manual payment after Confirm: it is listed and the business turns paid", async ({ page, playwright }) => {
  const name = unique("Manual Pay");
  const id = await freshBusiness(playwright, name);
  await loginAs(page, "admin");
  // From the admin home's business list to the business's page.
  await page.goto(`/panel/admin?search=${encodeURIComponent(name)}`);
  // The home's business list (its notices link to the same business).
  await page.getByRole("list", { name: "Businesses" }).getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`${businessPage(id)}$`));
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(badge(page)).toHaveAttribute("data-card-state", ON_TRIAL);
  await expect(page.getByText("No payments yet.")).toBeVisible();

  // #upgrade in admin mode: closing it records nothing.
  await page.getByRole("link", { name: "Open plans" }).click();
  await expect(page).toHaveURL(/#upgrade$/);
  await expect(upgradeDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(upgradeDialog(page)).toBeHidden();
  await expect(page.getByText("No payments yet.")).toBeVisible();

  // 'Select Plan' opens Confirm; Cancel changes nothing.
  await page.getByRole("link", { name: "Open plans" }).click();
  await selectInDialog(page, "Basic");
  await (await confirmDialog(page)).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("No payments yet.")).toBeVisible();

  // Again, and Ok records the payment by hand: how it was paid and its reference (issue 22, ADR 0044).
  await page.getByRole("link", { name: "Open plans" }).click();
  await selectInDialog(page, "Basic");
  const dialog = await confirmDialog(page);
  await expect(dialog).toContainText("Record a manual payment of ₹999 for Basic");
  await expect(dialog.getByLabel("Paid by")).toHaveValue("");
  await dialog.getByLabel("Paid by").selectOption("UPI");
  await dialog.getByLabel("Reference (optional)").fill("UPI-4471-8890");
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("Payment recorded: ₹999 by UPI for Basic.")).toBeVisible();
  await expect(page.getByText("Your payment was successful!")).toHaveCount(0);
  await expect(payments(page)).toHaveCount(1);
  await expect(payments(page).first()).toContainText("Basic");
  await expect(payments(page).first()).toContainText("₹999");
  await expect(payments(page).first()).toContainText("UPI (ref. UPI-4471-8890)");
  await expect(badge(page)).toHaveAttribute("data-card-state", "paid");
});

test("deleting a payment asks first, then reverses the plan and expiry it granted", async ({ page, playwright }) => {
  const id = await freshBusiness(playwright, unique("Delete Pay"));
  await loginAs(page, "admin");
  await page.goto(businessPage(id));
  await selectPlan(page, "Premium");
  await expect(badge(page)).toHaveAttribute("data-card-state", "paid");

  await payments(page).first().getByRole("link", { name: /Delete payment/ }).click();
  const dialog = await confirmDialog(page);
  await expect(dialog).toContainText("reverses what it granted");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(badge(page)).toHaveAttribute("data-card-state", "paid");

  await payments(page).first().getByRole("link", { name: /Delete payment/ }).click();
  await (await confirmDialog(page)).getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("Payment deleted.")).toBeVisible();
  await expect(badge(page)).toHaveAttribute("data-card-state", ON_TRIAL);
  await expect(page.getByRole("link", { name: /Delete payment/ })).toHaveCount(0);
});

/** The custom plan from its dialog: the three messages on an empty Proceed, then Confirm and Ok. */
async function customPlan(page: Page, id: number, { javaScript }: { javaScript: boolean }) {
  await loginAs(page, "admin");
  await page.goto(businessPage(id));
  if (javaScript) {
    // The carousel's custom-plan slide (admins only) opens the dialog.
    await page.getByRole("link", { name: "Open plans" }).click();
    await upgradeDialog(page).getByRole("article", { name: "Custom plan" }).getByRole("link", { name: "Provide custom plan" }).click();
  } else {
    await page.getByRole("link", { name: "Provide custom plan" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Provide custom plan" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Subscription name")).toHaveValue("Custom");
  await expect(dialog.getByRole("switch", { name: /Digital business card/ })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: /Digital business card/ })).toBeChecked();

  if (javaScript) {
    // Checked as focus leaves a field (SPEC §5: on blur and change).
    await dialog.getByLabel("Subscription name").fill("");
    await dialog.getByLabel("Subscription name").blur();
    await expect(dialog.getByText("Subscription name is Required")).toBeVisible();
    await dialog.getByLabel("Subscription name").fill("C");
    await expect(dialog.getByText("Subscription name is Required")).toHaveCount(0);
  }
  await dialog.getByLabel("Subscription name").fill("");
  await dialog.getByRole("button", { name: "Proceed" }).click();
  for (const message of ["Subscription name is Required", "Validity is Required", "Price is Required"]) {
    await expect(page.getByRole("dialog", { name: "Provide custom plan" }).getByText(message)).toBeVisible();
  }
  await expect(page.getByRole("dialog", { name: "Confirm" })).toHaveCount(0);

  const again = page.getByRole("dialog", { name: "Provide custom plan" });
  await again.getByLabel("Subscription name").fill("Shop special");
  await again.getByLabel("Price (₹)").fill("1250.50");
  await again.getByLabel("Validity (years)").fill("2");
  // Frames show only with greeting images (on this agency image posts are enabled).
  await expect(again.getByRole("switch", { name: "Show regular frame" })).toBeHidden();
  await again.getByRole("switch", { name: "Greeting images" }).check();
  await expect(again.getByRole("switch", { name: "Show regular frame" })).toBeVisible();
  await expect(again.getByRole("switch", { name: "Show political frame" })).toBeChecked();
  // An editable limit: shown with its default once switched on.
  await expect(again.getByLabel("PDF ID card limit")).toBeHidden();
  await again.getByRole("switch", { name: "PDF ID cards" }).check();
  await expect(again.getByLabel("PDF ID card limit")).toHaveValue("1");
  await again.getByLabel("PDF ID card limit").fill("4");
  await again.getByRole("button", { name: "Proceed" }).click();

  const confirm = await confirmDialog(page);
  await expect(confirm).toContainText("4 PDF ID cards");
  await expect(confirm).toContainText("₹1,250.50");
  await expect(confirm).toContainText("Shop special");
  await confirm.getByLabel("Paid by").selectOption("Cheque");
  await confirm.getByLabel("Reference (optional)").fill("Cheque 004512");
  await confirm.getByRole("button", { name: "Ok" }).click();
  // SPEC §2: the custom plan's snackbar is this text.
  await expect(page.getByText("Your payment was successful!")).toBeVisible();
  await expect(payments(page).first()).toContainText("Shop special");
  await expect(payments(page).first()).toContainText("Cheque (ref. Cheque 004512)");
  await expect(payments(page).first()).toContainText("₹1,250.50");
  await expect(badge(page)).toHaveAttribute("data-card-state", "paid");
}

test("an admin provides a custom plan: SPEC §5's messages, then Confirm records it", async ({ page, playwright }) => {
  await customPlan(page, await freshBusiness(playwright, unique("Custom JS")), { javaScript: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin provides a custom plan with the same messages and Confirm", async ({ page, playwright }) => {
    await customPlan(page, await freshBusiness(playwright, unique("Custom NoJS")), { javaScript: false });
  });

  test("an admin adds and removes a plan", async ({ page }) => {
    const name = unique("NoJS Plan");
    await loginAs(page, "sunriseAdmin");
    await page.goto(`${SUNRISE_PLANS}?new=1`);
    await page.getByLabel("Subscription name").fill("");
    await page.getByRole("button", { name: "Add plan" }).click();
    for (const message of ["Subscription name is Required", "Validity is Required", "Price is Required"]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    const card = await addPlan(page, name, "750.50");
    await expect(card).toContainText("₹750.50 for 1 year");
    await card.getByRole("link", { name: `Retire ${name}` }).click();
    await (await confirmDialog(page)).getByRole("button", { name: "Ok" }).click();
    await expect(page.getByText("The plan was deleted: nobody had bought it.")).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("an admin records a manual payment", async ({ page, playwright }) => {
    const id = await freshBusiness(playwright, unique("NoJS Pay"));
    await loginAs(page, "admin");
    await page.goto(businessPage(id));
    await selectPlan(page, "Basic");
    await expect(payments(page).first()).toContainText("₹999");
    await expect(badge(page)).toHaveAttribute("data-card-state", "paid");
  });
});

test("staff who are not admins record a payment but cannot delete one", async ({ page, playwright }) => {
  const id = await freshBusiness(playwright, unique("Franchisee Pay"));
  await loginAs(page, "allCardFranchisee");
  await page.goto(businessPage(id));
  await selectPlan(page, "Basic");
  await expect(payments(page)).toHaveCount(1);
  await expect(page.getByRole("link", { name: /Delete payment/ })).toHaveCount(0);
  // The delete step is not offered by URL either.
  await page.goto(`${businessPage(id)}?deletePayment=1`);
  await expect(page.getByRole("dialog", { name: "Confirm" })).toHaveCount(0);
});

test("staff of another agency get a 404 for the business page", async ({ page, playwright }) => {
  const id = await freshBusiness(playwright, unique("Other Agency"));
  await loginAs(page, "sunriseAdmin");
  const res = await page.goto(`http://sunrise.localhost:${new URL(BASE_URL).port}${businessPage(id)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});

/** Adds a plan with greeting images, the political frame hidden; the plan's card in the list. */
async function addPlan(page: Page, name: string, rupees: string) {
  await page.goto(`${SUNRISE_PLANS}?new=1`);
  await page.getByLabel("Subscription name").fill(name);
  await page.getByLabel("Price (₹)").fill(rupees);
  await page.getByLabel("Validity (years)").fill("1");
  // Frames belong to greeting images: they show once it is on (CSS, so also without a script).
  await expect(page.getByRole("switch", { name: "Show political frame" })).toBeHidden();
  await page.getByRole("switch", { name: "Greeting images" }).check();
  await expect(page.getByRole("switch", { name: "Show political frame" })).toBeChecked();
  await page.getByRole("switch", { name: "Show political frame" }).uncheck();
  // This agency has no PDF cards, videos or video posts: no such options.
  await expect(page.getByRole("switch", { name: "PDF ID cards" })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Greeting videos" })).toHaveCount(0);
  await page.getByRole("button", { name: "Add plan" }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible();
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
}

test("an admin adds, edits and retires a plan on Customer plans & pricing management", async ({ page }) => {
  const name = unique("E2E Gold");
  await loginAs(page, "sunriseAdmin");
  await page.goto(`${SUNRISE_URL}/panel/admin`);
  await page.getByRole("link", { name: "Customer plans & pricing management" }).first().click();
  await expect(page).toHaveURL(/\/panel\/admin\/plans-pricing-management$/);
  await expect(page.getByRole("heading", { name: "Starter", exact: true })).toBeVisible();

  // An empty form: SPEC §5's three messages, nothing saved.
  await page.getByRole("link", { name: "Add plan" }).click();
  await page.getByLabel("Subscription name").fill("");
  await page.getByRole("button", { name: "Add plan" }).click();
  for (const message of ["Subscription name is Required", "Validity is Required", "Price is Required"]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  const card = await addPlan(page, name, "1999");
  await expect(card).toContainText("₹1,999 for 1 year");
  await expect(card).toContainText("Unlimited greeting images");
  await expect(card).toContainText("Regular and product frames");
  await expect(card).toContainText("Active");

  await card.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Price (₹)")).toHaveValue("1999");
  await expect(page.getByRole("switch", { name: "Show political frame" })).not.toBeChecked();
  await page.getByLabel("Price (₹)").fill("2,499");
  await page.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByText("Enter the price in rupees, like 499 or 499.50.")).toBeVisible();
  await page.getByLabel("Price (₹)").fill("2499");
  await page.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible();
  await expect(card).toContainText("₹2,499 for 1 year");
  await expect(card).toContainText("Regular and product frames");

  // Nobody bought it: retiring it deletes it.
  await card.getByRole("link", { name: `Retire ${name}` }).click();
  const dialog = await confirmDialog(page);
  await expect(dialog).toContainText(`Retire ${name}?`);
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("The plan was deleted: nobody had bought it.")).toBeVisible();
  await expect(card).toHaveCount(0);
});
