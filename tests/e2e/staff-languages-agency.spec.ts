import { expect, loginAs, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { expectNoOverflow } from "../support/no-overflow";

/*
 * Issue 24 / ADR 0066, the platform's own staff screens: Agency Management (the list, the agency
 * form and one agency's page), Ui Customisation, Protected card links, the drawer's extra links and
 * a page still to come, in Hindi for a staff member whose phone asks for Hindi (Accept-Language),
 * at 360 px with nothing overflowing and no serious axe finding; a form's mistakes are told in
 * Hindi, the browser's check and the API's refusal alike. Nothing is saved: the agencies' default
 * languages and brandings stay as they are (other specs change those). An English browser still
 * reads the same screens in English.
 */

const PANEL = "/panel/admin";

test("the platform's staff screens in Hindi for a phone that asks for Hindi", async ({ browser }) => {
  const context = await browser.newContext({ locale: "hi-IN", viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await loginAs(page, "admin");

    await test.step("Agency Management's list in Hindi", async () => {
      await page.goto(`${PANEL}/agency-management`);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1, name: "एजेंसी प्रबंधन" })).toBeVisible();
      await expect(page.getByRole("link", { name: "एजेंसी जोड़ें" })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "खोजें" })).toHaveAttribute("placeholder", "नाम, डोमेन या एडमिन का फ़ोन");
      await expect(page.getByLabel("स्थिति")).toBeVisible();
      await expect(page.getByText(/^\d+ एजेंसियाँ$/)).toBeVisible();
      const list = page.getByRole("list", { name: "एजेंसियाँ" });
      await expect(list).toContainText("Sunrise Media");
      await expect(list.getByText(/^HTTPS: /).first()).toBeVisible();
      await expect(list.getByRole("link", { name: "Sunrise Media की बिलिंग" })).toHaveText("बिलिंग");
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
    });

    await test.step("the agency form in Hindi, its mistakes told in Hindi", async () => {
      await page.getByRole("link", { name: "एजेंसी जोड़ें" }).click();
      await expect(page).toHaveURL(/\?new=1$/);
      await expect(page.getByRole("heading", { level: 2, name: "प्रोडक्ट" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "भुगतान और ग्राहक" })).toBeVisible();
      await expect(page.getByRole("switch", { name: "एजेंसी चालू है" })).toBeChecked();
      await expect(page.getByRole("switch", { name: "ऑनलाइन भुगतान" })).toBeVisible();
      await expect(page.getByLabel("ट्रायल के दिन")).toBeVisible();
      await expect(page.getByLabel("हर कार्ड की कीमत (₹)")).toBeVisible();
      await expect(page.getByRole("link", { name: "रद्द करें" })).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);

      // The browser's own check: a domain that is not one.
      await page.getByLabel("एजेंसी का नाम", { exact: true }).fill(`Hindi Check ${Date.now().toString(36)}`);
      await page.getByLabel("डोमेन", { exact: true }).fill("not a domain");
      await page.getByRole("button", { name: "एजेंसी बनाएँ" }).click();
      await expect(page.getByText("cards.example.com जैसा डोमेन लिखें (https:// या पाथ के बिना)।")).toBeVisible();

      // The API's refusal: Sunrise Media's domain is taken. Nothing is created.
      await page.getByLabel("डोमेन", { exact: true }).fill("sunrise.localhost");
      await page.getByRole("button", { name: "एजेंसी बनाएँ" }).click();
      await expect(page.getByText("यह डोमेन पहले से दूसरी एजेंसी के पास है।")).toBeVisible();
      await expect(page).toHaveURL(/\?new=1$/);
      await expectNoOverflow(page);
    });

    await test.step("one agency's page in Hindi", async () => {
      await page.goto(`${PANEL}/agency-management?search=sunrise`);
      await page.getByRole("link", { name: "Sunrise Media खोलें" }).click();
      await expect(page.getByRole("heading", { level: 2, name: /^डोमेन और HTTPS/ })).toBeVisible();
      await expect(page.getByRole("button", { name: /^(डोमेन जाँचें|फिर से जाँचें)$/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "एजेंसी का एडमिन" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "सेटिंग" })).toBeVisible();
      await expect(page.getByRole("link", { name: "बिलिंग: बिल और भुगतान" })).toBeVisible();
      await expect(page.getByRole("button", { name: "बदलाव सेव करें" })).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      // The admin form without a name or number: told in Hindi, nothing sent.
      await page.getByRole("button", { name: "एडमिन जोड़ें" }).click();
      await expect(page.getByText("एडमिन का नाम ज़रूरी है।")).toBeVisible();
    });

    await test.step("Ui Customisation in Hindi: a too-light brand colour is refused in Hindi", async () => {
      await page.goto(`${PANEL}/ui-customisation`);
      await expect(page.getByRole("heading", { level: 1, name: "UI कस्टमाइज़ेशन" })).toBeVisible();
      await expect(page.getByLabel("एजेंसी", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "खोलें", exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "ब्रांडिंग" })).toBeVisible();
      await expect(page.getByLabel("लोगो अपलोड करें")).toBeAttached();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      await page.getByLabel("ब्रांड का रंग").fill("#2d9bea");
      await page.getByRole("button", { name: "ब्रांडिंग सेव करें" }).click();
      await expect(page.getByText("#2d9bea पर सफ़ेद अक्षरों का कंट्रास्ट 3.00:1 है; बटन को कम से कम 4.5:1 चाहिए (WCAG AA)। #007bc7 आज़माएँ")).toBeVisible();
      await expectNoOverflow(page);
    });

    await test.step("Protected card links in Hindi", async () => {
      await page.goto(`${PANEL}/protected-card-links`);
      await expect(page.getByRole("heading", { level: 1, name: "सुरक्षित कार्ड लिंक" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "प्लैटफ़ॉर्म के जोड़े शब्द" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^पहले से तय \(\d+\)$/ })).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoOverflow(page);
      await page.getByLabel("शब्द (अक्षर और अंक, एक शब्द)").fill("x");
      await page.getByRole("button", { name: "शब्द सुरक्षित करें" }).click();
      await expect(page.getByText("2 से 30 अक्षर या अंक लिखें।")).toBeVisible();
    });

    await test.step("the drawer's own links, a page still to come and an unknown page in Hindi", async () => {
      await page.goto(PANEL);
      await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
      const drawer = page.getByRole("navigation", { name: "मेन्यू" });
      await expect(drawer.getByRole("link", { name: "डिफ़ॉल्ट भाषा" })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "कार्ड थीम" })).toBeVisible();
      // The API's menu in Hindi too: each item is its page's title.
      await expect(drawer.getByRole("link", { name: "सभी बिज़नेस", exact: true })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "एजेंसी प्रबंधन", exact: true })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "All Businesses", exact: true })).toHaveCount(0);
      await page.goto(`${PANEL}/no-such-page`);
      await expect(page.getByRole("heading", { level: 2, name: "नहीं मिला" })).toBeVisible();
      await expect(page.getByText("यह पेज हमें नहीं मिला।")).toBeVisible();
      await expectNoOverflow(page);
    });
  } finally {
    await context.close();
  }
});

test("an English browser still reads these screens in English", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(`${PANEL}/agency-management`);
  await expect(page.getByRole("heading", { level: 1, name: "Agency Management" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Agencies" })).toContainText("Sunrise Media");
  await page.getByRole("link", { name: "Add agency" }).click();
  await expect(page.getByRole("switch", { name: "PDF ID card product" })).toBeVisible();
  await page.getByLabel("Domain", { exact: true }).fill("not a domain");
  await page.getByRole("button", { name: "Create agency" }).click();
  await expect(page.getByText("Enter a domain like cards.example.com (no https:// or path).")).toBeVisible();
  await page.goto(`${PANEL}/ui-customisation`);
  await expect(page.getByRole("heading", { level: 1, name: "Ui Customisation" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save branding" })).toBeVisible();
  await page.goto(`${PANEL}/protected-card-links`);
  await expect(page.getByRole("heading", { level: 1, name: "Protected card links" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Protect word" })).toBeVisible();
});
