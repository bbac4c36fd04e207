import type { Page } from "@playwright/test";
import { TEST_GATEWAY_TEXTS } from "#contracts/payments.ts";
import { expect, newPassword, randomPhone, readOtp, signUpByApi, test } from "../support/e2e-fixtures";
import { field, waitForHydration } from "../support/card-editor-helpers";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * Issue 24 / ADR 0066: a new customer picks हिन्दी on the sign-in page and sees the sign-up
 * steps, their errors and the panel in Hindi, with `<html lang="hi">`; with JavaScript off too.
 * The public card follows `?lang=` (link previews included).
 */

/** `axe`: check the pages (axe runs in the page, so only with JavaScript on). */
async function signUpInHindi(page: Page, { axe = false } = {}) {
  const phone = randomPhone();
  await page.goto("/panel/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/panel\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { name: "साइन इन" })).toBeVisible();
  if (axe) await expectNoSeriousViolations(page);

  // A bad number: the shared schema's message, in Hindi.
  await page.getByLabel("मोबाइल नंबर").fill("12345");
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();
  await expect(page.getByText("सही मोबाइल नंबर डालें।")).toBeVisible();

  await page.getByLabel("मोबाइल नंबर").fill(phone);
  await page.getByRole("button", { name: "आगे बढ़ें" }).click();
  await expect(page).toHaveURL(/\/panel\/otp/);
  await expect(page.getByRole("heading", { name: "OTP डालें" })).toBeVisible();
  await page.getByRole("textbox", { name: "OTP" }).fill(await readOtp(phone));
  await page.getByRole("button", { name: "पुष्टि करें" }).click();

  await expect(page).toHaveURL(/\/panel\/createPassword/);
  const password = newPassword();
  await page.getByLabel("पासवर्ड", { exact: true }).fill(password);
  await page.getByLabel("पासवर्ड दोबारा डालें").fill(`${password}x`);
  await page.getByRole("button", { name: "पासवर्ड बनाएँ" }).click();
  await expect(page.getByText("दोनों पासवर्ड एक जैसे नहीं हैं।")).toBeVisible();
  await page.getByLabel("पासवर्ड", { exact: true }).fill(password);
  await page.getByLabel("पासवर्ड दोबारा डालें").fill(password);
  await page.getByRole("button", { name: "पासवर्ड बनाएँ" }).click();

  await expect(page).toHaveURL(/\/panel\/customer$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1, name: "होम" })).toBeVisible();
  await expect(page.getByText("स्वागत है!")).toBeVisible();
  await expect(page.getByRole("link", { name: "पहला बिज़नेस जोड़ें" })).toBeVisible();
  if (axe) await expectNoSeriousViolations(page);
}

async function drawerInHindi(page: Page) {
  await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
  const drawer = page.getByRole("navigation", { name: "मेन्यू" });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText("लॉग इन किया है");
  await expect(drawer.getByText("मेरे प्रोजेक्ट")).toBeVisible();
  await expect(drawer.getByRole("button", { name: "लॉग आउट" })).toBeVisible();
  return drawer;
}

// The cheap phones our customers use: nothing may overflow at 360 px in Hindi either.
test.use({ viewport: { width: 360, height: 740 } });

test("a new customer picks हिन्दी on the sign-in page and gets the panel in Hindi; English again from the drawer", async ({ page }) => {
  await signUpInHindi(page, { axe: true });
  await drawerInHindi(page);
  // The account keeps the choice: without this browser's cookie the panel still opens in Hindi.
  await page.context().clearCookies({ name: "cp_lang" });
  await page.goto("/panel/customer");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const drawer = await drawerInHindi(page);
  await drawer.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same sign-up in Hindi works with plain forms", async ({ page }) => {
    await signUpInHindi(page);
    await drawerInHindi(page);
  });

  test("the converted customer screens: the bell and the add-business form, its errors too, in Hindi", async ({ page }) => {
    await signUpInHindi(page);
    await page.goto("/panel/customer/notifications");
    await expect(page.getByRole("heading", { name: "अभी कोई सूचना नहीं" })).toBeVisible();
    await page.goto("/panel/customer");
    await page.getByRole("link", { name: "पहला बिज़नेस जोड़ें" }).click();
    await expect(page.getByRole("heading", { name: "चलिए, आपका पहला बिज़नेस जोड़ते हैं" })).toBeVisible();
    await page.getByRole("button", { name: "आगे बढ़ें" }).click();
    await expect(page.getByText("यह भरना ज़रूरी है।")).toBeVisible();
  });
});

test("the public card's fixed words and link preview follow ?lang=, with a link to each language", async ({ page }) => {
  await page.goto("/sharma-sweets?lang=hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("link", { name: /कॉल करें/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "कॉन्टैक्ट सेव करें" })).toBeVisible();
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "hi_IN");
  await page.getByRole("link", { name: "தமிழ்" }).click();
  await expect(page).toHaveURL(/\/sharma-sweets\?lang=ta$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ta");
  await expect(page.getByRole("link", { name: "தொடர்பைச் சேமி" })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);
});

/** A new customer who chose `language` (stored on the account), with a business and its card: the editor's address. */
async function ownerWithCard(page: Page, language: string, words: { businessName: string; continue: string }) {
  await signUpByApi(page.request);
  expect((await page.request.post("/api/v1/language", { data: { language } })).status()).toBe(200);
  await page.goto("/panel/customer/businesses/add?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true");
  await field(page, words.businessName).fill("Joshi Sweet House");
  await page.getByRole("button", { name: words.continue }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);
  return new URL(page.url()).searchParams.get("businessId")!;
}

/** Nothing wider than the phone: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.body.scrollWidth, clientWidth: document.body.clientWidth }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

test("a customer who chose हिन्दी gets the card editor and the greeting pages in Hindi", async ({ page }) => {
  const businessId = await ownerWithCard(page, "hi", { businessName: "बिज़नेस का नाम", continue: "आगे बढ़ें" });
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1, name: "डिजिटल विज़िटिंग कार्ड" })).toBeVisible();
  await expect(page.getByText("आपके कार्ड का लिंक")).toBeVisible();
  await expect(page.getByRole("link", { name: /मुख्य जानकारी/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /पेमेंट के तरीके/ })).toBeVisible();
  await expect(page).toHaveTitle("डिजिटल विज़िटिंग कार्ड");

  await page.goto(`/panel/customer/digital-card/basic-details?businessId=${businessId}`);
  await waitForHydration(page);
  await expect(page).toHaveTitle("मुख्य जानकारी · डिजिटल विज़िटिंग कार्ड");
  await expect(field(page, "कंपनी का नाम")).toBeVisible();
  await expect(page.getByRole("button", { name: "+ संपर्क जोड़ें" })).toBeVisible();
  // A rule of the shared schema, checked in the browser and said in Hindi; then the save's snackbar.
  await field(page, "ईमेल").fill("not-an-email");
  await page.getByRole("button", { name: "सेव करें", exact: true }).click();
  await expect(page.getByText("सही ईमेल पता डालें।")).toBeVisible();
  await field(page, "ईमेल").fill("");
  // The card needs a phone number (the business was added with its name only).
  await expect(page.getByText("सही मोबाइल नंबर डालें।")).toBeVisible();
  await field(page, "फ़ोन नंबर").fill("9812345678");
  await page.getByRole("button", { name: "सेव करें", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "मुख्य जानकारी सेव हो गई।" })).toBeVisible();

  await page.goto(`/panel/customer/digital-card/settings?businessId=${businessId}`);
  await expect(page.getByText("मेरे कार्ड पर हमारे बारे में दिखाएँ")).toBeVisible();

  await page.goto("/panel/customer/daily-image");
  await expect(page.getByRole("heading", { level: 1, name: "शुभकामना पोस्ट" })).toBeVisible();
  await expect(page.getByRole("button", { name: "खोजें" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "आज" })).toBeVisible();
  await expect(page.getByRole("link", { name: "फ़्रेम सेटिंग" })).toBeVisible();
  await page.getByRole("link", { name: "फ़्रेम सेटिंग" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "फ़्रेम सेटिंग" })).toBeVisible();
  await page.getByRole("button", { name: "फ़्रेम सेव करें" }).click();
  await expect(page.getByRole("status").filter({ hasText: "फ़्रेम सेव हो गया।" })).toBeVisible();
});

test("the card editor in Tamil, its longest language, fits a 360 px phone", async ({ page }) => {
  const businessId = await ownerWithCard(page, "ta", { businessName: "வணிகத்தின் பெயர்", continue: "தொடருங்கள்" });
  await expect(page.locator("html")).toHaveAttribute("lang", "ta");
  await expect(page.getByRole("heading", { level: 1, name: "டிஜிட்டல் விசிட்டிங் கார்டு" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const section of ["basic-details", "payment-options", "about", "products", "links", "settings", "template"]) {
    await page.goto(`/panel/customer/digital-card/${section}?businessId=${businessId}`);
    await expect(page.getByRole("button", { name: "சேமி", exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

/** A new customer who chose `language` (stored on the account), with one business on its free trial. */
async function ownerWithBusiness(page: Page, language: string, businessName = "Joshi Sweet House") {
  await signUpByApi(page.request);
  expect((await page.request.post("/api/v1/language", { data: { language } })).status()).toBe(200);
  const res = await page.request.post("/api/v1/business", { data: { businessName, phoneNumber: "9876512345", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  return { businessId: ((await res.json()) as { business: { businessId: number } }).business.businessId };
}

test("the #upgrade dialog and the plans page in Hindi: plans, limits, the PDF card, Buy now", async ({ page }) => {
  await ownerWithBusiness(page, "hi");
  await page.goto("/panel/customer");
  await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
  await page.getByRole("navigation", { name: "मेन्यू" }).getByRole("link", { name: "प्लान और क़ीमत" }).click();
  const dialog = page.getByRole("dialog", { name: "प्लान और क़ीमत" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "प्लान बंद करें" })).toBeVisible();
  await expect(dialog.getByText("Joshi Sweet House के लिए")).toBeVisible();
  const basic = dialog.getByRole("article", { name: "Basic", exact: true });
  await expect(basic).toContainText("1 साल के लिए मान्य");
  await expect(basic).toContainText("अनलिमिटेड शुभकामना फ़ोटो");
  await expect(basic.getByRole("button", { name: "अभी खरीदें" })).toBeVisible();
  await expect(dialog.getByRole("article", { name: "एक PDF आईडी कार्ड" })).toContainText("सैंपल वॉटरमार्क नहीं");

  await page.goto("/panel/customer/plans");
  await expect(page).toHaveTitle("प्लान और क़ीमत");
  await expect(page.getByRole("heading", { name: "Joshi Sweet House के लिए प्लान" })).toBeVisible();
  await expect(page.getByRole("region", { name: "सब्सक्रिप्शन प्लान" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("PDF ID cards and promotional videos in Hindi: templates, the card's page and its form, the videos page", async ({ page }) => {
  const { businessId } = await ownerWithBusiness(page, "hi", "Verma Opticals");
  await page.goto(`/panel/customer/pdf-card-templates?businessId=${businessId}`);
  await expect(page).toHaveTitle("PDF आईडी कार्ड टेम्पलेट");
  await expect(page.getByRole("heading", { name: "टेम्पलेट चुनें" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Mint टेम्पलेट का प्रीव्यू" })).toBeVisible();
  await page.getByRole("button", { name: "Mint चुनें" }).click();
  await expect(page.getByRole("status").filter({ hasText: "PDF कार्ड बन गया।" })).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/customer\/pdf-cards\/\d+$/);
  await expect(page).toHaveTitle("Verma Opticals · PDF आईडी कार्ड");
  await expect(page.getByText("सैंपल", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "सैंपल PDF डाउनलोड करें" })).toBeVisible();
  await page.getByRole("group", { name: "एक व्यक्ति जोड़ें" }).getByLabel("नाम").fill("Priya Verma");
  await page.getByRole("button", { name: "जानकारी सेव करें" }).click();
  await expect(page.getByRole("status").filter({ hasText: "PDF कार्ड सेव हो गया।" })).toBeVisible();
  await expect(page.getByRole("group", { name: "व्यक्ति 2" }).getByLabel("नाम")).toHaveValue("Priya Verma");
  await expectNoSidewaysScroll(page);
  // The check while typing (JavaScript on) speaks Hindi too, before anything is sent.
  await page.getByLabel("कंपनी का नाम").fill("");
  await page.getByLabel("कंपनी का नाम").press("Tab");
  await expect(page.getByText("यह भरना ज़रूरी है।")).toBeVisible();
  await page.getByLabel("ईमेल 1").fill("priya@");
  await page.getByLabel("ईमेल 1").press("Tab");
  await expect(page.getByText("सही ईमेल पता डालें।")).toBeVisible();
  await expect(page.getByText("This field is required.")).toHaveCount(0);

  await page.goto(`/panel/customer/video-templates?businessId=${businessId}`);
  await expect(page).toHaveTitle("प्रचार वीडियो");
  await expect(page.getByRole("heading", { name: "टेम्पलेट चुनें" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verma Opticals के वीडियो" })).toBeVisible();
  await expect(page.getByText("अभी कोई वीडियो नहीं है।", { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The order form's check while typing, in Hindi, before ordering.
  await page.locator('section[aria-labelledby="templates-heading"] a').first().click();
  await page.getByLabel("बिज़नेस का नाम").fill("क".repeat(81));
  await page.getByLabel("बिज़नेस का नाम").press("Tab");
  await expect(page.getByText("बिज़नेस का नाम बहुत लंबा है।")).toBeVisible();
  await expect(page.getByText("Business name is too long.")).toHaveCount(0);
});

test("Feedback, My Projects, the share kit, the business selector and a receipt in Hindi", async ({ page }) => {
  const { businessId } = await ownerWithBusiness(page, "hi", "Verma Opticals");
  await page.goto("/panel/customer/feedback");
  await expect(page).toHaveTitle("फ़ीडबैक और पूछताछ");
  await expect(page.getByRole("heading", { name: "अभी कोई मैसेज नहीं" })).toBeVisible();
  await expect(page.getByRole("group", { name: "नई पूछताछ की सूचना" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "बिज़नेस" })).toHaveValue(String(businessId));

  await page.goto("/panel/customer/projects");
  await expect(page).toHaveTitle("मेरे प्रोजेक्ट");
  await expect(page.getByText("डिजिटल विज़िटिंग कार्ड · 0 बार देखा गया")).toBeVisible();
  await expect(page.getByLabel("पब्लिक लिंक")).toHaveValue(/^http/);
  await expect(page.getByRole("link", { name: "कार्ड बदलें" })).toBeVisible();
  await page.goto("/panel/customer/projects?projectType=pdf_id_card");
  await expect(page.getByRole("heading", { name: "अभी कोई PDF आईडी कार्ड नहीं" })).toBeVisible();
  await page.goto("/panel/customer/projects?projectType=promotional_video");
  await expect(page.getByRole("heading", { name: "अभी कोई प्रचार वीडियो नहीं" })).toBeVisible();

  await page.goto("/panel/customer/share-kit");
  await expect(page).toHaveTitle("ऑफ़लाइन शेयर किट");
  await expect(page.getByRole("heading", { name: "हर फ़ोन पर चलता है, बिना इंटरनेट के भी" })).toBeVisible();
  await expect(page.getByRole("link", { name: "काउंटर पोस्टर डाउनलोड करें (A6 PDF)" })).toBeVisible();

  // A plan bought on the test gateway: its receipt.
  await page.goto("/panel/customer/plans");
  await page.getByRole("article", { name: "Basic", exact: true }).getByRole("button", { name: "अभी खरीदें" }).click();
  await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();
  await expect(page).toHaveURL(/\/panel\/thankyou\?/);
  await page.getByRole("link", { name: "रसीद देखें" }).click();
  await expect(page.getByRole("heading", { name: "पेमेंट की रसीद" })).toBeVisible();
  await expect(page).toHaveTitle(/^रसीद R-\d{6}$/);
  await expect(page.getByRole("note")).toHaveText("टेस्ट पेमेंट: बिल्ट-इन टेस्ट गेटवे पर हुआ। कोई पैसा नहीं कटा, और यह टैक्स रसीद नहीं है।");
  await expect(page.getByText("राशि (टेस्ट, पैसा नहीं कटा)")).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test.describe("without JavaScript, before signing in", () => {
  test.use({ javaScriptEnabled: false });

  test("the not-found page, a bad unsubscribe link and the error dialog in this browser's Hindi", async ({ page }) => {
    expect((await page.request.post("/api/v1/language", { data: { language: "hi" } })).status()).toBe(200);
    const missing = await page.goto("/no/such/page");
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle("नहीं मिला");
    await expect(page.getByRole("heading", { name: "नहीं मिला" })).toBeVisible();
    await expect(page.getByText("यह पेज नहीं मिला।")).toBeVisible();
    await expect(page.getByRole("link", { name: "मेरे होम पेज पर जाएँ" })).toBeVisible();

    await page.goto("/unsubscribe/not-a-real-token");
    const dialog = page.getByRole("dialog", { name: "गड़बड़ी" });
    await expect(dialog).toContainText("सदस्यता छोड़ने का यह लिंक सही नहीं है।");
    await expect(dialog.getByRole("button", { name: "ठीक है" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "गड़बड़ी बंद करें" })).toBeVisible();
  });
});

test("the newly converted customer pages in Tamil, its longest language, fit a 360 px phone", async ({ page }) => {
  const { businessId } = await ownerWithBusiness(page, "ta", "Murugan Stores");
  for (const path of [
    "/panel/customer/plans",
    `/panel/customer/pdf-card-templates?businessId=${businessId}`,
    `/panel/customer/video-templates?businessId=${businessId}`,
    "/panel/customer/feedback",
    "/panel/customer/projects",
    "/panel/customer/share-kit",
  ]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expectNoSidewaysScroll(page);
  }
  await page.goto("/panel/customer/plans");
  await expect(page.getByRole("heading", { name: "Murugan Stores க்கான பிளான்கள்" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Basic", exact: true }).getByRole("button", { name: "இப்போதே வாங்கு" })).toBeVisible();
});
