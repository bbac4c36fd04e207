import { TEST_GATEWAY_TEXTS } from "#contracts/payment-texts.ts";
import { accounts, BASE_URL, DEMO_PASSWORD, expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * The renewal pipeline (ADR 0067) as an agency admin uses it, on a 360 px phone with JavaScript
 * off: from Home to the pipeline, a card with a pay link under "Reminded", a pay link made from the
 * page, the owner paying it without signing in, and the card moving to "Paid" with the month's
 * rate counting it. A fresh business keeps the demo cards as other specs read them.
 */
test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

test("an admin follows a renewal from Reminded to Paid on the pipeline page", async ({ page, playwright, browser }) => {
  const owner = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(owner);
  const businessName = `Pipeline Shop ${Math.random().toString(36).slice(2, 7)}`;
  const made = await owner.post("/api/v1/business", { data: { businessName, createDigitalCard: true } });
  expect(made.status(), await made.text()).toBe(200);
  const { business } = (await made.json()) as { business: { businessId: number } };
  await owner.dispose();

  // The agency takes cash for a plan, and sends the renewal link by hand: a reminded renewal.
  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  expect((await staff.post("/api/v1/franchisee/login", { data: { phoneNumber: accounts.admin.phoneNumber, password: DEMO_PASSWORD } })).status()).toBe(200);
  const plans = (await (await staff.get("/api/v1/business/subscription-plan")).json()) as { list: { subscriptionPlanId: number; name: string }[] };
  const basic = plans.list.find((p) => p.name === "Basic")!;
  expect((await staff.post("/api/v1/card-payment", { data: { businessId: business.businessId, planId: basic.subscriptionPlanId, isManualUpdate: true } })).status()).toBe(200);
  expect((await staff.post("/api/v1/renewals/link", { data: { businessId: business.businessId } })).status()).toBe(200);
  await staff.dispose();

  await loginAs(page, "admin");
  await page.goto("/panel/admin");
  await page.getByRole("link", { name: "Renewal pipeline" }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/renewals/);
  await expect(page.getByRole("heading", { name: "Renewals" }).first()).toBeVisible();
  const stages = page.getByRole("navigation", { name: "Renewals" });
  const reminded = stages.getByRole("link", { name: /Reminded/ });
  expect(Number((await reminded.innerText()).match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
  await reminded.click();
  await expect(reminded).toHaveAttribute("aria-current", "page");

  // The card is listed (the newest may be on a later page: find it by following the pager).
  let row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: businessName }) });
  while ((await row.count()) === 0) {
    await page.getByRole("link", { name: /Next/ }).click();
    row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: businessName }) });
  }
  await row.getByRole("button", { name: "Get pay link" }).click();
  const ready = page.getByRole("status").filter({ hasText: `Pay link for ${businessName}:` });
  await expect(ready).toBeVisible();
  const url = /(https?:\/\/\S+\/renew\/\S+)/.exec(await ready.innerText())![1]!;

  // The owner pays it on their own phone, without signing in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const ownerPage = await phone.newPage();
  await ownerPage.goto(new URL(url, BASE_URL).pathname);
  await ownerPage.getByRole("button", { name: "Pay ₹999" }).click();
  await ownerPage.getByRole("button", { name: TEST_GATEWAY_TEXTS.pay }).click();
  await expect(ownerPage.getByRole("heading", { name: "Thank you: your card is renewed" })).toBeVisible();
  await phone.close();

  // Paid now: listed under Paid (other specs may add renewals meanwhile: no exact counts).
  await page.goto("/panel/admin/renewals?stage=paid");
  const paid = stages.getByRole("link", { name: /Paid/ });
  await expect(paid).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: businessName })).toBeVisible();
  expect(Number((await paid.innerText()).match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole("heading", { name: "Renewal rate by month of expiry" })).toBeVisible();
  // No horizontal scrolling on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
