import type { Page } from "@playwright/test";
import { expect, loginAs, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { pngFile } from "../support/card-editor-helpers";

/*
 * Ui Customisation (ADR 0019): the platform's admin brands the second agency (Sunrise Media):
 * a low-contrast colour is refused with the nearest passing shade, a good one and a logo are
 * saved, and Sunrise's sign-in page and public card show them; a logo and favicon uploaded from
 * the form and a colour picked with the colour picker show too; resetting brings the default
 * look back. Both tests change Sunrise's branding, so they run one after the other and each
 * resets it at the end (no other spec reads Sunrise's colours or logo).
 */
test.describe.configure({ mode: "serial" });

const PAGE = "/panel/admin/ui-customisation";
const LOGO = "https://logo.invalid/sunrise.png";
const PURPLE = "#6a1b9a"; // white text on it: 9.6:1
const PURPLE_RGB = "rgb(106, 27, 154)";
const SUNRISE_CARD = `${SUNRISE_URL}/smile-care-dental`;

async function openSunrise(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Ui Customisation", level: 1 })).toBeVisible();
  await page.getByLabel("Agency", { exact: true }).selectOption({ label: "Sunrise Media (sunrise.localhost)" });
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByRole("heading", { name: "What sunrise.localhost shows" })).toBeVisible();
}

async function resetSunrise(page: Page) {
  await page.getByRole("link", { name: "Reset to default" }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("Branding removed: the default look is back.")).toBeVisible();
  await expect(page.getByText("Nothing customised: the default look.")).toBeVisible();
}

test("the admin sets a brand colour and logo: Sunrise's sign-in page and public card show them", async ({ page, browser }) => {
  await loginAs(page, "admin");
  // A visitor opens Sunrise's card first: the server keeps the page a few seconds (ADR 0008),
  // so the branded page below proves that saving the branding drops it.
  const visitor = await browser.newPage();
  await visitor.goto(SUNRISE_CARD);
  await expect(visitor.locator("footer")).toContainText("Digital card by Sunrise Media");
  await expect(visitor.locator(`footer img[src="${LOGO}"]`)).toHaveCount(0);

  await openSunrise(page);
  await expect(page.getByText("Nothing customised: the default look.")).toBeVisible();

  // The SPEC's own blue is too light for white button text: refused, with the shade to use.
  await page.getByLabel("Brand colour").fill("#2d9bea");
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("White text on #2d9bea has a contrast of 3.00:1; buttons need at least 4.5:1 (WCAG AA). Try #007bc7")).toBeVisible();

  await page.getByLabel("Brand colour").fill(PURPLE);
  await page.getByLabel("Logo URL").fill(LOGO);
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved: Sunrise Media's pages show it now.")).toBeVisible();
  await expect(page.getByLabel("Preview").getByText(PURPLE)).toBeVisible();

  try {
    await visitor.goto(`${SUNRISE_URL}/panel/franchisee-login`);
    await expect(visitor.locator(`main img[src="${LOGO}"]`)).toBeAttached();
    await expect(visitor.getByRole("button", { name: "Continue" })).toHaveCSS("background-color", PURPLE_RGB);
    await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");

    await visitor.goto(SUNRISE_CARD);
    const footer = visitor.locator("footer");
    await expect(footer.locator(`img[src="${LOGO}"]`)).toBeAttached();
    await expect(footer.locator("span", { hasText: "Sunrise Media" })).toHaveCSS("color", PURPLE_RGB);

    // The platform's own host keeps the default look.
    await visitor.goto("/panel/franchisee-login");
    await expect(visitor.locator(`img[src="${LOGO}"]`)).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: "Continue" })).not.toHaveCSS("background-color", PURPLE_RGB);
  } finally {
    await resetSunrise(page);
  }
  await visitor.goto(`${SUNRISE_URL}/panel/franchisee-login`);
  await expect(visitor.locator(`img[src="${LOGO}"]`)).toHaveCount(0);
  await visitor.close();
});

test("the admin uploads a logo and favicon and picks a colour: Sunrise's sign-in page shows them", async ({ page, browser }) => {
  await loginAs(page, "admin");
  await openSunrise(page);
  await expect(page.getByText("Nothing customised: the default look.")).toBeVisible();

  await page.getByLabel("Upload logo").setInputFiles(await pngFile("sunrise-logo.png", "#6a1b9a", { width: 200, height: 200 }));
  await expect(page.getByLabel("Logo URL")).toHaveValue(/^\/uploads\/.+\.(webp|jpg)$/);
  await page.getByLabel("Upload favicon").setInputFiles(await pngFile("favicon.png", "#bd5b00", { width: 64, height: 64 }));
  await expect(page.getByLabel("Favicon URL")).toHaveValue(/^\/uploads\/.+\.(webp|jpg)$/);
  const logo = await page.getByLabel("Logo URL").inputValue();
  const favicon = await page.getByLabel("Favicon URL").inputValue();
  expect(favicon).not.toBe(logo);

  // The picker fills the text box, which stays the field that is posted.
  await page.getByLabel("Colour picker").fill(PURPLE);
  await expect(page.getByLabel("Brand colour")).toHaveValue(PURPLE);
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved: Sunrise Media's pages show it now.")).toBeVisible();
  await expect(page.getByLabel("Colour picker")).toHaveValue(PURPLE);
  await expect(page.getByLabel("Preview").getByRole("img", { name: "Sunrise Media logo" })).toHaveAttribute("src", logo);

  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${SUNRISE_URL}/panel/franchisee-login`);
    const img = visitor.locator(`main img[src="${logo}"]`);
    await expect(img).toBeVisible();
    // The uploaded file is really served on the agency's host, not only named.
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute("href", favicon);
    // Fetched by the page (Node's own client does not resolve *.localhost).
    expect(await visitor.evaluate(async (href) => (await fetch(href)).status, favicon)).toBe(200);
    await expect(visitor.getByRole("button", { name: "Continue" })).toHaveCSS("background-color", PURPLE_RGB);
  } finally {
    await visitor.close();
    await resetSunrise(page);
  }
});

test.describe("without JavaScript, on a 360 px phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("the form refuses a low-contrast colour with the suggestion, then saves and resets", async ({ page }) => {
    await loginAs(page, "admin");
    await openSunrise(page);
    await page.getByLabel("Brand colour").fill("#ff9800");
    await page.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByText(/White text on #ff9800 has a contrast of 2\.\d\d:1.*Try #bd5b00/)).toBeVisible();
    // What was typed stays in the form, and the page fits a 360 px screen.
    await expect(page.getByLabel("Brand colour")).toHaveValue("#ff9800");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel("Brand colour").fill("#bd5b00");
    await page.getByLabel("Favicon URL").fill("https://logo.invalid/favicon.png");
    // The picked logo file posts with the form and its upload's URL is saved.
    await page.getByLabel("Upload logo").setInputFiles(await pngFile("sunrise-logo.png"));
    await page.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByText("Branding saved")).toBeVisible();
    await expect(page.getByLabel("Logo URL")).toHaveValue(/^\/uploads\/.+\.(webp|jpg)$/);
    const logo = await page.getByLabel("Logo URL").inputValue();
    await page.goto(`${SUNRISE_URL}/panel/login`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "https://logo.invalid/favicon.png");
    await expect(page.locator(`main img[src="${logo}"]`)).toBeAttached();
    await openSunrise(page);
    await resetSunrise(page);
  });
});
