import type { Page } from "@playwright/test";
import { expect, loginAs, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { expectNoOverflow } from "../support/no-overflow";

/*
 * Issue 24 / ADR 0066 on the staff side: Sunrise Media's admin sets the agency's default language
 * to Marathi; a staff member who chose no language, on a phone that asks for none of ours (French
 * here), then gets the staff screens in Marathi, at 360 px with nothing overflowing and no serious
 * axe finding. The admin's own phone asks for English, so the admin keeps English meanwhile. The
 * agency goes back to English at the end (other specs expect Sunrise in English: their browsers
 * ask for English, which wins over the agency's default, so they are not affected in between).
 */

const LANGUAGE_PAGE = `${SUNRISE_URL}/panel/admin/language`;

async function setDefaultLanguage(page: Page, name: string, toast: string) {
  await page.goto(LANGUAGE_PAGE);
  await page.getByRole("radio", { name }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test.use({ viewport: { width: 360, height: 740 } });

test("the agency's admin sets Marathi; a staff member without a choice sees the staff screens in Marathi", async ({ page, browser }) => {
  await loginAs(page, "sunriseAdmin");
  await setDefaultLanguage(page, "मराठी", "Default language: मराठी.");
  // The admin's browser asks for English: that still wins over the agency's default.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const staff = await browser.newContext({ locale: "fr-FR", viewport: { width: 360, height: 740 } });
  try {
    const staffPage = await staff.newPage();
    await loginAs(staffPage, "sunriseAdmin");

    await test.step("All Businesses in Marathi", async () => {
      await staffPage.goto(`${SUNRISE_URL}/panel/admin/businesses`);
      await expect(staffPage.locator("html")).toHaveAttribute("lang", "mr");
      await expect(staffPage.getByRole("heading", { level: 1, name: "सर्व व्यवसाय" })).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "ग्राहक नोंदवा" })).toBeVisible();
      await expect(staffPage.getByRole("searchbox", { name: "व्यवसाय शोधा" })).toBeVisible();
      await expect(staffPage.getByRole("button", { name: "शोधा", exact: true })).toBeVisible();
      await expect(staffPage.getByLabel("पेमेंट", { exact: true })).toBeVisible();
      await expect(staffPage.getByRole("button", { name: "फिल्टर लावा" })).toBeVisible();
      await expect(staffPage.getByText(/^\d+ व्यवसाय$/)).toBeVisible();
      await expectNoSeriousViolations(staffPage);
      await expectNoOverflow(staffPage);
    });

    await test.step("a business's page and the staff home in Marathi", async () => {
      await staffPage.getByRole("list", { name: "व्यवसाय" }).getByRole("link").first().click();
      await expect(staffPage.getByRole("heading", { level: 2, name: "पेमेंटची नोंद करा" })).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "हा व्यवसाय बदला, कॉपी करा किंवा हटवा" })).toBeVisible();
      // A plan's lines are the plans words customers read, in Marathi too.
      await expect(staffPage.getByText(/1 डिजिटल व्हिजिटिंग कार्ड/).first()).toBeVisible();
      await expectNoOverflow(staffPage);
      await staffPage.goto(`${SUNRISE_URL}/panel/admin`);
      await expect(staffPage.getByRole("heading", { level: 2, name: /^स्वागत आहे, / })).toBeVisible();
      await expect(staffPage.getByText("विकलेली कार्ड").first()).toBeVisible();
      await expectNoOverflow(staffPage);
    });

    await test.step("the Franchisee List and its form in Marathi", async () => {
      await staffPage.goto(`${SUNRISE_URL}/panel/admin/franchisees`);
      await expect(staffPage.getByRole("heading", { level: 1, name: "फ्रँचायझी यादी" })).toBeVisible();
      await expect(staffPage.getByRole("searchbox", { name: "नाव, फोन किंवा ईमेल शोधा" })).toBeVisible();
      await expect(staffPage.getByText(/^\d+ स्टाफ सदस्य$/)).toBeVisible();
      await expect(staffPage.getByRole("list", { name: "स्टाफ" }).getByText("ॲडमिन").first()).toBeVisible();
      await staffPage.getByRole("link", { name: "स्टाफ सदस्य जोडा" }).click();
      await expect(staffPage.getByRole("heading", { level: 2, name: "स्टाफ सदस्य जोडा" })).toBeVisible();
      await expect(staffPage.getByLabel("मोबाइल नंबर")).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "रद्द करा" })).toBeVisible();
      await expectNoSeriousViolations(staffPage);
      await expectNoOverflow(staffPage);
    });

    await test.step("Billing in Marathi", async () => {
      await staffPage.goto(`${SUNRISE_URL}/panel/admin/billing`);
      await expect(staffPage.getByRole("heading", { level: 1, name: "बिलिंग" })).toBeVisible();
      await expect(staffPage.getByRole("heading", { level: 2, name: "थकबाकी रक्कम" })).toBeVisible();
      await expect(staffPage.getByText("ऑफलाइन पेमेंट करा")).toBeVisible();
      await expect(staffPage.getByRole("heading", { level: 2, name: "मागील बिले" })).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "एजन्सी इमेज पेमेंट" })).toBeVisible();
      await expectNoSeriousViolations(staffPage);
      await expectNoOverflow(staffPage);
    });
    await test.step("bulk onboarding (the imports list and one import) in Marathi", async () => {
      await staffPage.goto(`${SUNRISE_URL}/panel/admin/business-imports`);
      await expect(staffPage.getByRole("heading", { level: 1, name: "व्यवसाय आयात करा" })).toBeVisible();
      await expect(staffPage.getByRole("heading", { level: 2, name: "व्यवसायांची स्प्रेडशीट अपलोड करा" })).toBeVisible();
      await expect(staffPage.getByText(/^प्रत्येक ओळीत एक व्यवसाय \(जास्तीत जास्त 10,000\)/)).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "टेम्पलेट डाउनलोड करा (CSV)" })).toBeVisible();
      await expect(staffPage.getByRole("heading", { level: 2, name: "मागील आयात" })).toBeVisible();
      await expectNoSeriousViolations(staffPage);
      await expectNoOverflow(staffPage);
      // One row whose phone is not a mobile number: the preview, with nothing that could be imported.
      const csv = `owner_phone,business_name,category,address,contact_person\n12345,Marathi Check ${Date.now().toString(36)},Sweet Shop,,\n`;
      await staffPage.getByLabel("CSV किंवा Excel (.xlsx) फाइल").setInputFiles({ name: "marathi-check.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await staffPage.getByRole("button", { name: "अपलोड करा आणि तपासा" }).click();
      await expect(staffPage.getByText("1 ओळी तपासल्या: 0 तयार, 1 मध्ये त्रुटी.")).toBeVisible();
      await expect(staffPage.getByTestId("import-status")).toHaveText("तपासले, अद्याप आयात नाही: 1 ओळी, 0 तयार, 1 मध्ये त्रुटी.");
      await expect(staffPage.getByRole("link", { name: "← सर्व आयात" })).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "फक्त त्रुटी" })).toBeVisible();
      await expect(staffPage.getByText(/^ओळ \d+:$/)).toBeVisible();
      await expect(staffPage.getByRole("link", { name: "निकाल अहवाल डाउनलोड करा (CSV)" })).toBeVisible();
      await expectNoSeriousViolations(staffPage);
      await expectNoOverflow(staffPage);
    });
  } finally {
    await staff.close();
    await setDefaultLanguage(page, "English", "Default language: English.");
  }
});
