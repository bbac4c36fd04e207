import type { Browser, Page } from "@playwright/test";
import { expect, loginAs, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { field, pngFile, snackbar } from "../support/card-editor-helpers";

/*
 * Category Static Page Management (ADR 0020), as the platform's admin and a visitor use it: the
 * admin adds a page for a category, a restaurant's public card links to it, and the page is
 * plain server-rendered HTML with no script. The main form also with JavaScript off, at 360 px.
 */

const PATH = "/panel/admin/category-static-page-management";
const rand = () => Math.random().toString(36).slice(2, 8);

/** A business of the given nature with its card, made by the seeded customer (in their own browser). */
async function businessWithCard(browser: Browser, businessNature: string) {
  const page = await browser.newPage();
  await loginAs(page, "customer");
  const res = await page.request.post("/api/v1/business", {
    data: { businessName: `Spice Route ${rand()}`, businessNature, phoneNumber: "9812345678", createDigitalCard: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { card } = (await res.json()) as { card: { cardId: string } };
  await page.close();
  return card.cardId;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("the admin adds a page for Restaurant; a restaurant's public card links to it; it renders without JavaScript", async ({ page, browser }) => {
  await loginAs(page, "admin");
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Category Static Page Management" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Category pages" }).getByRole("heading", { name: "Sweet Shop" })).toBeVisible();

  await page.getByRole("link", { name: "Add page" }).click();
  await field(page, "Business category").fill("Restaurant");
  await field(page, "Title").fill("Digital menus for restaurants");
  await field(page, "Body").fill("Share your menu on WhatsApp.\n\nGuests save your number and book a table in one tap.");
  await field(page, "Section 1 title").fill("Orders on WhatsApp");
  await field(page, "Section 1 text").fill("<b>One tap</b> opens a chat with your counter.");
  await page.getByLabel("Upload a JPEG, PNG or WebP").setInputFiles(await pngFile("dining.png", "#b71c1c", { width: 1200, height: 675 }));
  await page.getByRole("button", { name: "Add page" }).click();
  await snackbar(page, "The Restaurant page was added.");
  const row = page.getByRole("list", { name: "Category pages" }).getByRole("listitem").filter({ hasText: "Restaurant" });
  await expect(row.getByText("Published")).toBeVisible();

  // A visitor on a cheap phone: no JavaScript at all.
  const cardId = await businessWithCard(browser, "Restaurant");
  const visitor = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  await visitor.goto(`/${cardId}`);
  await visitor.getByRole("link", { name: "Digital menus for restaurants" }).click();
  await expect(visitor).toHaveURL(/\/category\/restaurant$/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Digital menus for restaurants" })).toBeVisible();
  await expect(visitor.getByText("Guests save your number and book a table in one tap.")).toBeVisible();
  // Typed markup is text, never HTML.
  await expect(visitor.getByText("<b>One tap</b> opens a chat with your counter.")).toBeVisible();
  await expect(visitor.locator("main img")).toHaveCount(1);
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", "Share your menu on WhatsApp.");
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category\/restaurant$/);
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/uploads\//);
  expect(await visitor.locator("script").count()).toBe(0);
  expect(await noHorizontalScroll(visitor)).toBe(true);

  // A card of another category has no such link.
  const other = await businessWithCard(browser, "Retailer");
  await visitor.goto(`/${other}`);
  await expect(visitor.getByRole("link", { name: "Digital menus for restaurants" })).toHaveCount(0);
  await visitor.close();
});

test("another agency's host serves the page in its branding, with a call to make a card that leads to sign-up", async ({ browser }) => {
  const visitor = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  await visitor.goto(`${SUNRISE_URL}/category/sweet-shop`);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  // The host agency's mark and name at the top, as on its sign-in pages.
  await expect(visitor.getByRole("banner")).toContainText("Sunrise Media");
  const cta = visitor.getByRole("link", { name: "Create your digital business card" });
  await expect(cta).toBeVisible();
  expect(await visitor.locator("script").count()).toBe(0);
  expect(await noHorizontalScroll(visitor)).toBe(true);
  await cta.click();
  await expect(visitor).toHaveURL(`${SUNRISE_URL}/panel/login`);
  await expect(visitor.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(visitor.getByLabel("Mobile number")).toBeVisible();
  await visitor.close();
});

test.describe("without JavaScript, at 360 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("add, a refused duplicate, edit to hidden, search, and delete after confirming", async ({ page }) => {
    const category = `Tailor ${rand()}`;
    await loginAs(page, "admin");
    await page.goto(PATH);
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.getByRole("link", { name: "Add page" }).click();
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole("button", { name: "Add page" }).click();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    await field(page, "Business category").fill(category);
    await field(page, "Title").fill("Cards for tailors");
    await field(page, "Body").fill("Show your work and take measurements appointments.");
    await page.getByRole("button", { name: "Add page" }).click();
    await snackbar(page, `The ${category} page was added.`);

    // The same category again is refused next to the field, nothing added.
    await page.getByRole("link", { name: "Add page" }).click();
    await field(page, "Business category").fill(category.toUpperCase());
    await field(page, "Title").fill("Another");
    await page.getByRole("button", { name: "Add page" }).click();
    await expect(page.getByText("A page for this category already exists.")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();

    await page.getByLabel("Search").fill(category);
    await page.getByRole("button", { name: "Search" }).click();
    const list = page.getByRole("list", { name: "Category pages" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("link", { name: `Edit the ${category} page` }).click();
    await field(page, "Status").selectOption("Hidden");
    await page.getByRole("button", { name: "Save page" }).click();
    await snackbar(page, `The ${category} page was saved.`);
    await expect(list.getByText("Hidden")).toBeVisible();
    const slug = category.toLowerCase().replace(/ /g, "-");
    expect((await page.request.get(`/category/${slug}`)).status()).toBe(404);

    await page.getByRole("link", { name: `Delete the ${category} page` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm" });
    await expect(dialog).toContainText(`Delete the ${category} page?`);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await snackbar(page, "The page was deleted.");
    await expect(page.getByRole("heading", { name: "No pages match" })).toBeVisible();
  });
});

test("staff the menu does not offer it to are refused by the API (the error dialog)", async ({ page }) => {
  await loginAs(page, "allCardFranchisee");
  await page.goto(PATH);
  await expect(page.getByRole("dialog", { name: "Failed to authenticate user" })).toBeVisible();
});

