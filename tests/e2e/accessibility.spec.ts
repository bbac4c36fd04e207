import type { Page } from "@playwright/test";
import { enterOtp, expect, loginAs, randomPhone, SUNRISE_URL, test, type Role } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * Every main page at 360 px (the cheap phones our customers use) has no serious or critical
 * axe violation: colour contrast, names, labels, landmarks (WCAG 2.1 AA rules).
 *
 * One walk per role: it signs in once and scans page after page, each scan a soft expectation,
 * so one test reports every page that fails. Feature tests scan only the states their own flow
 * reaches (a receipt after a payment); a page anyone can open by its address belongs here.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** A walk loads and scans 10–25 pages (about 2–4 s each on a busy 2-core machine): the budget only catches a hang (ADR 0028). */
const WALK_BUDGET_MS = 300_000;

/** Opens each address in turn (an optional step after the load: a dialog, a panel) and scans it. */
async function walk(page: Page, stops: { path: string; whenLoaded?: (page: Page) => Promise<void> }[]) {
  test.setTimeout(WALK_BUDGET_MS);
  for (const stop of stops) {
    await test.step(stop.path, async () => {
      await page.goto(stop.path);
      await stop.whenLoaded?.(page);
      await expectNoSeriousViolations(page, { soft: true });
    });
  }
}

/** The demo business Sharma Sweets, as the signed-in role sees it. */
async function sharmaSweetsId(page: Page, role: Role) {
  const res = await page.request.get(role === "customer" ? "/api/v1/business/getBusinessesByUser" : "/api/v1/business?search=Sharma%20Sweets");
  const { businesses } = (await res.json()) as { businesses: { businessId: number; businessName: string }[] };
  const id = businesses.find((b) => b.businessName === "Sharma Sweets")?.businessId;
  expect(id, "the demo business Sharma Sweets").toBeTruthy();
  return id!;
}

test("axe walk: signed out (sign-in pages, public cards, 404, a category page)", async ({ page }) => {
  await walk(page, [
    { path: "/panel/login" },
    { path: "/panel/login?foreign=1" },
    { path: "/panel/franchisee-login" },
    { path: "/privacy" },
    { path: "/sharma-sweets" }, // style 1
    { path: "/iyer-consulting" }, // style 2
    { path: "/gupta-electricals" }, // an expired card
    { path: "/panel/customer-nowhere/no-such-page" },
    {
      path: "/category/sweet-shop",
      whenLoaded: (p) => expect(p.getByRole("heading", { level: 1, name: "Digital business cards for sweet shops" })).toBeVisible(),
    },
  ]);
});

test("axe walk: sign-up (OTP and create password)", async ({ page }) => {
  const phone = randomPhone();
  await page.goto("/panel/login");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/otp/);
  await expectNoSeriousViolations(page, { soft: true });
  await enterOtp(page, phone);
  await expect(page).toHaveURL(/\/panel\/createPassword/);
  await expectNoSeriousViolations(page, { soft: true });
});

test("axe walk: customer", async ({ page }) => {
  await loginAs(page, "customer");
  const id = await sharmaSweetsId(page, "customer");
  await walk(page, [
    { path: "/panel/customer" },
    { path: "/panel/customer/account" },
    { path: "/panel/customer/businesses/add" },
    { path: `/panel/customer/businesses/${id}/edit` },
    { path: "/panel/customer/feedback" },
    { path: "/panel/customer/projects" },
    { path: "/panel/customer/daily-image" },
    { path: "/panel/customer/daily-image?q=morning" },
    { path: "/panel/customer/daily-image/frame-settings" },
    { path: "/panel/customer/daily-image/videos" },
    { path: `/panel/customer/video-templates?businessId=${id}` },
  ]);
});

const EDITOR_SECTIONS = ["", "basic-details", "payment-options", "videos", "gallery", "about", "products", "links", "settings", "template"];

test("axe walk: customer, every card editor section", async ({ page }) => {
  await loginAs(page, "customer");
  const id = await sharmaSweetsId(page, "customer");
  await walk(
    page,
    EDITOR_SECTIONS.map((s) => ({ path: `/panel/customer/digital-card${s ? `/${s}` : ""}?businessId=${id}` })),
  );
});

test("axe walk: admin", async ({ page }) => {
  await loginAs(page, "admin");
  const id = await sharmaSweetsId(page, "admin");
  await walk(page, [
    {
      path: "/panel/admin",
      whenLoaded: async (p) => {
        await expectNoSeriousViolations(p, { soft: true });
        // …and with the notification panel open.
        await p.getByRole("banner").locator("summary[aria-label^=Notifications]").click();
        await expect(p.getByRole("banner").getByRole("link", { name: "All notifications" })).toBeInViewport();
      },
    },
    { path: "/panel/admin/businesses" },
    { path: "/panel/admin/businesses/register" },
    { path: `/panel/admin/businesses/${id}` },
    { path: `/panel/admin/businesses/${id}/edit`, whenLoaded: (p) => expect(p.getByLabel("Business name")).toHaveValue("Sharma Sweets") },
    { path: `/panel/admin/businesses/${id}?custom=1` },
    {
      path: `/panel/admin/businesses/${id}#upgrade`,
      whenLoaded: (p) => expect(p.getByRole("dialog", { name: "Pricing" }).getByRole("article", { name: "Custom plan" })).toBeVisible(),
    },
    { path: "/panel/admin/plans-pricing-management" },
    { path: "/panel/admin/plans-pricing-management?new=1" },
    { path: "/panel/admin/franchisees" },
    { path: "/panel/admin/franchisees?new=1" },
    { path: "/panel/admin/ui-customisation" },
    { path: "/panel/admin/daily-image-management?category=1" },
    { path: "/panel/admin/video-template-management?new=1" },
    { path: "/panel/admin/link-store" },
    { path: "/panel/admin/link-store?newType=1" },
    { path: "/panel/admin/category-static-page-management" },
    { path: "/panel/admin/category-static-page-management?new=1" },
    { path: "/panel/admin/agency-management?search=Sunrise" },
    { path: "/panel/admin/agency-management?new=1" },
  ]);
  // An agency's page and its billing, reached from the list as staff do.
  await test.step("an agency's page and its billing", async () => {
    await page.goto("/panel/admin/agency-management?search=Sunrise");
    await page.getByRole("link", { name: "Open Sunrise Media" }).click();
    await expect(page.getByRole("heading", { name: "Domain and HTTPS" })).toBeVisible();
    await expectNoSeriousViolations(page, { soft: true });
    await page.goto(`${page.url().replace(/\/$/, "")}/billing`);
    await expect(page.getByRole("heading", { name: "Sunrise Media: billing" })).toBeVisible();
    await expectNoSeriousViolations(page, { soft: true });
  });
});

test("axe walk: a second agency's admin (billing and the pay pages)", async ({ page }) => {
  await loginAs(page, "sunriseAdmin");
  await walk(
    page,
    ["/panel/admin/billing", "/panel/payment/month-payment", "/panel/payment/agency-image-payment", "/panel/payment/agency-pdf-card-payment"].map(
      (path) => ({ path: `${SUNRISE_URL}${path}` }),
    ),
  );
});
