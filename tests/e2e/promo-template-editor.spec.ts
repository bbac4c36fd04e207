import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * Issue 26 (ADR 0073): the admin's video template editor uploads its own background and shows a
 * frame drawn from the values on screen, before saving. With JavaScript the Preview button
 * updates the picture in place; without it the page comes back with the picture and the values.
 */

const businessRow = (page: Page) => page.locator("div").filter({ has: page.getByRole("checkbox", { name: "Business name" }) }).last();
const SAVED = { timeout: 30_000 };

const greenPng = () => sharp({ create: { width: 720, height: 1280, channels: 3, background: { r: 20, g: 160, b: 60 } } }).png().toBuffer();

test("an admin uploads a background, drags a placeholder and sees the preview change before saving", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, "admin");
  const name = `E2E Editor ${Date.now()}`;
  await page.goto("/panel/admin/video-template-management?new=1");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Or upload your own background").setInputFiles({ name: "shop.png", mimeType: "image/png", buffer: await greenPng() });

  const preview = page.getByTestId("template-preview");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(preview).toBeVisible(SAVED);
  // The upload is kept by the form (not sent again), and the picture is the real 360×640 frame.
  await expect(page.getByTestId("uploaded-background")).toBeVisible();
  await expect(page.getByLabel("Or upload your own background")).toHaveValue("");
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
  const first = await preview.getAttribute("src");
  expect(first).toMatch(/^data:image\/jpeg;base64,/);

  // Drag the business name down on the stage: its field follows, and a new preview differs.
  const top = businessRow(page).getByLabel("Top %");
  const y0 = Number(await top.inputValue());
  const box = page.getByTestId("placeholder-editor").locator('[data-placeholder="businessName"]');
  await box.scrollIntoViewIfNeeded();
  const b = (await box.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 60, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await top.inputValue())).toBeGreaterThan(y0);

  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect.poll(() => preview.getAttribute("src"), SAVED).not.toBe(first);

  await page.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText(`${name} added.`)).toBeVisible(SAVED);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Preview brings the page back with the drawn frame and the values typed; the save keeps them", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, "admin");
    const name = `E2E Editor plain ${Date.now()}`;
    await page.goto("/panel/admin/video-template-management?new=1");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await businessRow(page).getByLabel("Top %").fill("47.5");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByTestId("template-preview")).toBeVisible(SAVED);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(businessRow(page).getByLabel("Top %")).toHaveValue("47.5");

    await page.getByRole("button", { name: "Add template" }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible(SAVED);
    const href = await page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Edit" }).getAttribute("href");
    await page.goto(href!);
    await expect(businessRow(page).getByLabel("Top %")).toHaveValue("47.5");
  });
});

test("the template list speaks the admin's language (Hindi)", async ({ browser }) => {
  const context = await browser.newContext({ locale: "hi-IN" });
  const page = await context.newPage();
  try {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/video-template-management");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "वीडियो टेम्पलेट मैनेजमेंट" })).toBeVisible();
    await expect(page.getByLabel("नाम से खोजें")).toBeVisible();
    await expect(page.getByRole("link", { name: "टेम्पलेट जोड़ें" })).toBeVisible();
    await expect(page.getByText(/^\d+ टेम्पलेट, सबसे लोकप्रिय पहले।$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "लोकप्रियता बढ़ाएँ" }).first()).toBeVisible();
    await expect(page.getByText(/^लोकप्रियता \d+$/).first()).toBeVisible();

    // A search with no match says so in Hindi.
    await page.getByLabel("नाम से खोजें").fill("zzz-no-such-template");
    await page.getByRole("button", { name: "खोजें", exact: true }).click();
    await expect(page.getByRole("heading", { name: "इस नाम का कोई टेम्पलेट नहीं मिला" })).toBeVisible();
  } finally {
    await context.close();
  }
});
