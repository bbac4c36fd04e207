import { enterOtp, expect, loginAs, randomPhone, test, type Role } from "../support/e2e-fixtures";
import { expectNoSeriousViolations } from "../support/axe";

/*
 * Every main page at 360 px (the cheap phones our customers use) has no serious or critical
 * axe violation: colour contrast, names, labels, landmarks (WCAG 2.1 AA rules).
 */
test.use({ viewport: { width: 360, height: 740 } });

const signedOut: [string, string][] = [
  ["customer sign-in", "/panel/login"],
  ["customer sign-in by email", "/panel/login?foreign=1"],
  ["staff sign-in", "/panel/franchisee-login"],
  ["privacy", "/privacy"],
  ["public card, style 1", "/sharma-sweets"],
  ["public card, style 2", "/iyer-consulting"],
  ["an expired card", "/gupta-electricals"],
  ["404", "/panel/customer-nowhere/no-such-page"],
];
for (const [name, path] of signedOut) {
  test(`axe: ${name}`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

test("axe: OTP and create password (sign-up)", async ({ page }) => {
  const phone = randomPhone();
  await page.goto("/panel/login");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/otp/);
  await expectNoSeriousViolations(page);
  await enterOtp(page, phone);
  await expect(page).toHaveURL(/\/panel\/createPassword/);
  await expectNoSeriousViolations(page);
});

const EDITOR_SECTIONS = ["", "basic-details", "payment-options", "videos", "gallery", "about", "products", "links", "settings", "template"];

const signedIn: [string, Role, (businessId: number) => string][] = [
  ["customer home", "customer", () => "/panel/customer"],
  ["account", "customer", () => "/panel/customer/account"],
  ["add business", "customer", () => "/panel/customer/businesses/add"],
  ["edit business", "customer", (id) => `/panel/customer/businesses/${id}/edit`],
  ["feedback", "customer", () => "/panel/customer/feedback"],
  ["projects", "customer", () => "/panel/customer/projects"],
  ["greeting images", "customer", () => "/panel/customer/daily-image"],
  ["greeting images, search", "customer", () => "/panel/customer/daily-image?q=morning"],
  ["greeting frame settings", "customer", () => "/panel/customer/daily-image/frame-settings"],
  ["greeting videos", "customer", () => "/panel/customer/daily-image/videos"],
  ...EDITOR_SECTIONS.map((s): [string, Role, (id: number) => string] => [
    `card editor ${s || "overview"}`,
    "customer",
    (id) => `/panel/customer/digital-card${s ? `/${s}` : ""}?businessId=${id}`,
  ]),
  ["admin home", "admin", () => "/panel/admin"],
  ["admin: one business", "admin", (id) => `/panel/admin/businesses/${id}`],
  ["admin: one business, custom plan dialog", "admin", (id) => `/panel/admin/businesses/${id}?custom=1`],
  ["admin: plans & pricing", "admin", () => "/panel/admin/plans-pricing-management"],
  ["admin: plans & pricing, add a plan", "admin", () => "/panel/admin/plans-pricing-management?new=1"],
  ["admin: franchisee list", "admin", () => "/panel/admin/franchisees"],
  ["admin: franchisee list, add staff", "admin", () => "/panel/admin/franchisees?new=1"],
  ["admin: ui customisation", "admin", () => "/panel/admin/ui-customisation"],
  ["admin: greetings management", "admin", () => "/panel/admin/daily-image-management?category=1"],
  ["promotional videos", "customer", (id) => `/panel/customer/video-templates?businessId=${id}`],
  ["admin: video templates, add one", "admin", () => "/panel/admin/video-template-management?new=1"],
];
for (const [name, role, path] of signedIn) {
  test(`axe: ${name}`, async ({ page }) => {
    await loginAs(page, role);
    // A customer's own businesses, or for staff the agency's (the same demo business either way).
    const res = await page.request.get(role === "customer" ? "/api/v1/business/getBusinessesByUser" : "/api/v1/business?search=Sharma%20Sweets");
    const businesses = res.ok() ? ((await res.json()) as { businesses: { businessId: number; businessName: string }[] }).businesses : [];
    const sharma = businesses.find((b) => b.businessName === "Sharma Sweets")?.businessId ?? 0;
    await page.goto(path(sharma));
    await expectNoSeriousViolations(page);
  });
}

test("axe: admin: one business, #upgrade in admin mode", async ({ page }) => {
  await loginAs(page, "admin");
  const res = await page.request.get("/api/v1/business?search=Sharma%20Sweets");
  const { businesses } = (await res.json()) as { businesses: { businessId: number }[] };
  await page.goto(`/panel/admin/businesses/${businesses[0]!.businessId}#upgrade`);
  await expect(page.getByRole("dialog", { name: "Pricing" }).getByRole("article", { name: "Custom plan" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
