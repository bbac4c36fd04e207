import type { Page } from "@playwright/test";
import { field, saveSection, snackbar } from "../support/card-editor-helpers";
import { expect, signUp, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * Businesses through the UI as a customer meets them: the first business after sign-up (with
 * the SPEC §2 flags), editing, switching, deleting with a confirmation; once without JavaScript.
 * Every test signs up a customer of its own, so the seeded demo data stays as it is.
 */

const rand = () => Math.random().toString(36).slice(2, 7);

async function addByApi(page: Page, businessName: string) {
  const res = await page.request.post("/api/v1/business", { data: { businessName } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { business: { businessId: number } }).business.businessId;
}

test("a new customer signs up and adds a first business with its card: lands in the card editor", async ({ page }) => {
  const name = `Anand Dairy ${rand()}`;

  await test.step("sign up through the sign-in screens", () => signUp(page));

  await test.step("the empty home leads to the first-business form with its flags", async () => {
    await expect(page.getByText("You have no business yet.")).toBeVisible();
    await page.getByRole("link", { name: "Add your first business" }).click();
    await expect(page).toHaveURL(/firstTimeUser=true/);
    await expect(page).toHaveURL(/shouldCreateDigitalCard=true/);
    await expect(page.getByRole("heading", { name: "Let's set up your first business" })).toBeVisible();
    await expect(page.getByText("We will also create its digital business card.")).toBeVisible();
  });

  await test.step("a wrong phone number is refused beside its field; fixed, the business is added", async () => {
    await field(page, "Business name").fill(name);
    await field(page, "Phone number").fill("12345");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("A valid phone number is required.")).toBeVisible();
    await field(page, "Phone number").fill("98765 12345");
    await page.getByLabel("Nature of business").selectOption("Retailer");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);
  });

  await test.step("home: the new business is active, with its card and counters", async () => {
    await page.goto("/panel/customer");
    await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
    await expect(page.getByLabel("Business", { exact: true }).locator("option:checked")).toHaveText(name);
    await expect(page.getByRole("heading", { name: "Your digital business card" })).toBeVisible();
    await expect(page.getByLabel("Your card's link")).toHaveValue(/^http:\/\/localhost:\d+\/anand-dairy-/);
    await expect(page.getByRole("heading", { name: "How your card is doing" })).toBeVisible();
    // A new business, nothing bought: one badge, its trial (ADR 0015: 7 days; whole days left,
    // so 6 a moment after creation), not "Active" beside "No plan yet".
    await expect(page.getByRole("main").locator("[data-card-state]")).toHaveCount(1);
    await expect(page.getByRole("main").locator("[data-card-state]")).toHaveText(/^Trial ends in [67] days$/);
  });
});

test("edit a business, switch businesses with the overlay, delete one after confirming", async ({ page }) => {
  await signUpByApi(page.request);
  const first = `Kaveri Textiles ${rand()}`;
  const second = `Kaveri Tailors ${rand()}`;
  const firstId = await addByApi(page, first);
  await addByApi(page, second);

  await test.step("account lists the businesses with edit links", async () => {
    await page.goto("/panel/customer/account");
    const list = page.getByRole("list", { name: "My businesses" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await list.getByRole("link", { name: `Edit ${first}` }).click();
    await expect(page).toHaveURL(new RegExp(`/businesses/${firstId}/edit$`));
  });

  await test.step("a bad email is refused beside the field and nothing typed is lost; then it saves", async () => {
    await field(page, "Business name").fill(`${first} & Sons`);
    await field(page, "Contact person").fill("Lakshmi Rao");
    await field(page, "Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("A valid email is required.")).toBeVisible();
    await expect(field(page, "Business name")).toHaveValue(`${first} & Sons`);
    await field(page, "Email").fill("Hello@Kaveri.example");
    await saveSection(page, "Business details saved.");
    await page.reload();
    await expect(field(page, "Business name")).toHaveValue(`${first} & Sons`);
    await expect(field(page, "Email")).toHaveValue("hello@kaveri.example");
    await expect(field(page, "Contact person")).toHaveValue("Lakshmi Rao");
  });

  await test.step("switching the active business shows 'Switching Business...' and the home follows", async () => {
    await page.goto("/panel/customer");
    const selector = page.getByLabel("Business", { exact: true });
    const target = (await selector.locator("option:checked").textContent()) === second ? `${first} & Sons` : second;
    // Hold the switch for a moment so the overlay can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/panel/customer/switch-business*", async (route) => {
      await held;
      await route.continue();
    });
    await selector.selectOption({ label: target });
    await expect(page.getByRole("status", { name: "Switching Business..." })).toBeVisible();
    release();
    await expect(page.getByText(`Welcome, ${target}`)).toBeVisible();
    await expect(page.getByRole("status", { name: "Switching Business..." })).toHaveCount(0);
    await page.unroute("**/panel/customer/switch-business*");
  });

  await test.step("delete asks first; Cancel keeps it, Ok removes it", async () => {
    await page.goto(`/panel/customer/businesses/${firstId}/edit`);
    await page.getByRole("link", { name: "Delete business" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm" });
    await expect(dialog).toContainText(`Delete ${first} & Sons?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("link", { name: "Delete business" }).click();
    await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
    await expect(page).toHaveURL(/\/panel\/customer$/);
    await snackbar(page, "The business was deleted.");
    await expect(page.getByText(`Welcome, ${second}`)).toBeVisible();
    await expect(page.getByLabel("Business", { exact: true }).locator("option")).toHaveText([second]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add a business and edit it; errors come back beside the fields with the values kept", async ({ page }) => {
    await signUpByApi(page.request);
    const name = `Sai Hardware ${rand()}`;

    await test.step("add: an empty name and a bad link are refused, the rest is kept", async () => {
      // A customer's own page ignores another userId; isForeignUser puts email first with a hint.
      await page.goto("/panel/customer/businesses/add?userId=1&isForeignUser=true");
      await expect(page.getByText("Outside India? Start with + and your country code.")).toBeVisible();
      await field(page, "Category").fill("Hardware store");
      await field(page, "Google Maps link").fill("not a link");
      await page.getByRole("button", { name: "Add business" }).click();
      await expect(page.getByText("This field is required.")).toBeVisible();
      await expect(page.getByText("A valid link is required.")).toBeVisible();
      await expect(field(page, "Category")).toHaveValue("Hardware store");
      await field(page, "Business name").fill(name);
      await field(page, "Google Maps link").fill("maps.google.com/?q=Sai+Hardware");
      await field(page, "Phone number").fill("+44 20 7946 0958");
      await page.getByRole("button", { name: "Add business" }).click();
      await expect(page).toHaveURL(/\/panel\/customer$/);
      await snackbar(page, `${name} was added.`);
      await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
      // 'Also create its digital business card' starts ticked (issue 22): the card was made with it.
      await expect(page.getByRole("heading", { name: "Your digital business card" })).toBeVisible();
    });

    await test.step("edit: clear a field, change another, save", async () => {
      await page.getByRole("link", { name: "Edit business" }).click();
      await expect(field(page, "Phone number")).toHaveValue("+44 20 7946 0958");
      await expect(field(page, "Google Maps link")).toHaveValue("https://maps.google.com/?q=Sai+Hardware");
      await field(page, "Category").fill("");
      await field(page, "WhatsApp number").fill("123");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("A valid phone number is required.")).toBeVisible();
      await expect(field(page, "WhatsApp number")).toHaveValue("123");
      await field(page, "WhatsApp number").fill("9988776655");
      await saveSection(page, "Business details saved.");
      await expect(field(page, "Category")).toHaveValue("");
      await expect(field(page, "WhatsApp number")).toHaveValue("99887 76655");
    });

    await test.step("delete: the confirmation is a page step that works without JavaScript", async () => {
      // Without JavaScript the snackbar stays until dismissed.
      await page.getByRole("link", { name: "Dismiss message" }).click();
      await page.getByRole("link", { name: "Delete business" }).click();
      await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
      await expect(page).toHaveURL(/\/panel\/customer$/);
      await expect(page.getByText("You have no business yet.")).toBeVisible();
    });
  });
});
