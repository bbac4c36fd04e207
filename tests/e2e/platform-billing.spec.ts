import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * The platform's own billing (issue 22, ADR 0037): the platform bills agencies, never itself.
 * Its row in Agency Management ("Card Panel" → Billing) and the Billing page for its admins say
 * so and lead to the agencies' bills, instead of "Error – Agency not found". JavaScript on and off.
 */

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the platform's own row in Agency Management: no bill to itself, and the way to the agencies' bills", async ({ page }) => {
      await loginAs(page, "admin");
      await page.goto("/panel/admin/agency-management");
      await page.getByRole("link", { name: "Billing of Card Panel" }).click();
      await expect(page.getByRole("heading", { name: "Card Panel: billing" })).toBeVisible();
      await expect(page.getByText("The platform does not bill itself")).toBeVisible();
      await expect(page.getByText("Agency not found")).toHaveCount(0);
      await page.getByRole("link", { name: "Agencies' bills in Agency Management" }).click();
      await expect(page).toHaveURL(/\/panel\/admin\/agency-management$/);
      await expect(page.getByRole("link", { name: "Billing of Sunrise Media" })).toBeVisible();

      await page.goto("/panel/admin/billing");
      await expect(page.getByText("The platform does not bill itself")).toBeVisible();
    });
  });
}
