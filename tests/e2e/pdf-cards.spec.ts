import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { PAYMENT_TEXTS, TEST_GATEWAY_TEXTS } from "#contracts/payments.ts";
import { PDF_CARD_MESSAGES } from "#contracts/pdf-card-constants.ts";
import { expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";
import { pngFile, snackbar } from "../support/card-editor-helpers";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * PDF ID cards as a new customer meets them (ADR 0024): pick a template, fill the people, download
 * the SAMPLE, pay for the single PDF card through the built-in test gateway, export and download
 * the clean file. The file itself is read with poppler's pdftotext.
 */

const rand = () => Math.random().toString(36).slice(2, 7);

/** The downloaded PDF's text in content order, whitespace dropped (the diagonal SAMPLE comes out one letter a line otherwise). */
const pdfText = (file: string) => execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");

async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const path = await file.path();
  // pdfimages -list: a header of two lines, then one line per image drawn.
  const images = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" }).trim().split("\n").length - 2;
  return { name: file.suggestedFilename(), text: pdfText(path), images };
}

test("a new customer makes a PDF ID card, downloads the sample, buys the single PDF card and downloads it clean", async ({ page }) => {
  await signUpByApi(page.request);
  const businessName = `Pdf Card ${rand()}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName, phoneNumber: "9876512345", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto("/panel/customer/projects?projectType=pdf_id_card");
  await expect(page.getByRole("heading", { name: "No PDF ID cards yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create a PDF ID card" }).click();
  await expect(page.getByRole("heading", { name: "Choose a template" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Mint template preview" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Use Mint" }).click();
  await snackbar(page, PDF_CARD_MESSAGES.created);
  await expect(page).toHaveURL(/\/panel\/customer\/pdf-cards\/\d+$/);
  const pdfCardNo = page.url().split("/").pop();
  await expectNoSeriousViolations(page);

  // Details: the first person's designation, and a second person in the blank row.
  await page.getByRole("group", { name: "Person 1" }).getByLabel("Designation").fill("Founder");
  await page.getByRole("group", { name: "Person 1" }).getByLabel("Photo", { exact: true }).setInputFiles(await pngFile("founder.png"));
  const add = page.getByRole("group", { name: "Add a person" });
  await add.getByLabel("Name").fill("Priya Verma");
  await add.getByLabel("Employee / ID number").fill("EMP-7");
  await page.getByRole("button", { name: "Save details" }).click();
  await snackbar(page, PDF_CARD_MESSAGES.saved);
  await expect(page.getByRole("group", { name: "Person 2" }).getByLabel("Name")).toHaveValue("Priya Verma");
  // The photo was uploaded and is now the person's photo (drawn on the card instead of initials).
  await expect(page.getByRole("group", { name: "Person 1" }).getByLabel("Photo link")).toHaveValue(/^\/uploads\/.+\.(png|webp|jpg)$/);
  await expect(page.getByRole("img", { name: /Preview of/ })).toBeVisible();

  const sample = await download(page, /Download sample PDF/);
  expect(sample.name).toBe(`${pdfCardNo}.pdf`);
  expect(sample.text).toContain(businessName.replace(/\s+/g, ""));
  expect(sample.text).toContain("PriyaVerma");
  expect(sample.text).toContain("SAMPLE");

  // On the free trial the export opens #upgrade with the single PDF card.
  await page.getByRole("button", { name: "Export without watermark" }).click();
  const pricing = page.getByRole("dialog", { name: "Pricing" });
  await expect(pricing).toBeVisible();
  const single = pricing.getByRole("article", { name: "Single PDF ID card", exact: true });
  await single.getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
  await expect(page.getByText(TEST_GATEWAY_TEXTS.title).first()).toBeVisible();
  await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();
  await expect(page.getByText(PAYMENT_TEXTS.success)).toBeVisible();

  await page.goto(`/panel/customer/pdf-cards/${pdfCardNo}`);
  await page.getByRole("button", { name: "Export without watermark" }).click();
  await snackbar(page, PDF_CARD_MESSAGES.exported);
  const clean = await download(page, /^Download PDF$/);
  expect(clean.name).toBe(`${pdfCardNo}.pdf`);
  expect(clean.text).toContain("PriyaVerma");
  expect(clean.text).not.toContain("SAMPLE");
  expect(clean.images).toBeGreaterThan(0); // the uploaded photo
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("the templates page and the editor form work, and a bad email is shown next to its field", async ({ page }) => {
    await loginAs(page, "customer");
    await page.goto("/panel/customer/projects?projectType=pdf_id_card");
    // The demo customer's seeded card.
    await expect(page.getByRole("link", { name: "Sharma Sweets" }).first()).toBeVisible();
    await page.getByRole("link", { name: "Create a PDF ID card" }).click();
    await expect(page.getByRole("heading", { name: "Choose a template" })).toBeVisible();
    await page.getByRole("button", { name: "Use Slate" }).click();
    await snackbar(page, PDF_CARD_MESSAGES.created);

    const company = `No JS ${rand()}`;
    await page.getByLabel("Company name").fill(company);
    await page.getByRole("group", { name: "Person 1" }).getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("group", { name: "Person 1" }).getByText("A valid email is required.")).toBeVisible();

    await page.getByRole("group", { name: "Person 1" }).getByLabel("Email").fill("team@example.in");
    await page.getByRole("button", { name: "Save details" }).click();
    await snackbar(page, PDF_CARD_MESSAGES.saved);
    await expect(page.getByRole("heading", { name: company })).toBeVisible();
    // The download is a plain link to the file.
    await expect(page.getByRole("link", { name: "Download sample PDF" })).toHaveAttribute("href", /\/api\/v1\/pdf-card\/downloadPdfCard\?pdfCardNo=\d+/);
  });
});

test.describe("staff, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test("the admin finds a PDF card by company name, sets it inactive and active again", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/pdf-cards");
    await page.getByLabel("Search by company name or registered phone number").fill("Sharma");
    await page.getByLabel("Search in").selectOption("companyName");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/search=Sharma/);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Sharma Sweets$/ }) }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: "Download without watermark" })).toHaveAttribute("href", /forceDownloadWithoutSampleWatermark=true/);
    await row.getByRole("button", { name: "Set inactive" }).click();
    await snackbar(page, PDF_CARD_MESSAGES.statusChanged);
    const again = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Sharma Sweets$/ }) }).first();
    await expect(again.getByText("Inactive")).toBeVisible();
    await again.getByRole("button", { name: "Set active" }).click();
    await snackbar(page, PDF_CARD_MESSAGES.statusChanged);

    await page.goto("/panel/admin/pdf-cards?search=no-such-company-xyz");
    await expect(page.getByRole("heading", { name: "No PDF ID cards" })).toBeVisible();
  });
});
