import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";
import { downloadReport } from "../support/e2e-staff";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * Report (issue 9, ADR 0017): an admin downloads both CSVs from the page, with a filter, and
 * opens them as CSV: report.csv, a BOM, Hindi and ₹ intact, a formula-looking name neutralised.
 * With JavaScript the page shows the bytes received; without it the same forms are plain
 * downloads. Staff without the admin role get the page's reason, not a sign-out.
 */

const REPORT = "/panel/admin/report";
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new customer's businesses, each with its digital card. */
async function freshBusinesses(playwright: PlaywrightWorkerArgs["playwright"], names: string[]) {
  const customer = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpByApi(customer);
  for (const businessName of names) {
    const b = await customer.post("/api/v1/business", { data: { businessName } });
    expect(b.status(), await b.text()).toBe(200);
    const { business } = (await b.json()) as { business: { businessId: number } };
    const c = await customer.post("/api/v1/createCard", { data: { businessId: business.businessId } });
    expect(c.status(), await c.text()).toBe(200);
  }
  await customer.dispose();
}

/** Today in India, as the saved names carry it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

async function bothReports(page: Page, playwright: PlaywrightWorkerArgs["playwright"]) {
  const t = tag();
  const hindi = `शर्मा मिठाई ${t}`;
  const evil = `=HYPERLINK("x") ${t}`;
  await freshBusinesses(playwright, [hindi, evil]);
  await loginAs(page, "admin");
  await page.goto(REPORT);

  const business = await downloadReport(page, "Business report", t);
  // Two reports, two names (issue 22), with JavaScript or without (the API keeps report.csv, SPEC §7).
  expect(business.fileName).toBe(`report-businesses-${today()}.csv`);
  expect(business.rows.map((r) => r["Business name"]).sort()).toEqual([`'${evil}`, hindi].sort());
  expect(business.rows.every((r) => r["Card ID"] && r.Payment === "Unpaid")).toBe(true);

  const cards = await downloadReport(page, "Digital card report", t);
  expect(cards.fileName).toBe(`report-digital-cards-${today()}.csv`);
  expect(cards.rows.map((r) => r["Business name"]).sort()).toEqual([`'${evil}`, hindi].sort());
  expect(cards.rows.every((r) => r.Status === "active" && r["Template code"])).toBe(true);
  return cards.form;
}

test("admin downloads both reports with a filter and opens them as CSV; the page shows the bytes received", async ({ page, playwright }) => {
  const form = await bothReports(page, playwright);
  await expectNoSeriousViolations(page);
  await expect(form.getByRole("status")).toHaveText(/Downloaded [\d.]+ (bytes|KB|MB): saved as report-digital-cards-\d{4}-\d{2}-\d{2}\.csv\./);
});

test("staff without the admin role get the reason, and stay signed in", async ({ page }) => {
  await loginAs(page, "allCardFranchisee");
  await page.goto(REPORT);
  await expect(page.getByRole("dialog", { name: "Error" })).toContainText("Reports are for agency admins.");
  await page.goto("/panel/admin");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 760 } });

  test("the report forms are plain downloads, saved under the same dated names", async ({ page, playwright }) => {
    await bothReports(page, playwright);
    await expect(page).toHaveURL(new RegExp(`${REPORT}$`));
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
