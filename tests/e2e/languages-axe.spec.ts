import type { Browser, Page } from "@playwright/test";
import { LANGUAGES, LANGUAGE_NAMES, type Language } from "#contracts/i18n/languages.ts";
import { expect, loginAs, signUpByApi, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";
import { expectNoOverflow } from "../support/no-overflow";

/*
 * Issue 24: axe at 360 px in each of the Indian languages, and nothing wider than the phone. The
 * browser asks for the language (Accept-Language) on the pages nobody is signed in to; the new
 * customer then chooses it on the account, as the drawer's switch does. The pages are the ones a
 * customer meets first and the public card.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function checkPage(page: Page, path: string, lang: string, { axe = true } = {}) {
  await page.goto(path);
  await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
  if (axe) await expectNoSeriousViolations(page);
  await expectNoOverflow(page, `${path} in ${lang}`);
}

async function inLanguage(browser: Browser, lang: Language, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ locale: lang === "en" ? "en-IN" : `${lang}-IN`, viewport: { width: 360, height: 740 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

// English is walked by accessibility.spec.ts; the staff screens in Hindi and Marathi by the staff-languages specs.
for (const lang of LANGUAGES.filter((l) => l !== "en")) {
  test(`${LANGUAGE_NAMES[lang]} (${lang}): axe on the sign-in page, the public card and a new customer's home; nothing wider than 360 px`, async ({ browser }) => {
    await inLanguage(browser, lang, async (page) => {
      await checkPage(page, "/panel/login", lang);
      await checkPage(page, `/sharma-sweets?lang=${lang}`, lang);

      await signUpByApi(page.request);
      expect((await page.request.post("/api/v1/language", { data: { language: lang } })).status()).toBe(200);
      const res = await page.request.post("/api/v1/business", { data: { businessName: "Joshi Sweet House", phoneNumber: "9876512345", createDigitalCard: true } });
      expect(res.status(), await res.text()).toBe(200);
      const { businessId } = ((await res.json()) as { business: { businessId: number } }).business;
      await checkPage(page, "/panel/customer", lang);
      // The longest forms and lists: width only (axe on them runs in languages.spec.ts for Hindi).
      for (const path of [`/panel/customer/digital-card/basic-details?businessId=${businessId}`, `/panel/customer/daily-image?businessId=${businessId}`, "/panel/customer/plans"])
        await checkPage(page, path, lang, { axe: false });
    });
  });
}

test("the agency's pay pages in Hindi: month payment, greeting-image service, PDF card prices", async ({ browser }) => {
  await inLanguage(browser, "hi", async (page) => {
    await loginAs(page, "sunriseAdmin");
    await page.goto(`${SUNRISE_URL}/panel/payment/month-payment`);
    await expect(page.getByRole("heading", { name: "महीने का भुगतान" })).toBeVisible();
    await expect(page.getByRole("link", { name: "बिलिंग पर वापस" })).toBeVisible();
    await page.goto(`${SUNRISE_URL}/panel/payment/agency-image-payment`);
    await expect(page.getByRole("heading", { name: "एजेंसी इमेज भुगतान" })).toBeVisible();
    await expect(page.getByText("ग्रीटिंग इमेज सेवा", { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`${SUNRISE_URL}/panel/payment/agency-pdf-card-payment`);
    await expect(page.getByText("प्लेटफ़ॉर्म हर PDF ID कार्ड प्लान का कितना लेता है")).toBeVisible();
  });
});
