import fs from "node:fs";
import { BASE_URL, expect, loginAs, test } from "../support/e2e-fixtures";

/**
 * The public card as a visitor sees it, with JavaScript OFF (the page ships none), and the
 * owner reading and deleting the visitor's enquiry (ADR 0008).
 */
test.use({ javaScriptEnabled: false });

test("style-1 (sharma-sweets): no JavaScript, contact links, sections, link preview tags", async ({ page }) => {
  const res = await page.goto("/sharma-sweets");
  expect(res!.status()).toBe(200);
  const html = await res!.text();
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toContain("modulepreload");
  expect(res!.headers()["content-security-policy"]).toContain("script-src 'none'");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sharma Sweets");
  await expect(page.locator("[data-template]")).toHaveAttribute("data-template", "style-1");
  const call = page.getByRole("link", { name: "Call: 98765 43210" });
  await expect(call).toHaveAttribute("href", "tel:+919876543210");
  await expect(call).toHaveAttribute("ping", "/api/v1/public-card/sharma-sweets/tap?kind=call");
  await expect(page.getByRole("link", { name: "WhatsApp: 98765 43210" })).toHaveAttribute("href", "https://wa.me/919876543210");
  await expect(page.getByRole("link", { name: "Email: orders@sharmasweets.in" })).toHaveAttribute("href", "mailto:orders@sharmasweets.in");
  await expect(page.getByRole("link", { name: "Pay with UPI" })).toHaveAttribute("href", "upi://pay?pa=demo@upi&pn=Sharma%20Sweets&cu=INR");
  await expect(page.getByText("demo@upi")).toBeVisible();
  await expect(page.getByText("SBIN0000001")).toBeVisible();

  // The owner's sections, in order, with their titles; prices in rupees.
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["About Us", "Find us online", "Our Sweets", "Payment Options", "Enquiry", "Share this card"]);
  await expect(page.getByRole("listitem").filter({ hasText: "Kaju Katli (500 g)" })).toContainText("₹450");

  // Link previews (WhatsApp): absolute og:image with itemprop, og:url, a large twitter card.
  const og = page.locator('meta[property="og:image"]');
  await expect(og).toHaveAttribute("content", `${BASE_URL}/api/v1/public-card/sharma-sweets/og.jpg`);
  await expect(og).toHaveAttribute("itemprop", "image");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${BASE_URL}/sharma-sweets`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const image = await page.request.get("/api/v1/public-card/sharma-sweets/og.jpg");
  expect(image.headers()["content-type"]).toBe("image/jpeg");

  // Copy-link box and WhatsApp share work without script.
  await expect(page.getByLabel("Copy the card link")).toHaveValue(`${BASE_URL}/sharma-sweets`);
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*sharma-sweets%3Fsrc%3Dwhatsapp$/);
});

test("a tap on WhatsApp is reported by the link's ping, without JavaScript", async ({ page, context }) => {
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>WhatsApp</p>" }));
  await page.goto("/sharma-sweets");
  const ping = page.waitForRequest((r) => r.url().endsWith("/api/v1/public-card/sharma-sweets/tap?kind=whatsapp") && r.method() === "POST");
  const popup = context.waitForEvent("page");
  await page.getByRole("link", { name: "WhatsApp: 98765 43210" }).click();
  await ping;
  await (await popup).close();
});

test("style-2 (iyer-consulting) looks different; an expired card (gupta-electricals) says so honestly", async ({ page }) => {
  const res = await page.goto("/iyer-consulting");
  expect(res!.status()).toBe(200);
  expect(await res!.text()).not.toMatch(/<script/i);
  await expect(page.locator("[data-template]")).toHaveAttribute("data-template", "style-2");
  await expect(page.getByRole("link", { name: /^Call/ }).first()).toHaveAttribute("href", "tel:+442079460958");
  await expect(page.getByRole("listitem").filter({ hasText: "Market-entry assessment" })).toContainText("₹25,000");

  const expired = await page.goto("/gupta-electricals");
  expect(expired!.status()).toBe(200);
  expect(expired!.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This card is not active");
  await expect(page.getByText("Gupta Electricals").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call/ })).toHaveCount(0);

  const unknown = await page.goto("/no-such-card-here");
  expect(unknown!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Card not found");
  // Capitals typed from a printed card land on the card.
  await page.goto("/Sharma-Sweets");
  await expect(page).toHaveURL(/\/sharma-sweets$/);
});

test("a visitor saves the contact and the QR code", async ({ page }) => {
  await page.goto("/sharma-sweets");
  const vcardDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Save contact" }).click();
  const vcard = await vcardDownload;
  expect(vcard.suggestedFilename()).toBe("sharma-sweets.vcf");
  const text = fs.readFileSync((await vcard.path())!, "utf8");
  expect(text.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
  expect(text).toContain("FN:Rajesh Sharma\r\n");
  expect(text).toContain("TEL;TYPE=CELL:+919876543210\r\n");

  await page.getByText("Show QR code").click();
  await expect(page.getByRole("img", { name: `QR code for ${BASE_URL}/sharma-sweets` })).toBeVisible();
  const qrDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PNG" }).click();
  const qr = await qrDownload;
  expect(qr.suggestedFilename()).toBe("sharma-sweets-qr.png");
  const bytes = fs.readFileSync((await qr.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test("a visitor sends an enquiry; the owner reads it and deletes it with a confirm", async ({ page }) => {
  const message = `Need 50 boxes of kaju katli for a puja (${Date.now().toString(36)})`;
  await page.goto("/sharma-sweets");
  const form = page.locator("section#enquiry");
  // Checked on the server: an empty form comes back with the messages next to the fields.
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText("Please enter your name.")).toBeVisible();
  await expect(form.getByText("Please write your message.")).toBeVisible();
  await form.getByLabel("Your name").fill("Kiran Mehta");
  await form.getByLabel("Mobile number").fill("98111 22334");
  await form.getByLabel("Email (optional)").fill("kiran@example.com");
  await form.getByLabel("Your message").fill(message);
  // The form refuses answers sent within 3 s of the page being made (bots): a person takes longer.
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/sharma-sweets\?sent=enquiry#enquiry$/);
  await expect(page.getByRole("status")).toContainText("Thank you! Your message has been sent to Sharma Sweets.");

  // The owner, in the panel (their active business may be switched by other tests: name it).
  await loginAs(page, "customer");
  const mine = await (await page.request.get("/api/v1/business/getBusinessesByUser")).json();
  const sharma = mine.businesses.find((b: { businessName: string }) => b.businessName === "Sharma Sweets");
  await page.goto(`/panel/customer/feedback?businessId=${sharma.businessId}`);
  const item = page.getByRole("article").filter({ hasText: message });
  await expect(item).toContainText("Kiran Mehta");
  await expect(item).toContainText("Enquiry");
  await expect(item.getByRole("link", { name: "Call 98111 22334" })).toHaveAttribute("href", "tel:+919811122334");

  // Cancel keeps it; Ok deletes it.
  await item.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog).toContainText("Delete the message from Kiran Mehta?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toBeVisible();

  await item.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText("Message deleted.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: message })).toHaveCount(0);
});
