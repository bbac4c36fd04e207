import type { Locator, Page } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * Upload refusals in the card editor (ADR 0012) on a 360 px phone: they state the size and the
 * limit, never suggest a PDF for a picture, and show above the sticky Save bar.
 */
test.use({ viewport: { width: 360, height: 740 } });

const SIX_MB = 6 * 1024 * 1024;
/** A file of `bytes` that starts like a PNG (the API sniffs the first bytes). */
const pngLike = (bytes: number) => {
  const buffer = Buffer.alloc(bytes, 1);
  buffer.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name: "holiday.png", mimeType: "image/png", buffer };
};

/** The gallery with three empty photo rows (a form taller than the screen); returns the second. */
async function galleryWithPhotos(page: Page) {
  await loginAs(page, "customer");
  const res = await page.request.post("/api/v1/business", {
    data: { businessName: `Joshi Studio ${Math.random().toString(36).slice(2, 8)}`, phoneNumber: "9812345678", createDigitalCard: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { business } = (await res.json()) as { business: { businessId: number } };
  await page.goto(`/panel/customer/digital-card/gallery?businessId=${business.businessId}`);
  for (const n of [1, 2, 3]) {
    await page.getByRole("button", { name: "+ Add photo" }).click();
    await expect(page.getByRole("heading", { name: `Photo ${n}`, exact: true })).toBeVisible();
  }
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Photo 2", exact: true }) });
}

/** The message is on screen and not under the sticky Save bar. */
async function expectAboveSaveBar(page: Page, message: Locator) {
  await expect(message).toBeInViewport();
  const box = (await message.boundingBox())!;
  const bar = (await page.getByRole("button", { name: "Save", exact: true }).locator("..").boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
}

test("with JavaScript: too big or not a picture is refused in the browser, with the size and the limit", async ({ page }) => {
  const photo = await galleryWithPhotos(page);
  await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactProps$")));
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v1/document/uploadDoc")) uploads.push(r.url());
  });
  // The user scrolled so the picker sits right above the Save bar and picks a file (set in the
  // page, as a file dialog does: no Playwright scrolling): the message must still show above the bar.
  const pickAtBottom = (file: { name: string; type: string; bytes: number }) =>
    page.evaluate((f) => {
      const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[1];
      const bar = document.querySelector("[data-sticky-save]")!;
      window.scrollBy(0, input.getBoundingClientRect().bottom - (window.innerHeight - bar.getBoundingClientRect().height) + 4);
      const picked = new DataTransfer();
      const bytes = new Uint8Array(f.bytes);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      picked.items.add(new File([bytes], f.name, { type: f.type }));
      input.files = picked.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }, file);

  await pickAtBottom({ name: "holiday.png", type: "image/png", bytes: SIX_MB });
  const tooBig = photo.getByRole("alert").filter({ hasText: "The photo is 6 MB; the limit is 5 MB." });
  await expectAboveSaveBar(page, tooBig);

  await pickAtBottom({ name: "menu.pdf", type: "application/pdf", bytes: 2000 });
  const notPicture = photo.getByRole("alert").filter({ hasText: "Upload a JPEG, PNG or WebP image." });
  await expectAboveSaveBar(page, notPicture);
  await expect(page.getByText(/PDF/)).toHaveCount(0);
  expect(uploads).toEqual([]); // nothing was sent
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's message, with the size and the limit, beside the photo", async ({ page }) => {
    const photo = await galleryWithPhotos(page);
    await photo.getByLabel("Choose photo 2 file").setInputFiles(pngLike(SIX_MB));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const fresh = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Photo 2", exact: true }) });
    const message = fresh.getByRole("alert").filter({ hasText: "The photo is 6 MB; the limit is 5 MB." });
    await expect(message).toBeVisible();
    await message.scrollIntoViewIfNeeded();
    await expectAboveSaveBar(page, message);
  });
});
