import { expect, loginAs, randomPhone, test } from "../support/e2e-fixtures";

/*
 * Bulk onboarding (issue 25, ADR 0058) as an agency admin uses it: from All Businesses, upload a
 * CSV of 50 shops, read the preview, import, watch the progress page finish (it refreshes itself),
 * then find the shops in All Businesses. With JavaScript on and off (the upload is a plain form).
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an agency imports a CSV of 50 shops and sees them", async ({ page }) => {
      const tag = `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
      let csv = "owner_phone,business_name,category,address,contact_person\n";
      for (let i = 1; i <= 50; i++) csv += `${randomPhone()},Market Shop ${tag} ${i},Sweet Shop,"Shop ${i}, Main Bazar",\n`;
      csv += `12345,Broken Shop ${tag},Sweet Shop,,\n`;

      await loginAs(page, "admin");
      await page.goto("/panel/admin/businesses");
      await page.getByRole("link", { name: "Import from a file" }).click();
      await page.getByLabel("CSV or Excel (.xlsx) file").setInputFiles({ name: `shops-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Upload and check" }).click();

      await expect(page.getByTestId("import-status")).toContainText("51 rows, 50 ready, 1 with errors.");
      await page.getByRole("link", { name: "Only errors" }).click();
      await expect(page.getByText("Owner phone is not a valid Indian mobile number")).toBeVisible();

      await page.getByRole("button", { name: "Import 50 businesses" }).click();
      await expect(page.getByRole("progressbar")).toBeVisible();
      // The page reloads itself until the job has finished.
      await expect(page.getByTestId("import-status")).toContainText("Imported: 51 rows", { timeout: 60_000 });
      await expect(page.getByTestId("import-status")).toContainText("50 created, 0 already there.");
      await expect(page.getByRole("link", { name: "Download the result report (CSV)" })).toBeVisible();

      await page.goto(`/panel/admin/businesses?search=${encodeURIComponent(`Market Shop ${tag} 50`)}`);
      await expect(page.getByRole("link", { name: `Market Shop ${tag} 50`, exact: true }).first()).toBeVisible();
    });
  });
}
