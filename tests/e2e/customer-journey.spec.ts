import fs from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { MIN_AGE_MS } from "#server/api/public-card/form-token";
import { field, pngFile, row, saveSection, waitForHydration } from "../support/card-editor-helpers";
import { expect, signUp, test } from "../support/e2e-fixtures";

/*
 * Issue 3's journey, through the UI as a brand-new customer meets it: sign up → add a first
 * business from the empty home → fill every section of the card editor → open the public card
 * → save the contact and the QR code → a visitor (no cookies) sends an enquiry → the owner
 * reads it in the feedback list. Once with JavaScript and once without. Each test signs up a
 * customer of its own, so the seeded demo data stays as it is.
 */

const rand = () => Math.random().toString(36).slice(2, 8);
const YOUTUBE_ID = "dQw4w9WgXcQ";
const THUMBNAIL = `https://i.ytimg.com/vi/${YOUTUBE_ID}/hqdefault.jpg`;
// Each journey opens some thirty pages in two browsers: twice the suite's per-test backstop (ADR 0028).
const JOURNEY_BUDGET_MS = 240_000;

/** YouTube thumbnails come from i.ytimg.com: answer them locally so the test needs no internet. */
async function stubYouTubeThumbnails(context: BrowserContext) {
  const { buffer } = await pngFile("thumb.png", "#202020");
  await context.route("https://i.ytimg.com/**", (route) => route.fulfill({ contentType: "image/png", body: buffer }));
}

/** From the empty home to the card editor of the first business (the link carries SPEC §2's flags). */
async function addFirstBusiness(page: Page, businessName: string) {
  await expect(page.getByText("You have no business yet.")).toBeVisible();
  await page.getByRole("link", { name: "Add your first business" }).click();
  await expect(page).toHaveURL(/firstTimeUser=true/);
  await expect(page).toHaveURL(/shouldCreateDigitalCard=true/);
  await expect(page).toHaveURL(/shouldRedirectToDigitalCardEditorOnAddBusiness=true/);
  await expect(page.getByRole("heading", { name: "Let's set up your first business" })).toBeVisible();
  await expect(page.getByText("We will also create its digital business card.")).toBeVisible();
  await field(page, "Business name").fill(businessName);
  await field(page, "Phone number").fill("9812345678");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);
  // The card exists already: the editor's start page, not its "create" step.
  await expect(page.getByText("Your card's link")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create digital business card" })).toHaveCount(0);
  return Number(new URL(page.url()).searchParams.get("businessId"));
}

/** Opens an editor section from its tab, as the owner does. */
async function openSection(page: Page, label: string, path: string, businessId: number) {
  await page.getByRole("navigation", { name: "Card sections" }).getByRole("link", { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/panel/customer/digital-card/${path}\\?businessId=${businessId}$`));
}

/* Steps both journeys take, with their own data (the JS-off one checks more after each round trip). */

async function addVideo(page: Page, businessId: number, link: string, title: string) {
  await openSection(page, "YouTube videos", "videos", businessId);
  await page.getByRole("button", { name: "+ Add video" }).click();
  await field(row(page, "Video 1"), "YouTube link").fill(link);
  await field(row(page, "Video 1"), "Title").fill(title);
}

/** The gallery's first photo, chosen from a file; the row, for what the caller checks next. */
async function addPhoto(page: Page, businessId: number, file: Awaited<ReturnType<typeof pngFile>>) {
  await openSection(page, "Gallery", "gallery", businessId);
  await page.getByRole("button", { name: "+ Add photo" }).click();
  const photo = row(page, "Photo 1");
  await photo.getByLabel("Choose photo 1 file").setInputFiles(file);
  return photo;
}

async function addLink(page: Page, businessId: number, label: string, link: string) {
  await openSection(page, "Links", "links", businessId);
  await page.getByRole("button", { name: "+ Add link" }).click();
  await field(row(page, "Link 1"), "Label").fill(label);
  await field(row(page, "Link 1"), "Link").fill(link);
  await saveSection(page, "Links saved.");
}

async function chooseStyle2(page: Page, businessId: number) {
  await openSection(page, "Template", "template", businessId);
  await page.getByRole("radio", { name: "Style 2" }).check();
  await saveSection(page, "Template saved.");
  await expect(page.getByRole("radio", { name: "Style 2" })).toBeChecked();
}

/** The public card answers 200 with the company's name and the chosen template. */
async function openPublicCard(page: Page, cardId: string, company: string) {
  const res = await page.goto(`/${cardId}`);
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company);
  await expect(page.locator("[data-template]")).toHaveAttribute("data-template", "style-2");
  return res!;
}

/**
 * The enquiry form refuses an answer sent sooner than MIN_AGE_MS after its page was rendered
 * (server/api/public-card/form-token.ts). The render time is in the form's signed token, so
 * wait exactly what is left of it (often nothing: typing the message takes a while too).
 */
async function waitForAntiSpamMinimum(form: Locator) {
  const token = await form.locator('input[name="token"]').inputValue();
  const issuedAt = parseInt(token.split(".")[0]!, 36);
  expect(issuedAt, `enquiry token "${token}"`).toBeGreaterThan(0);
  const left = issuedAt + MIN_AGE_MS + 50 - Date.now();
  if (left > 0) await form.page().waitForTimeout(left);
}

/** A visitor with no cookies of the owner's (a new browser context) sends an enquiry. */
async function visitorSendsEnquiry(
  browser: Browser,
  opts: { baseURL: string; cardId: string; company: string; javaScriptEnabled: boolean },
) {
  const visitor = await browser.newContext({ baseURL: opts.baseURL, javaScriptEnabled: opts.javaScriptEnabled });
  try {
    await stubYouTubeThumbnails(visitor);
    expect(await visitor.cookies()).toEqual([]);
    const page = await visitor.newPage();
    const message = `Do you deliver 20 gift boxes to Kothrud for Diwali? (${rand()})`;
    await page.goto(`/${opts.cardId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(opts.company);
    const form = page.locator("section#enquiry");
    await form.getByLabel("Your name").fill("Kiran Deshpande");
    await form.getByLabel("Mobile number").fill("98111 22334");
    await form.getByLabel("Email (optional)").fill("kiran@example.com");
    await form.getByLabel("Your message").fill(message);
    await waitForAntiSpamMinimum(form);
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL(new RegExp(`/${opts.cardId}\\?sent=enquiry#enquiry$`));
    await expect(page.getByRole("status")).toContainText(`Thank you! Your message has been sent to ${opts.company}.`);
    return message;
  } finally {
    await visitor.close();
  }
}

/** The owner (still signed in on the original page) finds the enquiry in the feedback list. */
async function ownerSeesEnquiry(page: Page, message: string) {
  await page.goto("/panel/customer/feedback");
  const item = page.getByRole("article").filter({ hasText: message });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Enquiry");
  await expect(item.getByRole("heading", { name: "Kiran Deshpande" })).toBeVisible();
  await expect(item.getByRole("link", { name: "Call 98111 22334" })).toHaveAttribute("href", "tel:+919811122334");
  await expect(item.getByRole("link", { name: "kiran@example.com" })).toHaveAttribute("href", "mailto:kiran@example.com");
}

test("a new customer signs up, fills every card section, shares the card; a visitor saves it and sends an enquiry", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(JOURNEY_BUDGET_MS);
  await stubYouTubeThumbnails(page.context());
  const id = rand();
  const businessName = `Joshi Sweets ${id}`;
  const company = `Joshi Sweet House ${id}`;
  const cardId = `joshi-sweets-${id}`;
  let businessId = 0;

  await test.step("sign up with a fresh mobile number", () => signUp(page));

  await test.step("add the first business from the empty home: it lands in the card editor", async () => {
    businessId = await addFirstBusiness(page, businessName);
    await waitForHydration(page);
  });

  await test.step("basic details, with a logo and a link of our own", async () => {
    await openSection(page, "Basic details", "basic-details", businessId);
    await expect(field(page, "Company name")).toHaveValue(businessName);
    await field(page, "Company name").fill(company);
    await field(page, "Your name").fill("Meera Joshi");
    await field(page, "Designation").fill("Owner");
    await field(page, "Tagline").fill("Pure ghee sweets since 1998");
    await field(page, "Phone number").fill("98123 45678");
    await field(page, "WhatsApp number").fill("9812345679");
    await field(page, "Email").fill("orders@joshi.example");
    await field(page, "Website").fill("www.joshi.example");
    await field(page, "Address").fill("12 FC Road, Pune");
    await field(page, "Card link").fill(cardId);
    await field(page, "Card link").blur();
    await expect(page.getByText("This link is available.")).toBeVisible();
    await page.getByLabel("Choose logo file").setInputFiles(await pngFile("logo.png", "#e65100"));
    await expect(page.getByRole("progressbar", { name: "Logo upload" })).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", /^\/uploads\//);
    await saveSection(page, "Basic details saved.");
    await expect(field(page, "Card link")).toHaveValue(cardId);
    await expect(page.getByRole("link", { name: /Preview/ }).first()).toHaveAttribute("href", `/${cardId}`);
  });

  await test.step("payment options: a UPI id and a bank account", async () => {
    await openSection(page, "Payment options", "payment-options", businessId);
    await field(page, "UPI id").fill("joshi@okaxis");
    await field(page, "Name on UPI").fill("Meera Joshi");
    await page.getByRole("button", { name: "+ Add bank account" }).click();
    const account = row(page, "Bank account 1");
    await field(account, "Account holder name").fill("Joshi Sweet House");
    await field(account, "Account number").fill("123456789012");
    await field(account, "IFSC code").fill("HDFC0001234");
    await field(account, "Bank name").fill("HDFC Bank");
    await saveSection(page, "Payment options saved.");
  });

  await test.step("a YouTube video", async () => {
    await addVideo(page, businessId, `https://youtu.be/${YOUTUBE_ID}`, "How we make kaju katli");
    await expect(row(page, "Video 1").getByRole("img", { name: "Thumbnail of video 1" })).toHaveAttribute("src", new RegExp(YOUTUBE_ID));
    await saveSection(page, "Videos saved.");
  });

  await test.step("a gallery photo, uploaded with a progress bar", async () => {
    const photo = await addPhoto(page, businessId, await pngFile("shop.png", "#1565c0"));
    await expect(photo.getByRole("progressbar", { name: "Photo 1 upload" })).toHaveAttribute("aria-valuenow", "100");
    await expect(photo.getByRole("img", { name: "Photo 1 preview" })).toHaveAttribute("src", /^\/uploads\//);
    await field(photo, "Caption").fill("Our shop on FC Road");
    await saveSection(page, "Gallery saved.");
  });

  await test.step("about us with the year established", async () => {
    await openSection(page, "About us", "about", businessId);
    await field(page, "About your business").fill("Family sweet shop making everything fresh each morning.");
    await field(page, "Year established").selectOption("1998");
    await page.getByRole("button", { name: "+ Add speciality" }).click();
    await field(page, "Speciality 1").fill("Festival hampers");
    await saveSection(page, "About us saved.");
  });

  await test.step("a product with a price in rupees", async () => {
    await openSection(page, "Products", "products", businessId);
    await page.getByRole("button", { name: "+ Add product" }).click();
    const product = row(page, "Product 1");
    await field(product, "Product name").fill("Dry-fruit gift box");
    await field(product, "Description").fill("1 kg of cashews, almonds and pistachios");
    await field(product, "Price (₹)").fill("1250.50");
    await saveSection(page, "Products saved.");
  });

  await test.step("a link", () => addLink(page, businessId, "Instagram", "instagram.com/joshisweets"));

  await test.step("settings: a section heading of our own, the enquiry form kept on", async () => {
    await openSection(page, "Settings", "settings", businessId);
    await field(page, "About us heading").fill("Our Story");
    await expect(field(page, "Show Enquiry form on my card")).toBeChecked();
    await saveSection(page, "Settings saved.");
  });

  await test.step("template: style 2", () => chooseStyle2(page, businessId));

  await test.step("the public card shows what was filled in, with no JavaScript", async () => {
    const res = await openPublicCard(page, cardId, company);
    expect(await res.text()).not.toMatch(/<script/i);
    await expect(page.getByRole("img", { name: `${company} logo` })).toHaveAttribute("src", /^\/uploads\//);
    await expect(page.getByRole("link", { name: /^Call/ }).first()).toHaveAttribute("href", "tel:+919812345678");
    await expect(page.getByRole("link", { name: /^WhatsApp/ }).first()).toHaveAttribute("href", "https://wa.me/919812345679");
    await expect(page.getByRole("link", { name: "Pay with UPI" })).toHaveAttribute("href", "upi://pay?pa=joshi@okaxis&pn=Meera%20Joshi&cu=INR");
    await expect(page.getByText("123456789012")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Dry-fruit gift box" })).toContainText("₹1,250.50");
    await expect(page.getByRole("heading", { level: 2, name: "Our Story" })).toBeVisible();
    await expect(page.getByText("Since 1998", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/joshisweets");

    // The video is a thumbnail linking to YouTube (its player loads only if tapped).
    const video = page.getByRole("link", { name: /How we make kaju katli/ });
    await expect(video).toHaveAttribute("href", `https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
    await expect(video.locator(`img[src="${THUMBNAIL}"]`)).toBeVisible();

    // The gallery photo is there and really loads.
    const photo = page.getByRole("img", { name: "Our shop on FC Road" });
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveAttribute("src", /^\/uploads\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  await test.step("save the contact (vCard 3.0) and the QR code (PNG)", async () => {
    const vcardDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Save contact" }).click();
    const vcard = await vcardDownload;
    expect(vcard.suggestedFilename()).toMatch(/\.vcf$/);
    const text = fs.readFileSync((await vcard.path())!, "utf8");
    expect(text.startsWith("BEGIN:VCARD\r\n")).toBe(true);
    expect(text).toContain("\r\nVERSION:3.0\r\n");
    expect(text).toContain(`\r\nORG:${company}\r\n`);
    expect(text).toContain("\r\nFN:Meera Joshi\r\n");
    expect(text).toContain("\r\nTEL;TYPE=CELL:+919812345678\r\n");
    expect(text).toContain("\r\nEMAIL;TYPE=INTERNET:orders@joshi.example\r\n");
    expect(text).toContain(`\r\nURL:${baseURL}/${cardId}\r\n`);
    expect(text).toContain("\r\nPHOTO;ENCODING=b;TYPE=JPEG:");
    expect(text.trimEnd().endsWith("END:VCARD")).toBe(true);

    await page.getByText("Show QR code").click();
    await expect(page.getByRole("img", { name: `QR code for ${baseURL}/${cardId}` })).toBeVisible();
    const qrDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PNG" }).click();
    const qr = await qrDownload;
    expect(qr.suggestedFilename()).toMatch(/\.png$/);
    const bytes = fs.readFileSync((await qr.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  let message = "";
  await test.step("a visitor with no cookies sends an enquiry and is thanked", async () => {
    message = await visitorSendsEnquiry(browser, { baseURL: baseURL!, cardId, company, javaScriptEnabled: true });
  });

  await test.step("the owner finds the enquiry in the feedback list", () => ownerSeesEnquiry(page, message));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same journey with plain forms: sign up, fill the card, a visitor's enquiry reaches the owner", async ({ page, browser, baseURL }) => {
    test.setTimeout(JOURNEY_BUDGET_MS);
    await stubYouTubeThumbnails(page.context());
    const id = rand();
    const businessName = `Patil Dairy ${id}`;
    const company = `Patil Dairy Farm ${id}`;
    const cardId = `patil-dairy-${id}`;
    let businessId = 0;

    await test.step("sign up and add the first business", async () => {
      await signUp(page);
      businessId = await addFirstBusiness(page, businessName);
    });

    await test.step("basic details", async () => {
      await openSection(page, "Basic details", "basic-details", businessId);
      await field(page, "Company name").fill(company);
      await field(page, "Your name").fill("Sunil Patil");
      await field(page, "Phone number").fill("98234 56789");
      await field(page, "WhatsApp number").fill("9823456780");
      await field(page, "Card link").fill(cardId);
      await saveSection(page, "Basic details saved.");
      await expect(field(page, "Company name")).toHaveValue(company);
      await expect(field(page, "Phone number")).toHaveValue("98234 56789");
      await expect(field(page, "Card link")).toHaveValue(cardId);
    });

    await test.step("payment options: UPI id and a bank account added by a plain button", async () => {
      await openSection(page, "Payment options", "payment-options", businessId);
      await field(page, "UPI id").fill("patil@oksbi");
      await page.getByRole("button", { name: "+ Add bank account" }).click();
      await expect(field(page, "UPI id")).toHaveValue("patil@oksbi"); // kept across the round trip
      const account = row(page, "Bank account 1");
      await field(account, "Account holder name").fill("Patil Dairy Farm");
      await field(account, "Account number").fill("987654321098");
      await field(account, "IFSC code").fill("SBIN0001234");
      await saveSection(page, "Payment options saved.");
      await expect(field(row(page, "Bank account 1"), "Account number")).toHaveValue("987654321098");
    });

    await test.step("a YouTube video", async () => {
      await addVideo(page, businessId, `https://www.youtube.com/watch?v=${YOUTUBE_ID}`, "Morning milking");
      await saveSection(page, "Videos saved.");
      await expect(row(page, "Video 1").getByRole("img", { name: "Thumbnail of video 1" })).toHaveAttribute("src", new RegExp(YOUTUBE_ID));
    });

    await test.step("a gallery photo uploaded with the form", async () => {
      const photo = await addPhoto(page, businessId, await pngFile("cows.png", "#2e7d32"));
      await field(photo, "Caption").fill("Our cows");
      await saveSection(page, "Gallery saved.");
      await expect(photo.getByRole("img", { name: "Photo 1 preview" })).toHaveAttribute("src", /^\/uploads\//);
    });

    await test.step("about us: text typed before adding a speciality survives the round trip", async () => {
      await openSection(page, "About us", "about", businessId);
      await field(page, "About your business").fill("Fresh milk from our own farm, delivered before 7 am.");
      await field(page, "Year established").selectOption("1985");
      await page.getByRole("button", { name: "+ Add speciality" }).click();
      await expect(field(page, "About your business")).toHaveValue("Fresh milk from our own farm, delivered before 7 am.");
      await field(page, "Speciality 1").fill("A2 cow milk");
      await saveSection(page, "About us saved.");
      await expect(field(page, "Year established")).toHaveValue("1985");
      await expect(field(page, "Speciality 1")).toHaveValue("A2 cow milk");
    });

    await test.step("products through the '+ Add product' button", async () => {
      await openSection(page, "Products", "products", businessId);
      await page.getByRole("button", { name: "+ Add product" }).click();
      await field(row(page, "Product 1"), "Product name").fill("Cow ghee (1 L)");
      await field(row(page, "Product 1"), "Price (₹)").fill("780");
      await page.getByRole("button", { name: "+ Add product" }).click();
      await expect(field(row(page, "Product 1"), "Product name")).toHaveValue("Cow ghee (1 L)");
      await field(row(page, "Product 2"), "Product name").fill("Paneer (500 g)");
      await field(row(page, "Product 2"), "Price (₹)").fill("210");
      await saveSection(page, "Products saved.");
      await expect(field(row(page, "Product 1"), "Price (₹)")).toHaveValue("780");
      await expect(field(row(page, "Product 2"), "Product name")).toHaveValue("Paneer (500 g)");
    });

    await test.step("a link", async () => {
      await addLink(page, businessId, "Facebook", "facebook.com/patildairy");
      await expect(field(row(page, "Link 1"), "Link")).toHaveValue("https://facebook.com/patildairy");
    });

    await test.step("settings", async () => {
      await openSection(page, "Settings", "settings", businessId);
      await field(page, "Products heading").fill("Our Products");
      await saveSection(page, "Settings saved.");
      await expect(field(page, "Products heading")).toHaveValue("Our Products");
    });

    await test.step("template: style 2", () => chooseStyle2(page, businessId));

    await test.step("the public card", async () => {
      await openPublicCard(page, cardId, company);
      await expect(page.getByRole("link", { name: /^Call/ }).first()).toHaveAttribute("href", "tel:+919823456789");
      await expect(page.getByRole("link", { name: /^WhatsApp/ }).first()).toHaveAttribute("href", "https://wa.me/919823456780");
      await expect(page.getByRole("link", { name: "Pay with UPI" })).toHaveAttribute("href", /^upi:\/\/pay\?pa=patil@oksbi&/);
      await expect(page.getByRole("heading", { level: 2, name: "Our Products" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Cow ghee (1 L)" })).toContainText("₹780");
      await expect(page.getByRole("listitem").filter({ hasText: "Paneer (500 g)" })).toContainText("₹210");
      await expect(page.getByText("Since 1985", { exact: true })).toBeVisible();
      await expect(page.locator(`#videos img[src="${THUMBNAIL}"]`)).toBeVisible();
      await expect(page.getByRole("img", { name: "Our cows" })).toHaveAttribute("src", /^\/uploads\//);
      await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://facebook.com/patildairy");
    });

    let message = "";
    await test.step("a visitor without JavaScript sends an enquiry", async () => {
      message = await visitorSendsEnquiry(browser, { baseURL: baseURL!, cardId, company, javaScriptEnabled: false });
    });

    await test.step("the owner finds it in the feedback list", () => ownerSeesEnquiry(page, message));
  });
});
