import { expect, loginAs, openMenu, test } from "../support/e2e-fixtures";

/*
 * A customer finds a paid plan's receipt again, long after the thank-you page (ADR 0035): the
 * drawer's Receipts lists the active business's paid plans, each opening its receipt. Without
 * JavaScript too: the drawer, the list and the receipt are plain links.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the drawer's Receipts lists the paid plans; one opens its receipt", async ({ page }) => {
      await loginAs(page, "customer");
      await page.goto("/panel/customer");
      const drawer = await openMenu(page);
      await drawer.getByRole("link", { name: "Receipts", exact: true }).click();

      await expect(page).toHaveURL(/\/panel\/customer\/receipts$/);
      await expect(page).toHaveTitle("Receipts");
      // The demo customer's active business paid for Premium (₹2,499), recorded by the agency.
      await expect(page.getByRole("heading", { name: "Sharma Sweets's receipts" })).toBeVisible();
      const premium = page.getByRole("link").filter({ hasText: "₹2,499" }).filter({ hasText: /Premium · R-\d{6}/ });
      await expect(premium.first()).toContainText(/Paid on .+ · valid until /);
      const receiptNo = (await premium.first().textContent())!.match(/R-\d{6}/)![0];

      await premium.first().click();
      await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
      await expect(page.getByText(`Receipt number ${receiptNo}`)).toBeVisible();
      await expect(page.getByTestId("receipt-amount")).toHaveText("₹2,499");

      // The agency's invoice details, and no blank lines for what is not on file (issue 22, ADR 0042).
      const from = page.getByRole("region", { name: "From" });
      await expect(from).toContainText("Card Panel Technologies Pvt. Ltd.");
      await expect(from).toContainText("Pune, Maharashtra 411005");
      await expect(from).toContainText("GSTIN27AABCC1234D1Z5");
      await expect(page.getByRole("region", { name: "Billed to" })).not.toContainText("GSTIN");
      await expect(page.getByText("Blank")).toHaveCount(0);
      // GST-inclusive ₹2,499 to Rajasthan from Maharashtra: IGST.
      await expect(page.getByLabel("GST breakup")).toContainText("Taxable value₹2,117.80IGST 18%₹381.20");
      await expect(page.getByText("Prices include GST. Place of supply: Rajasthan (08).")).toBeVisible();
      await expect(page.getByText("Recorded by the agency")).toBeVisible();
    });
  });
}

test("a business with nothing paid: no receipts yet, and the way to the plans", async ({ page }) => {
  await loginAs(page, "customer");
  const res = await page.request.post("/api/v1/business", {
    data: { businessName: `Rao Optics ${Math.random().toString(36).slice(2, 8)}`, phoneNumber: "9812345678" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { business } = (await res.json()) as { business: { businessId: number } };

  await page.goto(`/panel/customer/receipts?businessId=${business.businessId}`);
  await expect(page.getByText("No receipts yet: a receipt appears here once a plan is paid for.")).toBeVisible();
  await expect(page.getByRole("link", { name: "See the plans" })).toBeVisible();
  // Another customer's business is not found, not listed.
  await page.goto("/panel/customer/receipts?businessId=999999");
  await expect(page.getByText("Business not found.")).toBeVisible();
});
