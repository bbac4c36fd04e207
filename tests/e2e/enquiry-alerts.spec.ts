import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * The owner's enquiry tools on the feedback page (ADR 0054): tick which channels a new enquiry
 * reaches them on, with JavaScript on and off (a fresh business each time, so no other spec's
 * alerts change), and download the enquiries as CSV and as contacts.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the owner turns SMS alerts off and back on", async ({ page }) => {
      await loginAs(page, "customer");
      const res = await page.request.post("/api/v1/business", {
        data: { businessName: `Alert Optics ${Math.random().toString(36).slice(2, 8)}`, phoneNumber: "9812345678" },
      });
      expect(res.status(), await res.text()).toBe(200);
      const { business } = (await res.json()) as { business: { businessId: number } };
      await page.goto(`/panel/customer/feedback?businessId=${business.businessId}`);

      const alerts = page.getByRole("group", { name: "Alerts for new enquiries" });
      const sms = alerts.getByRole("checkbox", { name: "SMS" });
      await expect(sms).toBeChecked();
      await expect(alerts.getByRole("checkbox", { name: "Email" })).toBeChecked();
      await sms.uncheck();
      await page.getByRole("button", { name: "Save alerts" }).click();
      await expect(page.getByText("Alert settings saved.")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`businessId=${business.businessId}`));
      await page.reload();
      await expect(sms).not.toBeChecked();
      await expect(alerts.getByRole("checkbox", { name: "Email" })).toBeChecked();
      await expect(alerts.getByRole("checkbox", { name: "WhatsApp" })).toBeChecked();

      await sms.check();
      await page.getByRole("button", { name: "Save alerts" }).click();
      await expect(page.getByText("Alert settings saved.")).toBeVisible();
      await page.reload();
      await expect(sms).toBeChecked();
    });
  });
}

test("the owner downloads the enquiries as CSV and as contacts", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer/feedback");
  const csv = await page.getByRole("link", { name: "Download as CSV (spreadsheet)" }).getAttribute("href");
  const vcf = await page.getByRole("link", { name: "Save all as contacts (vCard)" }).getAttribute("href");
  const csvRes = await page.request.get(csv!);
  expect(csvRes.headers()["content-type"]).toContain("text/csv");
  expect(await csvRes.text()).toContain("Received,Kind,Name,Phone number,Email,Message");
  const vcfRes = await page.request.get(vcf!);
  expect(vcfRes.headers()["content-type"]).toContain("text/vcard");
  expect(await vcfRes.text()).toContain("BEGIN:VCARD");
});
