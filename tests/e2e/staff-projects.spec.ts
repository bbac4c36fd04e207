import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * All Projects (issue 9, ADR 0017) as staff use it: find a card with the filters, turn it off,
 * set its limit and greeting settings (with the API's messages next to the fields), delete it
 * after Confirm; the PDF and video tabs' empty states; a franchisee's narrower view; the same
 * main forms with JavaScript off on a 360 px phone. Each test works on a card of its own.
 */

const PROJECTS = "/panel/admin/projects";
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new customer's new business with its digital card; the card's public id. */
async function freshCard(playwright: PlaywrightWorkerArgs["playwright"], businessName: string): Promise<string> {
  const customer = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(customer);
  const b = await customer.post("/api/v1/business", { data: { businessName } });
  expect(b.status(), await b.text()).toBe(200);
  const { business } = (await b.json()) as { business: { businessId: number } };
  const c = await customer.post("/api/v1/createCard", { data: { businessId: business.businessId } });
  expect(c.status(), await c.text()).toBe(200);
  const { card } = (await c.json()) as { card: { cardId: string } };
  await customer.dispose();
  return card.cardId;
}

/** Searches the list for one business by name and returns its card. */
async function findCard(page: Page, businessName: string) {
  const filters = page.getByRole("search", { name: "Filter cards" });
  await filters.getByLabel("Search", { exact: true }).fill(businessName);
  await filters.getByLabel("Search in").selectOption("businessName");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("1 card matches these filters")).toBeVisible();
  const card = page.getByRole("list", { name: "Cards" }).getByRole("listitem");
  await expect(card.getByRole("heading", { name: businessName })).toBeVisible();
  return card;
}

async function manageCard(page: Page, businessName: string, cardId: string) {
  await page.goto(`${PROJECTS}?projectType=digital_card`);
  const card = await findCard(page, businessName);

  await card.getByRole("button", { name: `Deactivate ${cardId}` }).click();
  await expect(page.getByText(`${cardId} is now inactive.`)).toBeVisible();
  await expect(card.getByRole("button", { name: `Activate ${cardId}` })).toBeVisible();
  await expect(card.locator("[data-card-state]")).toHaveText(/inactive/i);
  // A SPEC §3 filter on top of the search: the inactive card is still the one.
  const filters = page.getByRole("search", { name: "Filter cards" });
  await filters.getByText("More filters").click();
  await filters.getByLabel("Status").selectOption("inactive");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByText("1 card matches these filters")).toBeVisible();
  await expect(filters.getByLabel("Status")).toHaveValue("inactive");

  await card.getByLabel("Card limit").fill("-2");
  await card.getByRole("button", { name: "Save limit" }).click();
  await expect(card.getByText("Use -1 for unlimited, or a number from 0.")).toBeVisible();
  await card.getByLabel("Card limit").fill("5");
  await card.getByRole("button", { name: "Save limit" }).click();
  await expect(page.getByText(`Card limit of ${cardId} saved.`)).toBeVisible();
  await expect(card.getByLabel("Card limit")).toHaveValue("5");

  // A new card's greetings work, and it says so (issue 22: it read "Greetings off").
  await expect(card.getByText("Greetings on")).toBeVisible();
  await card.getByRole("button", { name: `Disable greeting posts for ${cardId}` }).click();
  await expect(page.getByText(`Greeting posts disabled for ${cardId}.`)).toBeVisible();
  await expect(card.getByText("Greetings off")).toBeVisible();
  await card.getByRole("button", { name: `Enable greeting posts for ${cardId}` }).click();
  await expect(page.getByText(`Greeting posts enabled for ${cardId}.`)).toBeVisible();
  await expect(card.getByText("Greetings on")).toBeVisible();

  await card.getByText("Greeting settings", { exact: true }).click();
  for (const frame of ["frame7", "frame2", "frame3"]) await card.getByLabel(frame).uncheck();
  await card.getByRole("button", { name: "Save greeting settings" }).click();
  await expect(card.getByText("Choose at least one frame.")).toBeVisible();
  await card.getByLabel("frame2").check();
  await card.getByLabel("Greeting images a day").fill("3");
  await card.getByRole("button", { name: "Save greeting settings" }).click();
  await expect(page.getByText(`Greeting settings of ${cardId} saved.`)).toBeVisible();
  await card.getByText("Greeting settings", { exact: true }).click();
  await expect(card.getByLabel("frame2")).toBeChecked();
  await expect(card.getByLabel("frame7")).not.toBeChecked();
  await expect(card.getByLabel("Greeting images a day")).toHaveValue("3");

  await card.getByRole("link", { name: `Delete ${cardId}` }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog).toContainText(cardId);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole("link", { name: `Delete ${cardId}` }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("The card was deleted. Its link now says it was removed.")).toBeVisible();
  await expect(page.getByText("No card matches these filters")).toBeVisible();
}

test("admin: filters find one card; status, limit, greeting posts and settings, delete after Confirm", async ({ page, playwright }) => {
  const name = unique("Projects Shop");
  const cardId = await freshCard(playwright, name);
  await loginAs(page, "admin");
  await manageCard(page, name, cardId);
});

test("the PDF ID card tab leads to the PDF ID card list; the promotional video tab lists the ordered videos by state", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(PROJECTS);
  await expect(page.getByRole("list", { name: "Cards" })).toBeVisible();
  await expectNoSeriousViolations(page);
  const tabs = page.getByRole("navigation", { name: "Project types" });
  await expect(tabs.getByRole("link", { name: "Digital business cards" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "PDF ID cards" }).click();
  await expect(page).toHaveURL(/projectType=pdf_id_card/);
  await expect(page.getByText("PDF ID cards have a list of their own")).toBeVisible();
  await page.getByRole("link", { name: "Open PDF ID cards" }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/pdf-cards$/);
  await expect(page.getByRole("heading", { name: "PDF ID cards" }).first()).toBeVisible();
  await page.goBack();
  await tabs.getByRole("link", { name: "Promotional videos" }).click();
  // The demo customer's seeded orders (a failed one among them), by state.
  const videos = page.getByRole("list", { name: "Promotional videos" });
  await expect(videos).toContainText("Sharma Sweets");
  await page.getByRole("navigation", { name: "Video states" }).getByRole("link", { name: "Failed" }).click();
  await expect(page).toHaveURL(/videoStatus=failed/);
  await expect(videos.getByRole("listitem").first()).toContainText("Failed");
});

test("a franchisee sees only the cards of businesses they made, and cannot delete", async ({ page }) => {
  await loginAs(page, "franchisee");
  await page.goto(PROJECTS);
  const cards = page.getByRole("list", { name: "Cards" });
  await expect(cards.getByRole("heading", { name: "Gupta Electricals" })).toBeVisible();
  await expect(cards.getByRole("heading", { name: "Sharma Sweets" })).toHaveCount(0);
  await expect(cards.getByRole("button", { name: /^(Deactivate|Activate) gupta-electricals$/ })).toBeVisible();
  await expect(cards.getByRole("link", { name: /^Delete / })).toHaveCount(0);
});

test.describe("without JavaScript on a 360 px phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 760 } });

  test("the same filters and card actions work as plain forms", async ({ page, playwright }) => {
    const name = unique("No JS Projects");
    const cardId = await freshCard(playwright, name);
    await loginAs(page, "admin");
    await manageCard(page, name, cardId);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
