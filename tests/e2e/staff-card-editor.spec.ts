import { BASE_URL, expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * Staff edit a customer's card with the customer's own editor (issue 22, ADR 0049): the demo
 * admin opens a business, follows "Edit card", saves a tagline, and the public card shows it.
 */

test("the admin edits a customer's card from the staff business page", async ({ page, browser }) => {
  // The customer's own business with a card, made through the API so the demo cards stay as they are.
  await loginAs(page, "customer");
  const businessName = `Kulkarni Florists ${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post("/api/v1/business", { data: { businessName, phoneNumber: "9812345678", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  const { business, card } = (await res.json()) as { business: { businessId: number }; card: { cardId: string } };

  const staff = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await loginAs(staff, "admin");
  await staff.goto(`/panel/admin/businesses/${business.businessId}`);
  await staff.getByRole("link", { name: "Edit card", exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`/panel/admin/digital-card\\?businessId=${business.businessId}$`));
  await staff.getByRole("link", { name: /^Basic details/ }).first().click();
  await expect(staff).toHaveURL(new RegExp(`/panel/admin/digital-card/basic-details\\?businessId=${business.businessId}$`));

  const tagline = "Fresh marigold garlands every morning";
  await staff.getByLabel("Tagline", { exact: true }).fill(tagline);
  await staff.getByRole("button", { name: "Save", exact: true }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Basic details saved." })).toBeVisible();
  await expect(staff).toHaveURL(/\/panel\/admin\/digital-card\/basic-details/);

  await staff.goto(`/${card.cardId}`);
  await expect(staff.getByText(tagline)).toBeVisible();
  await staff.context().close();
});
