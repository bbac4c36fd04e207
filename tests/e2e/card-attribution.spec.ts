import { expect, test, type Page } from "@playwright/test";
import { signUpByApi } from "../support/e2e-fixtures";
import { field } from "../support/card-editor-helpers";
import { decodeQr } from "../support/qr-decode";
import sharp from "sharp";

/**
 * Every greeting advertises the card (issue 25, ADR 0068): a new owner's branded greeting carries
 * a QR code; a visitor who scans it (here: the code decoded from the image, as a phone's camera
 * would) opens the card with no JavaScript, and the owner's home shows the visit under
 * "Greetings" with that greeting as the one that brought the most visits.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function newOwner(page: Page) {
  await signUpByApi(page.request);
  const name = `Attribution Sweets ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto("/panel/customer/businesses/add?firstTimeUser=true&shouldRedirectToDigitalCardEditorOnAddBusiness=true&shouldCreateDigitalCard=true");
  await field(page, "Business name").fill(name);
  await field(page, "Phone number").fill("9812345678");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/customer\/digital-card\?businessId=\d+$/);
  return Number(new URL(page.url()).searchParams.get("businessId"));
}

test("a greeting's QR code leads to the card, and the owner sees the visit counted by greeting", async ({ page, browser }) => {
  const businessId = await newOwner(page);
  await page.goto("/panel/customer/daily-image");
  const tile = page.getByRole("region", { name: "Today" }).getByRole("img").first();
  await expect(tile).toHaveAttribute("src", /\/api\/v1\/image-post\/\d+\/branded\?/);
  const imageId = Number(/image-post\/(\d+)\//.exec((await tile.getAttribute("src"))!)![1]);

  // The full-size branded image, as the owner downloads and shares it.
  const res = await page.request.get(`/api/v1/image-post/${imageId}/branded?businessId=${businessId}&size=full`, { timeout: 60_000 });
  expect(res.status()).toBe(200);
  const jpeg = Buffer.from(await res.body());
  const { width, height } = await sharp(jpeg).metadata();
  const band = Math.round(height! * 0.3);
  const qr = await decodeQr(jpeg, { left: 0, top: height! - band, width: width!, height: band });
  expect(qr?.text).toMatch(new RegExp(`^http://[^/]+/[a-z0-9-]+\\?src=greeting-${imageId}$`));
  const cardUrl = new URL(qr!.text);

  // A visitor scans it: the card opens, with no JavaScript, and its beacon counts the visit.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const visitor = await visitorContext.newPage();
  const beacon = visitor.waitForResponse((r) => r.url().includes(`/view.gif?src=greeting-${imageId}`));
  const opened = await visitor.goto(`${cardUrl.pathname}${cardUrl.search}`);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Attribution Sweets");
  // The beacon sits at the foot of the page (loading=lazy): the visitor scrolls down.
  await visitor.keyboard.press("End");
  expect((await beacon).status()).toBe(200);
  await visitorContext.close();

  // The owner's home: counters are written in batches of a few seconds, so reload until it shows.
  const table = page.getByTestId("source-table");
  await expect(async () => {
    await page.goto(`/panel/customer?businessId=${businessId}`);
    await expect(table.locator('tr[data-source="greeting"]')).toContainText("Greetings");
  }).toPass();
  await expect(table.locator('tr[data-source="greeting"] td').first()).toHaveText("1");
  await expect(page.getByTestId("top-greeting")).toContainText("1 visits");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
