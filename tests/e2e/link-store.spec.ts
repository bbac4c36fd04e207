import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";
import { field, row, snackbar, waitForHydration } from "../support/card-editor-helpers";

/*
 * The Link Store (ADR 0020): the platform's staff add a link type, a customer picks it in the
 * card editor's Links section (a plain <select>, JavaScript off) and types only their handle,
 * and the public card shows the link with the type's icon.
 */

const PATH = "/panel/admin/link-store";
const rand = () => Math.random().toString(36).slice(2, 8);
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff add a link type; a customer picks it in the card editor; the public card shows it with its icon", async ({ page, browser }) => {
    const name = `Swiggy ${rand()}`;
    await loginAs(page, "allCardFranchisee");
    await page.goto(PATH);
    await expect(page.getByRole("heading", { name: "Link Store" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Link types" }).getByText("WhatsApp", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Add link type" }).click();
    await field(page, "Name").fill(name);
    await field(page, "Category").selectOption("Business Listings");
    await page.getByText("Shop / listing", { exact: true }).click();
    await field(page, "Link prefix (optional)").fill("https://www.swiggy.com/");
    await field(page, "Hint in the box (optional)").fill("your restaurant's page name");
    await page.getByRole("button", { name: "Add link type" }).click();
    await snackbar(page, `${name} added.`);
    await expect(page.getByRole("list", { name: "Link types" }).getByText(name, { exact: true })).toBeVisible();

    // A customer, JavaScript off too, on a business of their own.
    const customer = await browser.newPage({ javaScriptEnabled: false });
    await loginAs(customer, "customer");
    const res = await customer.request.post("/api/v1/business", {
      data: { businessName: `Mehta Tiffins ${rand()}`, phoneNumber: "9812345678", createDigitalCard: true },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { business, card } = (await res.json()) as { business: { businessId: number }; card: { cardId: string } };
    await customer.goto(`/panel/customer/digital-card/links?businessId=${business.businessId}`);
    await customer.getByRole("button", { name: "+ Add link" }).click();
    const link = row(customer, "Link 1");
    await field(link, "Type").selectOption(name);
    await field(link, "Link").fill("@mehta-tiffins");
    await customer.getByRole("button", { name: "Save", exact: true }).click();
    await snackbar(customer, "Links saved.");
    // What they typed stays what they see; the label defaults to the type's name.
    await expect(field(row(customer, "Link 1"), `${name} username or link`)).toHaveValue("mehta-tiffins");
    await expect(field(row(customer, "Link 1"), "Label (optional)")).toHaveValue(name);
    await customer.close();

    const visitor = await browser.newPage({ javaScriptEnabled: false });
    await visitor.goto(`/${card.cardId}`);
    const shown = visitor.getByRole("link", { name });
    await expect(shown).toHaveAttribute("href", "https://www.swiggy.com/mehta-tiffins");
    await expect(shown.locator("img")).toHaveAttribute("src", "/link-icons/shop.svg");
    expect((await visitor.request.get("/link-icons/shop.svg")).headers()["content-type"]).toContain("image/svg+xml");
    await visitor.close();
  });

  test("a link type that is not a link is refused next to its field", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto(`${PATH}?newType=1`);
    await field(page, "Name").fill(`Broken ${rand()}`);
    await field(page, "Customers type").selectOption("A phone number");
    await field(page, "Link prefix (optional)").fill("http://insecure.example.com/");
    await page.getByRole("button", { name: "Add link type" }).click();
    await expect(page.getByText("The prefix must be an https link, for example https://instagram.com/.")).toBeVisible();
  });
});

test("at 360 px: a category is added, renamed and deleted after confirming; a type is edited; a non-empty category is refused", async ({ page }) => {
  const name = `Food apps ${rand()}`;
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, "admin");
  await page.goto(PATH);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.getByRole("link", { name: "Add category" }).click();
  await field(page, "Category name").fill(name);
  await page.getByRole("button", { name: "Add category" }).click();
  await snackbar(page, `${name} saved.`);

  const categories = page.getByRole("list", { name: "Link categories" });
  await categories.getByRole("link", { name: `Rename ${name}` }).click();
  await field(page, "Category name").fill(`${name} and more`);
  await page.getByRole("button", { name: "Save category" }).click();
  await snackbar(page, `${name} and more saved.`);

  // Editing a type keeps its icon and says so.
  await page.getByRole("list", { name: "Link types" }).getByRole("link", { name: "Edit Telegram" }).click();
  await expect(page.getByRole("radio", { name: "Telegram" })).toBeChecked();
  expect(await noHorizontalScroll(page)).toBe(true);
  await field(page, "Hint in the box (optional)").fill("your Telegram username");
  await page.getByRole("button", { name: "Save link type" }).click();
  await snackbar(page, "Telegram saved.");

  await categories.getByRole("link", { name: "Delete Social Media" }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
  await expect(page.getByRole("dialog", { name: "Error" })).toContainText("This category still has");
  await page.goto(PATH);

  await categories.getByRole("link", { name: `Delete ${name} and more` }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
  await snackbar(page, "The category was deleted.");
  await expect(categories.getByText(`${name} and more`)).toHaveCount(0);
});

test("a franchisee without all-card access is refused by the API (the error dialog)", async ({ page }) => {
  await loginAs(page, "franchisee");
  await page.goto(PATH);
  await expect(page.getByRole("dialog", { name: "Failed to authenticate user" })).toBeVisible();
});


test("with JavaScript, the live preview shows a typed link as it will be saved", async ({ page }) => {
  await loginAs(page, "customer");
  const res = await page.request.post("/api/v1/business", { data: { businessName: `Mehta Tiffins ${rand()}`, phoneNumber: "9812345678", createDigitalCard: true } });
  const { business } = (await res.json()) as { business: { businessId: number } };
  await page.goto(`/panel/customer/digital-card/links?businessId=${business.businessId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "+ Add link" }).click();
  await field(row(page, "Link 1"), "Type").selectOption("Instagram");
  await field(row(page, "Link 1"), "Instagram username or link").fill("@mehtatiffins");
  const preview = page.getByRole("complementary", { name: "Live preview" }).getByRole("article", { name: "Card preview" });
  await expect(preview.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/mehtatiffins");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await snackbar(page, "Links saved.");
  await expect(field(row(page, "Link 1"), "Instagram username or link")).toHaveValue("mehtatiffins");
});
