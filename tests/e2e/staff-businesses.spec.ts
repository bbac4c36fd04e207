import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect, loginAs, openMenu, randomPhone, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * All Businesses (issue 9) as a new admin uses it: find a business by search, open it, edit it,
 * clone it and delete the copy after Confirm; register a customer and their first business;
 * filters, paging and empty states; JavaScript off for register and edit; a phone's 360 px.
 * Each test works on businesses of its own (unique names), so tests do not meet.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new customer's businesses (made through the API as the customer would). */
async function customerBusinesses(playwright: PlaywrightWorkerArgs["playwright"], names: string[]) {
  const customer = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(customer);
  for (const businessName of names) {
    const res = await customer.post("/api/v1/business", { data: { businessName } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await customer.dispose();
}

async function search(page: Page, term: string) {
  await page.getByRole("searchbox", { name: "Search businesses" }).fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).replace(/%20/g, "(\\+|%20)")}`));
}

const confirmOk = async (page: Page) => {
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await dialog.getByRole("button", { name: "Ok" }).click();
};

test.describe("desktop", () => {
  test("find by search, open, edit, clone, then delete the copy after Confirm", async ({ page, playwright }) => {
    const name = unique("Journey Shop");
    await customerBusinesses(playwright, [name]);
    await loginAs(page, "admin");
    await page.goto("/panel/admin");
    const drawer = await openMenu(page);
    await drawer.getByRole("link", { name: "All Businesses", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Businesses");

    await search(page, name);
    await expect(page.getByText("1 business found")).toBeVisible();
    await page.getByRole("table").getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();

    // Edit from the business page.
    await page.getByRole("link", { name: "Edit, clone or delete this business" }).click();
    await page.getByLabel("Category").fill("Tailor");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Business details saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Tailor")).toBeVisible();

    // Clone: Cancel first changes nothing, then Ok lands on the copy.
    await page.getByRole("link", { name: "Edit, clone or delete this business" }).click();
    await page.getByRole("link", { name: "Clone business" }).click();
    await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Confirm" })).toHaveCount(0);
    await page.getByRole("link", { name: "Clone business" }).click();
    await confirmOk(page);
    await expect(page.getByText(`Copied as ${name} (copy).`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `${name} (copy)` })).toBeVisible();

    // Delete the copy from the list.
    await page.goto("/panel/admin/businesses");
    await search(page, name);
    await expect(page.getByText("2 businesses found")).toBeVisible();
    await page.getByRole("link", { name: `Delete ${name} (copy)` }).click();
    await expect(page.getByRole("dialog", { name: "Confirm" })).toContainText(`Delete ${name} (copy)`);
    await confirmOk(page);
    await expect(page.getByText("The business was deleted.")).toBeVisible();
    await search(page, name);
    await expect(page.getByText("1 business found")).toBeVisible();
    await expect(page.getByRole("table").getByRole("link", { name, exact: true })).toBeVisible();
  });

  test("filters, paging links and the empty state", async ({ page, playwright }) => {
    const prefix = unique("Paged Shop");
    await customerBusinesses(playwright, Array.from({ length: 21 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, "0")}`));
    await loginAs(page, "admin");
    await page.goto("/panel/admin/businesses");
    await search(page, prefix);
    await expect(page.getByText("21 businesses found")).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(21); // 20 and the header
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("table").getByRole("link", { name: `${prefix} 01`, exact: true })).toBeVisible();

    // New businesses are unpaid: "Paid (done)" finds none of them.
    await page.getByLabel("Payment").selectOption("paid");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByText("No business matches that search or those filters.")).toBeVisible();
    await page.getByRole("link", { name: "Show all businesses" }).click();
    await expect(page).toHaveURL(/\/panel\/admin\/businesses$/);
    await expect(page.getByRole("searchbox", { name: "Search businesses" })).toHaveValue("");
  });

  test("a franchisee sees only their own customers' businesses and no Delete", async ({ page }) => {
    await loginAs(page, "franchisee");
    await page.goto("/panel/admin/businesses");
    await expect(page.getByRole("table").getByRole("link", { name: "Gupta Electricals", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sharma Sweets", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Clone Gupta Electricals" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register a customer and their first business, then edit it", async ({ page }) => {
    const name = unique("NoJS Register");
    const phone = randomPhone();
    await loginAs(page, "admin");
    await page.goto("/panel/admin/businesses");
    await page.getByRole("link", { name: "Register a customer" }).click();
    // Nothing typed, then no phone: the messages of SPEC §5, nothing made.
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Business name").fill(name);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("A valid phone number is required.")).toBeVisible();

    await page.getByLabel("Mobile number").fill(phone);
    await page.getByLabel("Category").fill("Bakery");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(`Registered the customer and added ${name}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText(phone)).toBeVisible();
    // Its card was made with it.
    await expect(page.getByRole("link", { name: /^\/[a-z0-9-]+/ })).toBeVisible();

    await page.getByRole("link", { name: "Edit, clone or delete this business" }).click();
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("A valid email is required.")).toBeVisible();
    await page.getByLabel("Email").fill("hello@nojs.example.com");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Business details saved.")).toBeVisible();
    await expect(page.getByText("hello@nojs.example.com")).toBeVisible();
  });

  test("a customer abroad by email; delete after Confirm", async ({ page }) => {
    const name = unique("NoJS Abroad");
    const email = `abroad-${Date.now().toString(36)}@example.com`;
    await loginAs(page, "admin");
    await page.goto("/panel/admin/businesses/register");
    await page.getByLabel("Lives outside India (signs in with email)").check();
    await page.getByLabel("Email (customers outside India)").fill(email);
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Create its digital business card now").uncheck();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole("link", { name: "Edit, clone or delete this business" }).click();
    await page.getByRole("link", { name: "Delete business" }).click();
    await confirmOk(page);
    await expect(page.getByText("The business was deleted.")).toBeVisible();
    await expect(page).toHaveURL(/\/panel\/admin\/businesses$/);
  });
});

test.describe("360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("cards instead of a table, no sideways scrolling on the list, register and edit", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/businesses?search=Sharma");
    const cards = page.getByRole("list", { name: "Businesses" });
    await expect(cards.getByRole("link", { name: "Sharma Sweets", exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    for (const path of ["/panel/admin/businesses", "/panel/admin/businesses/register"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
    await page.goto("/panel/admin/businesses?search=Sharma");
    await page.getByRole("link", { name: "Edit Sharma Sweets" }).click();
    await expect(page.getByLabel("Business name")).toHaveValue("Sharma Sweets");
  });
});
