import type { Page } from "@playwright/test";
import { PAYMENT_TEXTS, TEST_GATEWAY_TEXTS } from "#contracts/payments.ts";
import { expect, loginAs, openMenu, signUpByApi, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * A customer pays for a plan from the #upgrade dialog, as a new user would (ADR 0032).
 * No Razorpay keys are set, so the server's built-in test gateway
 * stands in for checkout; Razorpay's checkout.js is never loaded. Each buyer signs up afresh,
 * except the renewal of the expired demo business, tagged @renews-demo: it changes seeded data
 * other specs read, so playwright.config.ts runs it after them.
 */

const rand = () => Math.random().toString(36).slice(2, 7);

/** A new customer with one business on its free trial (made by themselves: they may pay online). */
async function newCustomerWithBusiness(page: Page) {
  await signUpByApi(page.request);
  const businessName = `Payments ${rand()}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName, createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  return businessName;
}

const upgradeDialog = (page: Page) => page.getByRole("dialog", { name: "Pricing" });
const plans = (page: Page) => upgradeDialog(page).getByRole("region", { name: "Subscription plans" });
const planCard = (scope: Page | ReturnType<Page["locator"]>, name: string) => scope.getByRole("article", { name, exact: true });

/** Opens #upgrade the way people do: the drawer's 'Pricing'. */
async function openPricing(page: Page) {
  const drawer = await openMenu(page);
  await drawer.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/#upgrade$/);
  await expect(upgradeDialog(page)).toBeVisible();
  await expect(planCard(upgradeDialog(page), "Basic")).toBeVisible();
}

test.describe("on a phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a new customer opens #upgrade at slide 0, buys a plan through the test gateway, gets a receipt and the paid state", async ({ page }) => {
    const businessName = await newCustomerWithBusiness(page);
    await page.goto("/panel/customer");
    await expect(page.locator("[data-card-state]").first()).toHaveText(/trial/i);

    await openPricing(page);
    // A real modal dialog: focus moves into it.
    await expect(upgradeDialog(page).getByRole("button", { name: "Close pricing" })).toBeFocused();
    await expect(plans(page)).toHaveAttribute("data-current-slide", "0");
    await expect(plans(page).getByRole("group", { name: "1 of 3" })).toHaveAttribute("aria-current", "true");
    const basic = planCard(upgradeDialog(page), "Basic");
    await expect(basic).toContainText("₹999");
    await expect(basic).toContainText("Valid for 1 year");
    await expect(basic).toContainText("Unlimited greeting images");
    await expect(basic).toContainText("3 greeting videos a day");
    await expect(planCard(upgradeDialog(page), "Premium 3 Years")).toContainText("₹5,999");
    await expect(planCard(upgradeDialog(page), "Single PDF ID card")).toContainText("No sample watermark");
    await expectNoSeriousViolations(page);

    // Escape closes it by going back in history; forward opens it again (every hash change counts).
    await page.keyboard.press("Escape");
    await expect(upgradeDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/panel\/customer$/);
    await page.goForward();
    await expect(upgradeDialog(page)).toBeVisible();
    await basic.getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
    await expect(page.getByText(TEST_GATEWAY_TEXTS.title).first()).toBeVisible();
    await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();

    await expect(page).toHaveURL(/\/panel\/thankyou\?/);
    await expect(page.getByText(PAYMENT_TEXTS.success)).toBeVisible();
    await expect(page.getByText(businessName)).toBeVisible();
    await expect(page.getByText("Basic · ₹999")).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: "View receipt" }).click();
    await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
    await expect(page.getByTestId("receipt-amount")).toHaveText("₹999");
    await expect(page.getByText(/Receipt number R-\d{6}/)).toBeVisible();
    // The built-in test gateway took it: the receipt says so, never "Online (Razorpay)" (issue 22).
    await expect(page.getByText("Online (Razorpay)")).toHaveCount(0);
    await expect(page.getByText("Test payment (built-in test gateway) — no money moved")).toBeVisible();
    await expect(page.getByRole("note").filter({ hasText: "No money moved, and this is not a tax receipt." })).toBeVisible();
    // ₹999 with GST inside, the business's state not named: the seller's (Maharashtra), CGST + SGST.
    await expect(page.getByText("Taxable value")).toBeVisible();
    await expect(page.getByLabel("GST breakup")).toContainText("Taxable value₹846.61CGST 9%₹76.20SGST 9%₹76.19");
    await expectNoSeriousViolations(page);

    await page.goto("/panel/customer");
    await expect(page.locator("[data-card-state]").first()).toHaveText("Paid");
  });
});

test("on a desktop the carousel starts at the middle slide", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer");
  await openPricing(page);
  await expect(plans(page)).toHaveAttribute("data-current-slide", "1");
  await expect(plans(page).getByRole("group", { name: "2 of 3" })).toContainText("Premium");
});

test("a failed payment comes back with its reason and changes nothing", async ({ page }) => {
  await newCustomerWithBusiness(page);
  await page.goto("/panel/customer");
  await openPricing(page);
  await planCard(upgradeDialog(page), "Premium").getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
  await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.fail }).click();

  const failed = page.getByRole("dialog", { name: "Payment failed" });
  await expect(failed).toContainText("Payment failed at the test gateway (you pressed Fail payment).");
  await failed.getByRole("button", { name: "Ok" }).click();
  await expect(failed).toBeHidden();
  await expect(page).toHaveURL(/\/panel\/customer$/);
  await expect(page.locator("[data-card-state]").first()).toHaveText(/trial/i);
});

test("a customer of an agency with online payment off is asked to connect with the admin", async ({ page }) => {
  await loginAs(page, "sunriseCustomer");
  await page.goto(`${SUNRISE_URL}/panel/customer`);
  const drawer = await openMenu(page);
  await drawer.getByRole("link", { name: "Pricing" }).click();
  await expect(upgradeDialog(page)).toContainText(PAYMENT_TEXTS.connectWithAdmin);
  await expect(upgradeDialog(page).getByRole("button", { name: PAYMENT_TEXTS.buyNow })).toHaveCount(0);
  // Whom to connect with (issue 22): the agency's name, then its admin's phone and email as links.
  const contact = upgradeDialog(page).getByLabel("Contact");
  await expect(contact).toContainText("Sunrise Media");
  await expect(contact.getByRole("link", { name: /90000\s?00011/ })).toHaveAttribute("href", /^tel:\+?9?1?9000000011$/);
  await expect(contact.getByRole("link", { name: "vikram.rao@sunrisemedia.in" })).toHaveAttribute("href", "mailto:vikram.rao@sunrisemedia.in");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plans page shows the plans and a plan can be bought with plain forms", async ({ page }) => {
    await newCustomerWithBusiness(page);
    await page.goto("/panel/customer");
    // Every trigger (the drawer's 'Pricing', in the closed drawer, and the trial banner's) is a real link to the plans page.
    const triggers = page.getByRole("link", { name: "Pricing", includeHidden: true });
    await expect(triggers.first()).toBeAttached();
    for (const trigger of await triggers.all()) await expect(trigger).toHaveAttribute("href", "/panel/customer/plans#upgrade");
    await page.goto("/panel/customer/plans#upgrade");
    for (const [name, price] of [
      ["Basic", "₹999"],
      ["Premium", "₹2,499"],
      ["Premium 3 Years", "₹5,999"],
    ]) {
      await expect(planCard(page, name)).toBeVisible();
      await expect(planCard(page, name)).toContainText(price);
    }

    await planCard(page, "Premium 3 Years").getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
    await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/thankyou\?/);
    await expect(page.getByText("Premium 3 Years · ₹5,999")).toBeVisible();
    await page.goto("/panel/customer");
    await expect(page.locator("[data-card-state]").first()).toHaveText("Paid");
  });
});

test("the expired demo business renews and its public card comes back @renews-demo", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer");
  await page.getByLabel("Business").selectOption({ label: "Gupta Electricals" });
  await expect(page.locator("[data-card-state]").first()).toHaveText("Expired");
  // Seen expired first, so the public page's micro-cache holds the expired page.
  const card = await page.context().newPage();
  await card.goto("/gupta-electricals");
  await expect(card.getByRole("heading", { name: "This card is not active" })).toBeVisible();

  // The expiry banner's 'Pricing' opens the dialog on this page.
  await page.getByRole("alert").getByRole("link", { name: "Pricing" }).click();
  await expect(upgradeDialog(page)).toBeVisible();
  await planCard(upgradeDialog(page), "Basic").getByRole("button", { name: PAYMENT_TEXTS.buyNow }).click();
  await page.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();
  await expect(page).toHaveURL(/\/panel\/thankyou\?/);
  await expect(page.getByText("Gupta Electricals")).toBeVisible();

  // At once: the grant drops the card's cached page (not after the micro-cache's 5 s).
  await card.reload();
  await expect(card.getByRole("heading", { name: "Gupta Electricals" }).first()).toBeVisible();
  await expect(card.getByRole("heading", { name: "This card is not active" })).toHaveCount(0);
});
