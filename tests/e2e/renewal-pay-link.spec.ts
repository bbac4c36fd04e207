import { TEST_GATEWAY_TEXTS } from "#contracts/payment-texts.ts";
import { accounts, BASE_URL, DEMO_PASSWORD, expect, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * Renewals that collect themselves (ADR 0067): an owner opens the pay link of a renewal reminder
 * on a 360 px phone, without signing in, pays through the built-in test gateway's Payment Link
 * page, and comes back to a renewed card. A fresh business (made paid by the admin's manual
 * payment) keeps the seeded demo cards as other specs read them.
 */
test.use({ viewport: { width: 360, height: 740 } });

test("an owner pays a renewal link on a phone without signing in, and the card runs a year longer", async ({ page, playwright }) => {
  // The owner's business, with its card, paid for by the agency (cash at the counter).
  const owner = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(owner);
  const businessName = `Renewal Shop ${Math.random().toString(36).slice(2, 7)}`;
  const made = await owner.post("/api/v1/business", { data: { businessName, createDigitalCard: true } });
  expect(made.status(), await made.text()).toBe(200);
  const { business, card } = (await made.json()) as { business: { businessId: number }; card: { cardId: string } | null };
  await owner.dispose();

  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await staff.post("/api/v1/franchisee/login", { data: { phoneNumber: accounts.admin.phoneNumber, password: DEMO_PASSWORD } })).status()).toBe(200);
  const plans = (await (await staff.get("/api/v1/business/subscription-plan")).json()) as { list: { subscriptionPlanId: number; name: string }[] };
  const basic = plans.list.find((p) => p.name === "Basic")!;
  const paid = await staff.post("/api/v1/card-payment", { data: { businessId: business.businessId, planId: basic.subscriptionPlanId, isManualUpdate: true } });
  expect(paid.status(), await paid.text()).toBe(200);
  const firstExpiry = new Date(((await paid.json()) as { expiryDateForCustomer: string }).expiryDateForCustomer);
  // The link the reminders carry (staff can also send it by hand).
  const link = await staff.post("/api/v1/renewals/link", { data: { businessId: business.businessId } });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  await staff.dispose();

  // The owner's phone: no session at all.
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("heading", { name: "Renew your digital card" })).toBeVisible();
  await expect(page.getByText(businessName)).toBeVisible();
  await expect(page.getByText("₹999").first()).toBeVisible();
  await page.getByRole("button", { name: "Pay ₹999" }).click();

  // The Payment Link's page (the test gateway's, with no Razorpay keys).
  await expect(page.getByText(TEST_GATEWAY_TEXTS.title).first()).toBeVisible();
  await expect(page.getByText(`Renew ${businessName}`)).toBeVisible();
  await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();

  // Back on the pay link: renewed, a year after the old expiry.
  await expect(page).toHaveURL(/\/renew\/[^?]+\?payment=paid/);
  await expect(page.getByRole("heading", { name: "Thank you: your card is renewed" })).toBeVisible();
  const newExpiry = new Date(firstExpiry.getTime() + 365 * 86_400_000).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
  await expect(page.getByRole("status")).toContainText(newExpiry.split(" ").at(-1)!);
  // No horizontal scrolling on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The card is there for visitors.
  await page.getByRole("link", { name: "Open your card" }).click();
  if (card) await expect(page).toHaveURL(new RegExp(`/${card.cardId}$`));
  await expect(page.getByRole("heading", { name: businessName }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "This card is not active" })).toHaveCount(0);

  // Opened again later (a second tap on the reminder): it says it is done, and makes no second link.
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("heading", { name: "Thank you: your card is renewed" })).toBeVisible();
});
