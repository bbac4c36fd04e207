import type { Browser } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { expectNoOverflow } from "../support/no-overflow";
import { waitForHydration } from "../support/card-editor-helpers";

/*
 * Issue 24 / ADR 0066 on the staff side, second batch: Greetings Management, the PDF ID cards list
 * and All Projects' promotional video tab in Hindi for a staff member whose phone asks for Hindi
 * (Accept-Language; the agency's default is left alone: another spec changes it), at 360 px with
 * nothing overflowing and no serious axe finding; a form's mistake and an upload's refusal in
 * Hindi, with and without JavaScript. An English phone still gets the English texts.
 */

const PHONE = { width: 360, height: 740 };

async function hindiAdmin(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ locale: "hi-IN", viewport: PHONE, javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, "admin");
  return { context, page };
}

test("Greetings Management, PDF ID cards and the promotional video tab in Hindi", async ({ browser }) => {
  const { context, page } = await hindiAdmin(browser);
  try {
    await test.step("Greetings Management", async () => {
      await page.goto("/panel/admin/daily-image-management");
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1, name: "शुभकामना पोस्ट मैनेजमेंट" })).toBeVisible();
      await expect(page.getByText("प्लैटफ़ॉर्म की शुभकामना लाइब्रेरी")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "शुभकामना पोस्ट अपलोड करें" })).toBeVisible();
      await expect(page.getByLabel("सब-कैटेगरी", { exact: true })).toBeVisible();
      await expect(page.getByLabel("कहाँ दिखे")).toBeVisible();
      await expect(page.getByRole("option", { name: "हर जगह" }).first()).toBeAttached();
      await expect(page.getByLabel("इमेज या वीडियो")).toBeVisible();
      await expect(page.getByRole("button", { name: "अपलोड करें" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^लाइब्रेरी की पोस्ट \(\d+\)$/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "कैटेगरी" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "टैग" })).toBeVisible();
      await expect(page.getByText("उसकी सब-कैटेगरी देखने और जोड़ने के लिए कोई कैटेगरी चुनें।")).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
    });

    await test.step("a mistake and a refused file, in Hindi", async () => {
      await waitForHydration(page);
      // An empty tag: the browser's check speaks Hindi too.
      await page.getByRole("button", { name: "जोड़ें", exact: true }).last().click();
      await expect(page.getByText("टैग ज़रूरी है।")).toBeVisible();
      // A file that is not a picture: its refusal comes from the API in the asker's language.
      await page.getByLabel("सब-कैटेगरी", { exact: true }).selectOption({ label: "Daily Wishes › Motivational Quotes" });
      await page.getByLabel("इमेज या वीडियो").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }]);
      await page.getByRole("button", { name: "अपलोड करें" }).click();
      const progress = page.getByRole("list", { name: "अपलोड की प्रगति" });
      await expect(progress.locator('[data-upload-state="failed"]')).toContainText("नहीं हुआ");
      await expect(progress.locator('[data-upload-state="failed"]')).toContainText("JPEG, PNG या WebP इमेज, या MP4 वीडियो चुनें।");
    });

    await test.step("a category's subcategories", async () => {
      await page.getByRole("link", { name: /^Festivals \(\d+\)$/ }).click();
      await expect(page.getByLabel("नई सब-कैटेगरी")).toBeVisible();
      await expect(page.getByLabel("त्योहार की तारीख़")).toBeVisible();
      await expect(page.getByRole("button", { name: "सब-कैटेगरी जोड़ें" })).toBeVisible();
      await expect(page.getByText(/ · \d+ पोस्ट$/).first()).toBeVisible();
      await expectNoOverflow(page);
    });

    await test.step("PDF ID cards", async () => {
      await page.goto("/panel/admin/pdf-cards");
      await expect(page.getByRole("heading", { level: 1, name: "PDF आईडी कार्ड" })).toBeVisible();
      await expect(page.getByLabel("कंपनी के नाम या रजिस्टर्ड फ़ोन नंबर से खोजें")).toBeVisible();
      await expect(page.getByLabel("कहाँ खोजें")).toBeVisible();
      await expect(page.getByLabel(/^वॉटरमार्क/)).toBeVisible();
      await expect(page.getByRole("button", { name: "लागू करें" })).toBeVisible();
      await expect(page.getByText(/^\d+ PDF कार्ड$/)).toBeVisible();
      await expect(page.getByRole("link", { name: "डाउनलोड करें" }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: /^(बंद करें|चालू करें)$/ }).first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      await page.getByLabel("कंपनी के नाम या रजिस्टर्ड फ़ोन नंबर से खोजें").fill("no-such-company-xyz");
      await page.getByRole("button", { name: "लागू करें" }).click();
      await expect(page.getByRole("heading", { name: "कोई PDF आईडी कार्ड नहीं" })).toBeVisible();
      await expect(page.getByText("इन फ़िल्टर से कुछ मेल नहीं खाता।")).toBeVisible();
    });

    await test.step("All Projects' promotional video tab", async () => {
      await page.goto("/panel/admin/projects?projectType=promotional_video");
      const states = page.getByRole("navigation", { name: "वीडियो की स्थिति" });
      await expect(states.getByRole("link", { name: "सभी" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(/^\d+ प्रमोशनल वीडियो, नए पहले।$/)).toBeVisible();
      const videos = page.getByRole("list", { name: "प्रमोशनल वीडियो" });
      await expect(videos.getByRole("heading", { name: /^वीडियो \d+: / }).first()).toBeVisible();
      await expect(videos.getByText(/को ऑर्डर हुआ$/).first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      await states.getByRole("link", { name: "नहीं बना" }).click();
      await expect(page).toHaveURL(/videoStatus=failed/);
      await expect(videos.getByRole("listitem").first()).toContainText("नहीं बना");
    });
  } finally {
    await context.close();
  }
});

test("without JavaScript, the server's answers to a mistake are in Hindi", async ({ browser }) => {
  const { context, page } = await hindiAdmin(browser, false);
  try {
    await page.goto("/panel/admin/daily-image-management");
    await page.getByRole("button", { name: "जोड़ें", exact: true }).last().click();
    await expect(page.getByText("टैग ज़रूरी है।")).toBeVisible();
    // A subcategory but no file: the page's own check, translated.
    await page.getByLabel("सब-कैटेगरी", { exact: true }).selectOption({ label: "Daily Wishes › Motivational Quotes" });
    await page.getByRole("button", { name: "अपलोड करें" }).click();
    await expect(page.getByText("कम से कम एक फ़ाइल चुनें।")).toBeVisible();
    await expectNoOverflow(page);
  } finally {
    await context.close();
  }
});

test("an English phone keeps the English texts", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-IN", viewport: PHONE });
  const page = await context.newPage();
  try {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/daily-image-management");
    await expect(page.getByRole("heading", { level: 1, name: "Greetings Management" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Upload greetings" })).toBeVisible();
    await expect(page.getByLabel("Placement").first()).toBeVisible();
    await page.goto("/panel/admin/pdf-cards");
    await expect(page.getByLabel("Search by company name or registered phone number")).toBeVisible();
    await expect(page.getByText(/^\d+ PDF cards?$/)).toBeVisible();
    await page.goto("/panel/admin/projects?projectType=promotional_video");
    await expect(page.getByRole("navigation", { name: "Video states" }).getByRole("link", { name: "Failed" })).toBeVisible();
    await expect(page.getByText(/^\d+ promotional videos?, newest first\.$/)).toBeVisible();
  } finally {
    await context.close();
  }
});
