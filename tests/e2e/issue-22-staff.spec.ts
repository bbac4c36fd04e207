import { expect, loginAs, SUNRISE_URL, test } from "../support/e2e-fixtures";

/*
 * Issue 22 ("What a new user found"), staff screens (ADR 0044): no permission jargon or ADR
 * numbers on staff forms, and the platform's invoice details form, JavaScript on and off. The
 * payment method, the bill's lines, the report names, greetings on and the contact under
 * 'Connect with admin' are in admin-payments, agency-billing, reports, staff-projects and
 * customer-payments.
 */

test("a staff page's error keeps the panel frame, and its dialog closes back to the staff home", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/panel/admin/businesses/999999");
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toContainText("Business not found.");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/panel\/admin$/);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("staff forms speak plainly: no permissions box, no ADR number", async ({ page }) => {
      await loginAs(page, "admin");
      await page.goto("/panel/admin/franchisees?new=1");
      await expect(page.getByRole("heading", { name: "Add a staff member" })).toBeVisible();
      await expect(page.getByText(/permission/i)).toHaveCount(0);
      await page.goto("/panel/admin/agency-management?new=1");
      await expect(page.getByText("What the platform bills this agency each month.")).toBeVisible();
      await expect(page.getByText(/ADR \d{4}/)).toHaveCount(0);
    });

    test("the platform's admin protects a brand-like word from new card links, and removes it again", async ({ page }) => {
      const word = javaScriptEnabled ? "bikanervala" : "haldiram";
      await loginAs(page, "admin");
      await page.goto("/panel/admin/projects");
      await page.getByRole("link", { name: "Protected card links" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Protected card links");
      await page.getByLabel("Word (letters and digits, one word)").fill("two words");
      await page.getByRole("button", { name: "Protect word" }).click();
      await expect(page.getByText("Use only letters a–z and digits (one word, no spaces or hyphens).")).toBeVisible();
      await page.getByLabel("Word (letters and digits, one word)").fill(word);
      await page.getByRole("button", { name: "Protect word" }).click();
      await expect(page.getByText(`"${word}" is protected: new card links cannot use it.`)).toBeVisible();
      const added = page.getByRole("list", { name: "Added words" });
      await expect(added).toContainText(word);
      await added.getByRole("link", { name: `Remove ${word}` }).click();
      await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
      await expect(page.getByText(`"${word}" is no longer protected.`)).toBeVisible();
      await expect(page.getByText(word, { exact: true })).toHaveCount(0);
    });

    test("'Connect with admin' names the agency, its phone and its email", async ({ page }) => {
      await loginAs(page, "sunriseCustomer");
      await page.goto(`${SUNRISE_URL}/panel/customer/plans`);
      await expect(page.getByText("Please connect with admin to purchase subscription plan.")).toBeVisible();
      const contact = page.getByLabel("Contact");
      await expect(contact).toContainText("Sunrise Media");
      await expect(contact.getByRole("link", { name: /90000\s?00011/ })).toHaveAttribute("href", /^tel:(\+91)?9000000011$/);
      await expect(contact.getByRole("link", { name: "vikram.rao@sunrisemedia.in" })).toHaveAttribute("href", "mailto:vikram.rao@sunrisemedia.in");
    });

    test("the platform's admin edits the invoice details printed on agency bills", async ({ page }) => {
      await loginAs(page, "admin");
      await page.goto("/panel/admin/billing");
      await expect(page.getByText("The platform does not bill itself")).toBeVisible();
      const form = page.getByRole("form", { name: "Invoice details" }).or(page.locator("form#invoice-issuer"));
      await expect(form.getByLabel("GSTIN")).toHaveValue("27AABCC1234D1Z5");
      await form.getByLabel("GSTIN").fill("27AABCC12");
      await form.getByRole("button", { name: "Save invoice details" }).click();
      await expect(page.getByText("A GSTIN has 15 characters, like 27AABCC1234D1Z5.")).toBeVisible();
      const legal = javaScriptEnabled ? "Card Panel Technologies Pvt. Ltd." : "Card Panel Technologies Private Limited";
      await form.getByLabel("Legal name").fill(legal);
      await form.getByLabel("GSTIN").fill("27aabcc1234d1z5");
      await form.getByRole("button", { name: "Save invoice details" }).click();
      await expect(page.getByText("The invoice details were saved. Bills show them from now on.")).toBeVisible();
      await page.reload();
      await expect(page.locator("form#invoice-issuer").getByLabel("Legal name")).toHaveValue(legal);
      await expect(page.locator("form#invoice-issuer").getByLabel("GSTIN")).toHaveValue("27AABCC1234D1Z5");
      // Leave the seeded name for the specs that read it on receipts and bills.
      await page.locator("form#invoice-issuer").getByLabel("Legal name").fill("Card Panel Technologies Pvt. Ltd.");
      await page.locator("form#invoice-issuer").getByRole("button", { name: "Save invoice details" }).click();
      await expect(page.getByText("The invoice details were saved. Bills show them from now on.")).toBeVisible();
    });
  });
}
