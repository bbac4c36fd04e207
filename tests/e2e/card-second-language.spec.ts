import { BASE_URL, expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * A card in two languages (issue 24, ADR 0075): the owner writes the Hindi texts on the editor's
 * Second language page (JavaScript off: a plain form); a visitor whose browser asks for Hindi
 * sees them with no script, and the card's one link switches to English.
 */

test.use({ javaScriptEnabled: false });

test("an owner fills the Hindi texts; a Hindi browser sees them and the link shows English", async ({ page, browser }) => {
  await loginAs(page, "customer");
  const businessName = `Mehta Tiffins ${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName, phoneNumber: "9812345678", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  const { business, card } = (await res.json()) as { business: { businessId: number }; card: { cardId: string } };

  await page.goto(`/panel/customer/digital-card?businessId=${business.businessId}`);
  await page.getByRole("link", { name: /Second language/ }).first().click();
  await expect(page).toHaveURL(/\/digital-card\/second-language\?businessId=/);
  await page.getByLabel("Second language", { exact: true }).selectOption("hi");
  await page.getByLabel("Business name", { exact: true }).fill("मेहता टिफ़िन");
  await page.getByLabel("Designation", { exact: true }).fill("मालिक");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Second language saved." })).toBeVisible();
  await expect(page.getByLabel("Business name", { exact: true })).toHaveValue("मेहता टिफ़िन");

  const visitor = await browser.newContext({ baseURL: BASE_URL, locale: "hi-IN", javaScriptEnabled: false });
  const card_ = await visitor.newPage();
  await card_.goto(`/${card.cardId}`);
  await expect(card_.locator("html")).toHaveAttribute("lang", "hi");
  await expect(card_.getByRole("heading", { name: "मेहता टिफ़िन" }).first()).toBeVisible();
  await expect(card_.locator('meta[property="og:title"]')).toHaveAttribute("content", "मेहता टिफ़िन");
  // The card's own switch (top), beside the footer's list of every language (ADR 0066).
  const toEnglish = card_.getByRole("navigation", { name: "कार्ड की भाषा" }).getByRole("link", { name: "English", exact: true });
  await expect(toEnglish).toHaveAttribute("href", `/${card.cardId}?lang=en`);
  await toEnglish.click();
  await expect(card_.locator("html")).toHaveAttribute("lang", "en");
  await expect(card_.getByRole("heading", { name: businessName }).first()).toBeVisible();
  await expect(card_.locator('meta[property="og:title"]')).toHaveAttribute("content", businessName);
  await expect(card_.getByRole("navigation", { name: "Card language" }).getByRole("link", { name: "हिन्दी", exact: true })).toHaveAttribute("href", `/${card.cardId}?lang=hi`);
  await visitor.close();
});
