import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * The digital card editor, through the UI as a customer uses it. Each test works on a business
 * of its own (made through the API for the seeded customer), so the seeded demo cards stay as
 * they are for the other specs and tests can run side by side.
 */

const rand = () => Math.random().toString(36).slice(2, 8);

async function newBusiness(page: Page, opts: { withCard: boolean }) {
  const businessName = `Mehta Tiffins ${rand()}`;
  const res = await page.request.post("/api/v1/business", {
    data: { businessName, phoneNumber: "9812345678", createDigitalCard: opts.withCard },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { business: { businessId: number }; card: { cardId: string } | null };
  return { businessName, businessId: body.business.businessId, cardId: body.card?.cardId ?? "" };
}

/** Loads an editor page and waits for React to take over (the upload island and the live preview need it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactProps$"));
  });
}

const editor = (businessId: number, section = "") => `/panel/customer/digital-card${section ? `/${section}` : ""}?businessId=${businessId}`;
const preview = (page: Page) => page.getByRole("complementary", { name: "Live preview" }).getByRole("article", { name: "Card preview" });
const row = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();
const snackbar = (page: Page, text: string) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function pngFile(name = "photo.png") {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#e65100" } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, "customer");
});

test("a business without a card gets one from the editor's create step", async ({ page }) => {
  const { businessId, businessName } = await newBusiness(page, { withCard: false });
  await open(page, editor(businessId));
  await expect(page.getByRole("heading", { name: "Create your digital business card" })).toBeVisible();
  await page.getByRole("button", { name: "Create digital business card" }).click();
  await expect(page).toHaveURL(new RegExp(`/digital-card/basic-details\\?businessId=${businessId}$`));
  await snackbar(page, "Your digital business card is ready.");
  await expect(field(page, "Company name")).toHaveValue(businessName);
  await expect(field(page, "Card link")).toHaveValue(/^mehta-tiffins-/);
});

test("a second card for the same business shows the 'One Card per Business' dialog", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: false });
  await open(page, editor(businessId));
  await expect(page.getByRole("button", { name: "Create digital business card" })).toBeVisible();
  // Meanwhile the card gets made elsewhere (another tab, a franchisee…).
  expect((await page.request.post("/api/v1/createCard", { data: { businessId } })).status()).toBe(200);
  await page.getByRole("button", { name: "Create digital business card" }).click();
  const dialog = page.getByRole("dialog", { name: "One Card per Business" });
  await expect(dialog).toContainText("Each business can have only one digital card.");
  await dialog.getByRole("link", { name: "Add new business" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/businesses\/add$/);
});

test("basic details: typed contact rows, live preview, saved after reload", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  const company = `Mehta Home Tiffins ${rand()}`;
  await open(page, editor(businessId, "basic-details"));

  await field(page, "Company name").fill(company);
  await expect(preview(page)).toContainText(company); // before saving: the preview follows the typing
  await field(page, "Your name").fill("Anita Mehta");
  await field(page, "Designation").fill("Founder");
  await field(page, "Tagline").fill("Home-style lunch boxes");
  await field(page, "Phone number").fill("98123 45678");
  await field(page, "WhatsApp number").fill("9812345679");
  // The preview is the public card's own renderer: its links come from the one phone helper, as typed.
  await expect(preview(page).getByRole("link", { name: /^WhatsApp/ }).first()).toHaveAttribute("href", "https://wa.me/919812345679");
  await expect(preview(page).getByRole("link", { name: /^Call/ }).first()).toHaveAttribute("href", "tel:+919812345678");
  await field(page, "Email").fill("Orders@Mehta.example");
  await field(page, "Website").fill("www.mehta.example");
  await field(page, "Address").fill("4 Gandhi Road, Pune");

  await page.getByRole("button", { name: "+ Add contact row" }).click();
  const contact = row(page, "Contact row 1");
  await field(contact, "Type").selectOption("email");
  await expect(field(contact, "Value")).toHaveAttribute("type", "email");
  await field(contact, "Label").fill("Office");
  await field(contact, "Value").fill("office@mehta.example");
  await page.getByRole("button", { name: "+ Add contact row" }).click();
  const gst = row(page, "Contact row 2");
  await field(gst, "Type").selectOption("text");
  await expect(field(gst, "Value")).toHaveAttribute("type", "text");
  await field(gst, "Label").fill("GSTIN");
  await field(gst, "Value").fill("27ABCDE1234F1Z5");

  await save(page);
  await snackbar(page, "Basic details saved.");
  await page.reload();
  await expect(field(page, "Company name")).toHaveValue(company);
  await expect(field(page, "Phone number")).toHaveValue("98123 45678"); // stored +919812345678, shown as Indians write it
  await expect(field(page, "Email")).toHaveValue("orders@mehta.example");
  await expect(field(page, "Website")).toHaveValue("https://www.mehta.example");
  await expect(field(row(page, "Contact row 1"), "Value")).toHaveValue("office@mehta.example");
  await expect(field(row(page, "Contact row 1"), "Value")).toHaveAttribute("type", "email");
  await expect(field(row(page, "Contact row 2"), "Value")).toHaveValue("27ABCDE1234F1Z5");
  for (const text of [company, "Anita Mehta", "Founder", "Home-style lunch boxes", "office@mehta.example", "GSTIN", "4 Gandhi Road, Pune"]) {
    await expect(preview(page)).toContainText(text);
  }

  // Removing a row saves too.
  await row(page, "Contact row 1").getByRole("button", { name: "Remove contact row 1" }).click();
  await save(page);
  await snackbar(page, "Basic details saved.");
  await page.reload();
  await expect(row(page, "Contact row 2")).toHaveCount(0);
  await expect(field(row(page, "Contact row 1"), "Label")).toHaveValue("GSTIN");
});

test("bad contact details show SPEC §5's messages beside the fields and save nothing", async ({ page }) => {
  const { businessId, businessName } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "basic-details"));
  await field(page, "Company name").fill("");
  await field(page, "Phone number").fill("12345");
  await field(page, "Email").fill("not-an-email");
  await field(page, "Website").fill("not a link");
  await page.getByRole("button", { name: "+ Add contact row" }).click();
  await field(row(page, "Contact row 1"), "Label").fill("Shop");
  await field(row(page, "Contact row 1"), "Value").fill("abc"); // type "Phone" by default
  await save(page);

  await expect(field(page, "Company name")).toHaveAccessibleDescription("This field is required.");
  await expect(field(page, "Phone number")).toHaveAccessibleDescription("A valid phone number is required.");
  await expect(field(page, "Email")).toHaveAccessibleDescription("A valid email is required.");
  await expect(field(page, "Website")).toHaveAccessibleDescription("A valid link is required.");
  await expect(field(row(page, "Contact row 1"), "Value")).toHaveAccessibleDescription("A valid phone number is required.");
  await field(row(page, "Contact row 1"), "Type").selectOption("url");
  await expect(field(row(page, "Contact row 1"), "Value")).toHaveAccessibleDescription("A valid link is required.");
  await field(row(page, "Contact row 1"), "Type").selectOption("text");
  await field(row(page, "Contact row 1"), "Value").fill("");
  await expect(field(row(page, "Contact row 1"), "Value")).toHaveAccessibleDescription("This field is required.");
  // What was typed stays in the form.
  await expect(field(page, "Email")).toHaveValue("not-an-email");

  await page.reload();
  await expect(field(page, "Company name")).toHaveValue(businessName);
  await expect(field(page, "Email")).toHaveValue("");
  await expect(row(page, "Contact row 1")).toHaveCount(0);
});

test("the card link: taken and reserved ids are refused, on blur and again on save", async ({ page }) => {
  const { businessId, cardId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "basic-details"));
  const link = field(page, "Card link");

  await link.fill("sharma-sweets");
  await link.blur();
  await expect(page.getByText("This link is already taken. Please choose another.")).toBeVisible();
  await save(page);
  await expect(link).toHaveAccessibleDescription("This link is already taken. Please choose another.");

  await link.fill("panel");
  await link.blur();
  await expect(page.getByText("This link is reserved. Please choose another.")).toBeVisible();

  const mine = `mehta-${rand()}`;
  await link.fill(mine);
  await link.blur();
  await expect(page.getByText("This link is available.")).toBeVisible();
  await page.reload();
  await expect(link).toHaveValue(cardId); // nothing was saved

  await link.fill(mine);
  await save(page);
  await snackbar(page, "Basic details saved.");
  await page.reload();
  await expect(link).toHaveValue(mine);
  await expect(page.getByRole("link", { name: /Preview/ }).first()).toHaveAttribute("href", `/${mine}`);
});

test("payment options: UPI, bank accounts added and removed", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "payment-options"));
  await field(page, "UPI id").fill("mehta@okaxis");
  await field(page, "Name on UPI").fill("Anita Mehta");
  await page.getByRole("button", { name: "+ Add bank account" }).click();
  const account = row(page, "Bank account 1");
  await field(account, "Account holder name").fill("Mehta Tiffins");
  await field(account, "Account number").fill("12345");
  await field(account, "IFSC code").fill("hdfc0001234");
  await save(page);
  await expect(field(account, "Account number")).toHaveAccessibleDescription("A valid account number is required (9 to 18 digits).");
  await field(account, "Account number").fill("123456789012");
  await field(account, "Bank name").fill("HDFC Bank");
  await save(page);
  await snackbar(page, "Payment options saved.");
  await page.reload();
  await expect(field(page, "UPI id")).toHaveValue("mehta@okaxis");
  await expect(field(row(page, "Bank account 1"), "IFSC code")).toHaveValue("HDFC0001234");
  // The preview draws the public card's own payment section.
  await expect(preview(page).getByRole("link", { name: "Pay with UPI" })).toHaveAttribute("href", "upi://pay?pa=mehta@okaxis&pn=Anita%20Mehta&cu=INR");
  await expect(preview(page)).toContainText("UPI ID: mehta@okaxis");
  await expect(preview(page)).toContainText("123456789012");
});

test("an image upload shows its progress and the uploaded image; a bad file shows the API's message", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "gallery"));
  await page.getByRole("button", { name: "+ Add photo" }).click();
  const photo = row(page, "Photo 1");

  // A PNG's first bytes and then rubbish: the API's decoder refuses it.
  const broken = Buffer.concat([(await pngFile()).buffer.subarray(0, 33), Buffer.from("this is not the rest of a picture")]);
  await photo.getByLabel("Choose photo 1 file").setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: broken });
  await expect(photo.getByRole("alert").filter({ hasText: "This file is not a valid image." })).toBeVisible();
  await expect(photo.getByRole("img", { name: "Photo 1 preview" })).toHaveCount(0);

  await photo.getByLabel("Choose photo 1 file").setInputFiles(await pngFile());
  await expect(photo.getByRole("progressbar", { name: "Photo 1 upload" })).toHaveAttribute("aria-valuenow", "100");
  await expect(photo.getByText("Uploaded 100%")).toBeVisible();
  const image = photo.getByRole("img", { name: "Photo 1 preview" });
  await expect(image).toHaveAttribute("src", /^\/uploads\//);
  const src = await image.getAttribute("src");
  await field(photo, "Caption").fill("Our kitchen");
  await expect(preview(page).getByRole("img", { name: "Our kitchen" })).toHaveAttribute("src", src!);

  await save(page);
  await snackbar(page, "Gallery saved.");
  await page.reload();
  await expect(row(page, "Photo 1").getByRole("img", { name: "Photo 1 preview" })).toHaveAttribute("src", src!);
  await expect(field(row(page, "Photo 1"), "Caption")).toHaveValue("Our kitchen");
  expect((await page.request.get(src!)).status()).toBe(200);
});

test("YouTube videos: a thumbnail from the link, saved and previewed", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "videos"));
  await page.getByRole("button", { name: "+ Add video" }).click();
  await field(row(page, "Video 1"), "YouTube link").fill("https://example.com/watch");
  await save(page);
  await expect(field(row(page, "Video 1"), "YouTube link")).toHaveAccessibleDescription("A valid YouTube link is required.");
  await field(row(page, "Video 1"), "YouTube link").fill("https://youtu.be/dQw4w9WgXcQ");
  await field(row(page, "Video 1"), "Title").fill("How we cook");
  await expect(row(page, "Video 1").getByRole("img", { name: "Thumbnail of video 1" })).toHaveAttribute("src", /dQw4w9WgXcQ/);
  await save(page);
  await snackbar(page, "Videos saved.");
  await page.reload();
  await expect(field(row(page, "Video 1"), "Title")).toHaveValue("How we cook");
  await expect(preview(page)).toContainText("How we cook");
});

test("about us: the year runs from 1950 to this year", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "about"));
  const year = field(page, "Year established");
  await expect(year.locator("option", { hasText: "1950" })).toHaveCount(1);
  await expect(year.locator("option", { hasText: "1949" })).toHaveCount(0);
  await expect(year.locator("option", { hasText: String(new Date().getFullYear()) })).toHaveCount(1);
  await field(page, "About your business").fill("Fresh home-style meals, delivered at noon.");
  await year.selectOption("1998");
  await page.getByRole("button", { name: "+ Add speciality" }).click();
  await field(page, "Speciality 1").fill("Gujarati thali");
  await save(page);
  await snackbar(page, "About us saved.");
  await page.reload();
  await expect(year).toHaveValue("1998");
  await expect(field(page, "Speciality 1")).toHaveValue("Gujarati thali");
  await expect(preview(page)).toContainText("Since 1998"); // the public card's wording
});

test("products: the price typed in rupees, shown in ₹", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "products"));
  await page.getByRole("button", { name: "+ Add product" }).click();
  const product = row(page, "Product 1");
  await field(product, "Product name").fill("Lunch box");
  await field(product, "Price (₹)").fill("12.345");
  await save(page);
  await expect(field(product, "Price (₹)")).toHaveAccessibleDescription("Enter a price in rupees, like 450 or 450.50.");
  await field(product, "Price (₹)").fill("1,250.50");
  await field(product, "Description").fill("Dal, rice, two rotis");
  await expect(preview(page)).toContainText("₹1,250.50");
  await page.getByRole("button", { name: "+ Add product" }).click();
  await field(row(page, "Product 2"), "Product name").fill("Party order");
  await save(page);
  await snackbar(page, "Products saved.");
  await page.reload();
  await expect(field(row(page, "Product 1"), "Price (₹)")).toHaveValue("1250.50");
  await expect(field(row(page, "Product 2"), "Price (₹)")).toHaveValue("");
  await expect(preview(page)).toContainText("Price on request");
});

test("links: label and address", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "links"));
  await page.getByRole("button", { name: "+ Add link" }).click();
  await field(row(page, "Link 1"), "Label").fill("Instagram");
  await field(row(page, "Link 1"), "Link").fill("instagram.com/mehtatiffins");
  await save(page);
  await snackbar(page, "Links saved.");
  await page.reload();
  await expect(field(row(page, "Link 1"), "Link")).toHaveValue("https://instagram.com/mehtatiffins");
  await expect(preview(page).getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/mehtatiffins");
});

test("settings and template change what the card shows", async ({ page }) => {
  const { businessId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "about"));
  await field(page, "About your business").fill("We cook every morning.");
  await save(page);
  await snackbar(page, "About us saved.");

  await open(page, editor(businessId, "settings"));
  await expect(preview(page).getByRole("region", { name: "About Us" })).toBeVisible();
  await field(page, "About us heading").fill("Our Story");
  await expect(preview(page).getByRole("region", { name: "Our Story" })).toBeVisible();
  await field(page, "Show Enquiry form on my card").uncheck();
  await field(page, "Show the “Share” button").uncheck();
  await page.getByRole("button", { name: "Move Enquiry form up" }).click();
  await save(page);
  await snackbar(page, "Settings saved.");
  await page.reload();
  await expect(field(page, "About us heading")).toHaveValue("Our Story");
  await expect(field(page, "Show Enquiry form on my card")).not.toBeChecked();
  await expect(field(page, "Show Feedback on my card")).toBeChecked();
  await expect(field(page, "Show the “Share” button")).not.toBeChecked();
  const headings = page.getByRole("listitem").getByRole("heading", { level: 3 });
  await expect(headings.nth(6)).toHaveText("Enquiry form");
  await expect(headings.nth(7)).toHaveText("Feedback");
  await expect(preview(page).getByRole("region", { name: "Enquiry" })).toHaveCount(0);
  await expect(preview(page)).not.toContainText("Share");

  await open(page, editor(businessId, "template"));
  await expect(preview(page)).toHaveAttribute("data-template", "style-1");
  await page.getByRole("radio", { name: "Style 2" }).check();
  await expect(preview(page)).toHaveAttribute("data-template", "style-2");
  await save(page);
  await snackbar(page, "Template saved.");
  await page.reload();
  await expect(page.getByRole("radio", { name: "Style 2" })).toBeChecked();
});

test("My Projects shows the active business's card with its link, status and edit", async ({ page }) => {
  await loginAs(page, "foreignCustomer");
  await page.goto("/panel/customer/projects?projectType=digital_card");
  const badge = page.getByRole("main").locator("[data-card-state]");
  await expect(badge).toHaveCount(1);
  await expect(badge).toHaveText("Trial ends in 4 days"); // the demo's Iyer Consulting is on its trial
  await expect(page.getByLabel("Public link")).toHaveValue(/^http:\/\/localhost:\d+\/iyer-consulting$/);
  await expect(page.getByRole("link", { name: /View card/ })).toHaveAttribute("href", /\/iyer-consulting$/);
  await page.getByRole("link", { name: "Edit card" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);
  await expect(page.getByRole("link", { name: "Basic details" }).first()).toBeVisible();
});

test("a customer abroad saves Basic details with their UK number; the card dials it", async ({ page }) => {
  await loginAs(page, "foreignCustomer");
  await page.goto("/panel/customer/projects?projectType=digital_card");
  await page.getByRole("link", { name: "Edit card" }).click();
  await page.getByRole("link", { name: "Basic details" }).first().click();
  await expect(field(page, "Phone number")).toHaveValue("+44 20 7946 0958");
  await field(page, "WhatsApp number").fill("+44 20 7946 0958");
  await save(page);
  await snackbar(page, "Basic details saved.");
  await page.reload();
  await expect(field(page, "WhatsApp number")).toHaveValue("+44 20 7946 0958");

  await page.goto("/iyer-consulting");
  await expect(page.getByRole("link", { name: /^Call/ }).first()).toHaveAttribute("href", "tel:+442079460958");
  await expect(page.getByRole("link", { name: /^WhatsApp/ }).first()).toHaveAttribute("href", "https://wa.me/442079460958");
  await expect(page.getByText("+44 20 7946 0958").first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Without JavaScript the preview is the public card itself, in a frame.
  const framedPreview = (page: Page) => page.frameLocator('aside iframe[title="Card preview"]').locator("body");

  test("lists grow and shrink with plain buttons, images upload with the form, and everything saves", async ({ page }) => {
    const { businessId } = await newBusiness(page, { withCard: true });

    await test.step("products", async () => {
      await page.goto(editor(businessId, "products"));
      await page.getByRole("button", { name: "+ Add product" }).click();
      await field(row(page, "Product 1"), "Product name").fill("Thali");
      await field(row(page, "Product 1"), "Price (₹)").fill("150");
      await page.getByRole("button", { name: "+ Add product" }).click(); // the first row's text survives the round trip
      await expect(field(row(page, "Product 1"), "Product name")).toHaveValue("Thali");
      await field(row(page, "Product 2"), "Product name").fill("Sweets box");
      await row(page, "Product 2").getByLabel("Choose product 2 image file").setInputFiles(await pngFile("box.png"));
      await save(page);
      await snackbar(page, "Products saved.");
      await expect(field(row(page, "Product 1"), "Price (₹)")).toHaveValue("150");
      await expect(row(page, "Product 2").getByRole("img", { name: "Product 2 image preview" })).toHaveAttribute("src", /^\/uploads\//);
      await expect(framedPreview(page)).toContainText("₹150");
    });

    await test.step("a bank account, with a server-side message first", async () => {
      await page.goto(editor(businessId, "payment-options"));
      await page.getByRole("button", { name: "+ Add bank account" }).click();
      const account = row(page, "Bank account 1");
      await field(account, "Account holder name").fill("Mehta Tiffins");
      await field(account, "Account number").fill("987654321098");
      await field(account, "IFSC code").fill("bad");
      await save(page);
      await expect(field(row(page, "Bank account 1"), "IFSC code")).toHaveAccessibleDescription("A valid IFSC code is required, like SBIN0001234.");
      await expect(field(row(page, "Bank account 1"), "Account number")).toHaveValue("987654321098");
      await field(row(page, "Bank account 1"), "IFSC code").fill("SBIN0001234");
      await save(page);
      await snackbar(page, "Payment options saved.");
      await expect(field(row(page, "Bank account 1"), "IFSC code")).toHaveValue("SBIN0001234");
    });

    await test.step("a contact row, then the SPEC messages from the server", async () => {
      await page.goto(editor(businessId, "basic-details"));
      await page.getByRole("button", { name: "+ Add contact row" }).click();
      const contact = row(page, "Contact row 1");
      await field(contact, "Type").selectOption("email");
      await field(contact, "Label").fill("Office");
      await field(contact, "Value").fill("nope");
      await field(page, "Phone number").fill("123");
      await save(page);
      await expect(field(row(page, "Contact row 1"), "Value")).toHaveAccessibleDescription("A valid email is required.");
      await expect(field(row(page, "Contact row 1"), "Value")).toHaveAttribute("type", "email");
      await expect(field(page, "Phone number")).toHaveAccessibleDescription("A valid phone number is required.");
      await field(row(page, "Contact row 1"), "Value").fill("office@mehta.example");
      await field(page, "Phone number").fill("9812345678");
      await save(page);
      await snackbar(page, "Basic details saved.");
      await expect(field(row(page, "Contact row 1"), "Value")).toHaveValue("office@mehta.example");
      await expect(framedPreview(page)).toContainText("office@mehta.example");
      await expect(framedPreview(page)).toContainText("₹150");
    });
  });
});

test("a card with a logo shows the profile photo as well, on the public card (issue 22)", async ({ page }) => {
  const { businessId, businessName, cardId } = await newBusiness(page, { withCard: true });
  await open(page, editor(businessId, "basic-details"));
  await page.getByLabel("Choose logo file").setInputFiles(await pngFile("logo.png"));
  await expect(page.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", /^\/uploads\//);
  await page.getByLabel("Choose profile photo file").setInputFiles(await pngFile("me.png"));
  await expect(page.getByRole("img", { name: "Profile photo preview" })).toHaveAttribute("src", /^\/uploads\//);
  await save(page);
  await snackbar(page, "saved");

  await page.goto(`/${cardId}`);
  await expect(page.getByRole("img", { name: `${businessName} logo` })).toBeVisible();
  await expect(page.getByRole("img", { name: `${businessName} photo` })).toBeVisible();
});

test("on a 360 px phone the editor loads no preview (its aside is hidden there); widened, the preview appears", async ({ page }) => {
  await loginAs(page, "customer");
  const { businessId } = await newBusiness(page, { withCard: true });
  await page.setViewportSize({ width: 360, height: 740 });
  const previewScripts: string[] = [];
  page.on("request", (req) => {
    if (/live-preview|card-preview|card-view/.test(req.url())) previewScripts.push(req.url());
  });
  await open(page, editor(businessId, "basic-details"));
  await expect(page.getByLabel("Tagline", { exact: true })).toBeVisible();
  await expect(page.locator('article[aria-label="Card preview"]')).toHaveCount(0);
  expect(previewScripts).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(preview(page)).toBeVisible();
});
