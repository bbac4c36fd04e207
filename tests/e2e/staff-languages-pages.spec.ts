import { BASE_URL, expect, loginAs, randomPhone, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { expectNoOverflow } from "../support/no-overflow";
import { field, snackbar } from "../support/card-editor-helpers";

/*
 * Issue 24 / ADR 0066, more staff screens: a phone that asks for Hindi (Accept-Language) gets
 * Category Static Page Management, the Link Store, bulk onboarding's refusals and row errors, and
 * a plan's validity in Hindi, at 360 px with nothing overflowing and no serious axe finding. The
 * agency's default language is left alone (English); an English browser keeps the English texts.
 */

const rand = () => Math.random().toString(36).slice(2, 8);
const CATEGORY_PAGES = `${BASE_URL}/panel/admin/category-static-page-management`;
const LINK_STORE = `${BASE_URL}/panel/admin/link-store`;
const IMPORTS = `${BASE_URL}/panel/admin/business-imports`;
const PLANS = `${BASE_URL}/panel/admin/plans-pricing-management`;

test("a staff member whose phone asks for Hindi gets the category pages, the Link Store, imports and plan validity in Hindi", async ({ browser }) => {
  const context = await browser.newContext({ locale: "hi-IN", viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await loginAs(page, "admin");

    await test.step("Category Static Page Management: the list, the form and a refused duplicate", async () => {
      await page.goto(CATEGORY_PAGES);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1, name: "कैटेगरी पेज मैनेजमेंट" })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "खोजें" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "दिखाएँ" })).toBeVisible();
      const list = page.getByRole("list", { name: "कैटेगरी पेज" });
      await expect(list.getByRole("heading", { name: "Sweet Shop" })).toBeVisible();
      await expect(list.getByRole("link", { name: "Sweet Shop पेज बदलें" })).toBeVisible();
      await expect(list.getByText("प्रकाशित").first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);

      await list.getByRole("link", { name: "Sweet Shop पेज हटाएँ" }).click();
      const dialog = page.getByRole("dialog", { name: "पक्का करें" });
      await expect(dialog).toContainText("Sweet Shop पेज हटाएँ? उस कैटेगरी के कार्ड पर इसका लिंक नहीं रहेगा।");
      await dialog.getByRole("button", { name: "रद्द करें" }).click();
      await expect(dialog).toHaveCount(0);

      await page.getByRole("link", { name: "पेज जोड़ें" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "कैटेगरी पेज जोड़ें" })).toBeVisible();
      await expect(page.getByText("सेक्शन (वैकल्पिक; खाली सेक्शन छोड़ दिया जाता है)")).toBeVisible();
      await expect(page.getByLabel("JPEG, PNG या WebP अपलोड करें")).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      // A category that already has a page: the API refuses it, in Hindi, next to the field.
      await field(page, "बिज़नेस कैटेगरी").fill("Sweet Shop");
      await field(page, "शीर्षक").fill("दूसरा पेज");
      await page.getByRole("button", { name: "पेज जोड़ें" }).click();
      await expect(page.getByText("इस कैटेगरी का पेज पहले से है।")).toBeVisible();
      await expect(page.getByRole("link", { name: "रद्द करें" })).toBeVisible();
    });

    await test.step("the Link Store: lists, forms, a refused name, a refused delete and a delete", async () => {
      await page.goto(LINK_STORE);
      await expect(page.getByRole("heading", { level: 1, name: "लिंक स्टोर" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^लिंक टाइप \(\d+\)$/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "लिंक टाइप" }).getByText("WhatsApp", { exact: true })).toBeVisible();
      await expect(page.getByRole("list", { name: "लिंक टाइप" }).getByText(/फ़ोन नंबर/).first()).toBeVisible();
      await expect(page.getByRole("combobox", { name: "कैटेगरी" })).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);

      await page.getByRole("link", { name: "लिंक टाइप जोड़ें" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "लिंक टाइप जोड़ें" })).toBeVisible();
      await expect(page.getByRole("radio", { name: "वेबसाइट" })).toBeAttached();
      await expect(page.getByLabel("ग्राहक क्या लिखेंगे")).toBeVisible();
      await expect(page.getByLabel("लिंक प्रीफ़िक्स (वैकल्पिक)")).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      await page.getByRole("link", { name: "रद्द करें" }).click();

      const name = `हिंदी जाँच ${rand()}`;
      await page.getByRole("link", { name: "कैटेगरी जोड़ें" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "लिंक कैटेगरी जोड़ें" })).toBeVisible();
      await field(page, "कैटेगरी का नाम").fill(name);
      await page.getByRole("button", { name: "कैटेगरी जोड़ें" }).click();
      await snackbar(page, `${name} सेव हो गया।`);
      const categories = page.getByRole("list", { name: "लिंक कैटेगरी" });
      // Renamed onto another category's name: refused by the API, in Hindi.
      await categories.getByRole("link", { name: `${name} का नाम बदलें` }).click();
      await expect(page.getByRole("heading", { level: 2, name: `${name} का नाम बदलें` })).toBeVisible();
      await field(page, "कैटेगरी का नाम").fill("Social Media");
      await page.getByRole("button", { name: "कैटेगरी सेव करें" }).click();
      await expect(page.getByText("इस नाम की लिंक कैटेगरी पहले से है।")).toBeVisible();
      await page.getByRole("link", { name: "रद्द करें" }).click();

      // A category with link types cannot go: the API's count is filled into the Hindi message.
      await categories.getByRole("link", { name: "Social Media हटाएँ" }).click();
      await page.getByRole("dialog", { name: "पक्का करें" }).getByRole("button", { name: "ठीक है" }).click();
      await expect(page.getByRole("dialog", { name: "गड़बड़ी" })).toContainText(/इस कैटेगरी में अभी \d+ लिंक टाइप हैं?।/);
      await page.goto(LINK_STORE);
      await categories.getByRole("link", { name: `${name} हटाएँ` }).click();
      await expect(page.getByRole("dialog", { name: "पक्का करें" })).toContainText(`कैटेगरी ${name} हटाएँ?`);
      await page.getByRole("dialog", { name: "पक्का करें" }).getByRole("button", { name: "ठीक है" }).click();
      await snackbar(page, "कैटेगरी हटा दी गई।");
      await expect(categories.getByText(name)).toHaveCount(0);
    });

    await test.step("bulk onboarding: a refused file and rows' errors in Hindi", async () => {
      await page.goto(IMPORTS);
      const upload = async (fileName: string, csv: string) => {
        await page.getByLabel("CSV या Excel (.xlsx) फ़ाइल").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
        await page.getByRole("button", { name: "अपलोड करें और जाँचें" }).click();
      };
      // A header without business_name: the upload is refused, naming the column.
      await upload("no-name.csv", `owner_phone,category\n9876500000,Sweet Shop ${rand()}\n`);
      await expect(page.getByText("हेडर में business_name नहीं है। कॉलम देखने के लिए टेम्पलेट डाउनलोड करें।")).toBeVisible();
      const tag = rand();
      await upload("hindi-rows.csv", `owner_phone,business_name,category,address,contact_person\n12345,Hindi Check ${tag},Sweet Shop,,\n${randomPhone()},Hindi Check ${tag} 2,Spaceship,,\n`);
      await expect(page.getByText("मालिक का फ़ोन सही भारतीय मोबाइल नंबर नहीं है (6–9 से शुरू होने वाले 10 अंक)।")).toBeVisible();
      await expect(page.getByText('अनजानी श्रेणी "Spaceship"।')).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
    });

    await test.step("a plan's validity in Hindi on Plans & Pricing", async () => {
      await page.goto(PLANS);
      await expect(page.getByText(/^\d+ साल के लिए ₹/).first()).toBeVisible();
      await expectNoOverflow(page);
    });
  } finally {
    await context.close();
  }
});

test("an English browser keeps the English texts of these screens", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-IN", viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await loginAs(page, "admin");
    await page.goto(CATEGORY_PAGES);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Category Static Page Management" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Category pages" }).getByRole("link", { name: "Edit the Sweet Shop page" })).toBeVisible();
    await page.getByRole("link", { name: "Add page" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Add a category page" })).toBeVisible();
    await expect(page.getByLabel("Upload a JPEG, PNG or WebP")).toBeVisible();

    await page.goto(LINK_STORE);
    await expect(page.getByRole("heading", { level: 1, name: "Link Store" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^Link types \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Link categories" }).getByText(/\(\d+ link types?\)/).first()).toBeVisible();
    await page.getByRole("link", { name: "Add link type" }).click();
    await expect(page.getByRole("radio", { name: "Shop / listing" })).toBeAttached();
    await expect(page.getByLabel("Customers type")).toBeVisible();

    await page.goto(PLANS);
    await expect(page.getByText(/ for \d+ years?$/).first()).toBeVisible();
  } finally {
    await context.close();
  }
});
