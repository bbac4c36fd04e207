import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * Issue 26: customers choose a promotional video template from its real preview frame (drawn by
 * the queue with sample values), and the admin places each placeholder by dragging it on the
 * preview, the number fields following; without JavaScript the number fields alone still save.
 */

const businessRow = (page: Page) => page.locator("div").filter({ has: page.getByRole("checkbox", { name: "Business name" }) }).last();

// The first start's drawing (starter library, previews) shares the server's cores: saves may be slow.
const SAVED = { timeout: 30_000 };

/** Opens a template's edit form by its link's address (a toast may cover the link). */
async function openEdit(page: Page, name: string) {
  const href = await page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Edit" }).getAttribute("href");
  await page.goto(href!);
}

/** A new template through the plain form (its defaults), then its edit form opened. */
async function newTemplate(page: Page) {
  const name = `E2E Art ${Date.now()}`;
  await page.goto("/panel/admin/video-template-management?new=1");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible(SAVED);
  await openEdit(page, name);
  return name;
}

test("a customer sees each template's real preview frame, drawn with sample values", async ({ page }) => {
  // The queue draws the seeded templates' previews at the first start (ffmpeg, a few seconds each).
  test.setTimeout(240_000);
  await loginAs(page, "customer");
  await page.goto("/panel/customer/video-templates");
  const frames = page.getByRole("region", { name: "Choose a template" }).locator('img[data-preview="frame"]');
  await expect
    .poll(
      async () => {
        await page.reload();
        return frames.count();
      },
      { timeout: 220_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  const first = frames.first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
});

test("an admin drags a placeholder on the preview: the number fields change, and the save keeps them", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, "admin");
  const name = await newTemplate(page);
  const left = businessRow(page).getByLabel("Left %");
  const top = businessRow(page).getByLabel("Top %");
  const [x0, y0] = [Number(await left.inputValue()), Number(await top.inputValue())];

  const box = page.getByTestId("placeholder-editor").locator('[data-placeholder="businessName"]');
  await expect(box).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  const b = (await box.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + 10, b.y + b.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await expect(top).not.toHaveValue(String(y0));
  const [x1, y1] = [await left.inputValue(), await top.inputValue()];
  expect(Number(y1)).toBeGreaterThan(y0);
  expect(Number(x1)).toBeGreaterThanOrEqual(x0);

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText(`${name} saved.`)).toBeVisible(SAVED);
  await openEdit(page, name);
  await expect(businessRow(page).getByLabel("Top %")).toHaveValue(y1);
  await expect(businessRow(page).getByLabel("Left %")).toHaveValue(x1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the number fields still place a placeholder and save", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, "admin");
    const name = await newTemplate(page);
    await expect(page.getByTestId("placeholder-editor")).toHaveCount(0);
    await businessRow(page).getByLabel("Top %").fill("42.5");
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible(SAVED);
    await openEdit(page, name);
    await expect(businessRow(page).getByLabel("Top %")).toHaveValue("42.5");
  });
});
