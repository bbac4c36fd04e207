import { expect, test } from "@playwright/test";
import { loginAs, SUNRISE_URL } from "../support/e2e-fixtures";
import { pngFile, waitForHydration } from "../support/card-editor-helpers";

/**
 * Greetings Management (SPEC §6): the platform's admin adds a festival dated today and
 * bulk-uploads three images into it, each with its own progress and result; the customers see
 * them among today's posts. Another agency's admin lands on their own image-posts page.
 */

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test("the platform admin bulk-uploads three images into a festival dated today; customers see them today", async ({ page, browser }) => {
  const festival = `E2E Utsav ${Math.random().toString(36).slice(2, 7)}`;
  await loginAs(page, "admin");
  await page.goto("/panel/admin/daily-image-management");
  await expect(page.getByText("The platform's greeting library")).toBeVisible();

  await page.getByRole("link", { name: /^Festivals \(\d+\)$/ }).click();
  await page.getByLabel("New subcategory").fill(festival);
  await page.getByLabel("Festival date").fill(today());
  await page.getByRole("button", { name: "Add subcategory" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${festival} saved.` })).toBeVisible();

  await waitForHydration(page);
  await page.getByLabel("Subcategory", { exact: true }).selectOption({ label: `Festivals › ${festival} (${today()})` });
  await page.getByLabel("Images or videos").setInputFiles([
    await pngFile("diya.png", "#f08c00", { width: 600, height: 600 }),
    await pngFile("rangoli.png", "#d6336c", { width: 600, height: 600 }),
    await pngFile("lamp.png", "#1c7ed6", { width: 800, height: 600 }),
  ]);
  await page.getByRole("button", { name: "Upload" }).click();
  const progress = page.getByRole("list", { name: "Upload progress" });
  await expect(progress.getByRole("listitem")).toHaveCount(3);
  await expect(progress.locator('[data-upload-state="done"]')).toHaveCount(3);
  for (const name of ["diya.png", "rangoli.png", "lamp.png"]) await expect(progress.getByText(name)).toBeVisible();
  await expect(page.getByRole("img", { name: `${festival} greeting` })).toHaveCount(3);

  // A customer of another agency sees the platform's new festival among today's posts, with their frame.
  const context = await browser.newContext();
  const customer = await context.newPage();
  await loginAs(customer, "sunriseCustomer");
  await customer.goto(`${SUNRISE_URL}/panel/customer/daily-image`);
  await expect(customer.getByRole("region", { name: "Today" }).getByRole("img", { name: `${festival} greeting with your frame` })).toHaveCount(3);
  await context.close();
});

test("a failed file is reported on its own; the others upload", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/panel/admin/daily-image-management");
  await waitForHydration(page);
  await page.getByLabel("Subcategory", { exact: true }).selectOption({ label: "Daily Wishes › Motivational Quotes" });
  await page.getByLabel("Images or videos").setInputFiles([
    await pngFile("good.png", "#2b8a3e", { width: 400, height: 400 }),
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
  ]);
  await page.getByRole("button", { name: "Upload" }).click();
  const progress = page.getByRole("list", { name: "Upload progress" });
  await expect(progress.locator('[data-upload-state="done"]')).toHaveCount(1);
  await expect(progress.locator('[data-upload-state="failed"]')).toContainText("Choose a JPEG, PNG or WebP image, or an MP4 video.");
});

test("another agency's admin manages their own posts at image-posts-management", async ({ page }) => {
  await loginAs(page, "sunriseAdmin");
  await page.goto(`${SUNRISE_URL}/panel/admin/daily-image-management`);
  await expect(page).toHaveURL(/\/panel\/admin\/image-posts-management$/);
  await expect(page.getByText("Your agency's own greeting posts")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a plain multi-file form uploads every file", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/daily-image-management");
    await page.getByLabel("Subcategory", { exact: true }).selectOption({ label: "Daily Wishes › Motivational Quotes" });
    await page.getByLabel("Images or videos").setInputFiles([await pngFile("a.png", "#364fc7", { width: 300, height: 300 }), await pngFile("b.png", "#862e9c", { width: 300, height: 300 })]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 greetings uploaded." })).toBeVisible();
  });
});
