import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { loginAs, signUpByApi } from "../support/e2e-fixtures";
import { findFfmpeg, probeMedia, runFfmpeg } from "#server/services/video/ffmpeg.ts";

/**
 * A customer's greeting video with their own frame (ADR 0022): on a phone, they ask for it on the
 * video's page, watch the progress, and download an MP4 that phones play (H.264 + AAC). Without
 * JavaScript the same page works with a Refresh link.
 */

test.use({ viewport: { width: 360, height: 740 } });

const ffmpeg = findFfmpeg().path;
let dir: string;
let imageId: number;

/** The superadmin uploads a video post made with ffmpeg's test sources (a few seconds, with sound). */
async function uploadVideoPost(browser: Browser, seconds: number) {
  const file = path.join(dir, `post-${seconds}s.mp4`);
  await runFfmpeg({
    binary: ffmpeg,
    args: ["-y", "-f", "lavfi", "-i", `testsrc=size=720x720:rate=25:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", file],
    timeoutMs: 60_000,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "admin");
  const subs = await page.request.get("/api/v1/image-subcategory?pageSize=1");
  expect(subs.status()).toBe(200);
  const [sub] = (await subs.json()).list as { imageSubcategoryId: number }[];
  const res = await page.request.post("/api/v1/image-post", {
    multipart: { file: { name: "greeting.mp4", mimeType: "video/mp4", buffer: fs.readFileSync(file) }, imageSubcategoryId: String(sub.imageSubcategoryId) },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { imageId: id } = (await res.json()) as { imageId: number };
  await context.close();
  return id;
}

/** A new customer (on the free trial: one greeting video a day) with a business. */
async function newOwner(page: Page, name: string) {
  await signUpByApi(page.request);
  const res = await page.request.post("/api/v1/business", { data: { businessName: name, phoneNumber: "9812345678", createDigitalCard: true } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).business.businessId as number;
}

test.beforeAll(async ({ browser }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-e2e-video-"));
  imageId = await uploadVideoPost(browser, 6);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a customer asks for a greeting video with their frame, sees it being made, and downloads it", async ({ page }) => {
  await newOwner(page, "Kulkarni Florists");
  await page.goto("/panel/customer/daily-image/videos");
  await page.locator(`[data-video-post="${imageId}"]`).getByRole("link", { name: "Get this video with my frame" }).click();
  await expect(page).toHaveURL(new RegExp(`/panel/customer/daily-image/videos/${imageId}$`));

  await page.getByRole("button", { name: "Make my branded video" }).click();
  await expect(page.getByText("We are making your branded video.")).toBeVisible();
  // Six seconds of 720p take ffmpeg a few: the progress shows while it works.
  await expect(page.getByRole("progressbar", { name: "Branding progress" })).toBeVisible();
  await expect(page.getByText("Your branded video is ready.")).toBeVisible({ timeout: 90_000 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download video" }).click()]);
  expect(download.suggestedFilename()).toBe(`greeting-${imageId}.mp4`);
  const info = await probeMedia(ffmpeg, await download.path());
  expect(info.video).toMatchObject({ codec: "h264", pixelFormat: "yuv420p", width: 720, height: 720 });
  expect(info.audio?.codec).toBe("aac");
  expect(info.durationSeconds).toBeGreaterThan(5.5);
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*\.mp4/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the request is a plain form, and the page offers a Refresh link until the video is ready", async ({ page }) => {
    const businessId = await newOwner(page, "Deshpande Traders");
    await page.goto(`/panel/customer/daily-image/videos/${imageId}`);
    await page.getByRole("button", { name: "Make my branded video" }).click();
    await expect(page.getByText("We are making your branded video.")).toBeVisible();
    const refresh = page.getByRole("link", { name: "Refresh" });
    await expect(refresh).toBeVisible();
    // Wait for the API to say it is done (what a person's Refresh would find), then tap Refresh once.
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/image-post/${imageId}/branded-video?businessId=${businessId}`)).json()).status, { timeout: 90_000 })
      .toBe("ready");
    await refresh.click();
    await expect(page.getByRole("link", { name: "Download video" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Refresh" })).toHaveCount(0);
  });
});
