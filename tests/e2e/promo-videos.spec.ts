import fs from "node:fs";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * A customer orders a promotional video, watches it being made and downloads it (ADR 0025).
 * Rajesh's Sharma Sweets has the Premium plan: one promotional video of its own.
 */

test("a customer orders a promotional video, watches its progress and downloads the MP4", async ({ page }) => {
  // A real render (ffmpeg) runs behind this test; the seed's demo video may be rendering first.
  test.setTimeout(180_000);
  await loginAs(page, "customer");
  await page.goto("/panel/customer");
  await page.getByRole("main").getByRole("link", { name: /promotional videos/i }).first().click();
  await expect(page).toHaveURL(/\/panel\/customer\/video-templates\?businessId=\d+/);

  // Most popular first: the seed's Diwali Sale (45) leads.
  const tiles = page.getByRole("region", { name: "Choose a template" }).getByRole("listitem");
  await expect(tiles.first()).toContainText("Diwali Sale");
  await page.getByRole("link", { name: /Clinic Hours/ }).click();

  // Prefilled from the business.
  await expect(page.getByLabel("Business name")).toHaveValue("Sharma Sweets");
  await page.getByLabel("Tagline").fill("Fresh sweets every morning");
  await page.getByRole("button", { name: "Make my video" }).click();
  await expect(page.getByText("We are making your promotional video.")).toBeVisible();

  // The newest video is first: waiting or being made, then ready without touching the page.
  const mine = page.locator("#videos li").first();
  await expect(mine).toContainText("Clinic Hours");
  await expect(mine.getByRole("status")).toHaveText(/Waiting to start…|Making your video…( \d+%)?|Your video is ready\./);
  await expect(mine.getByRole("status")).toHaveText("Your video is ready.", { timeout: 150_000 });

  const download = page.waitForEvent("download");
  await mine.getByRole("link", { name: /Download video/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^promo-video-\d+\.mp4$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  expect(bytes.length).toBeLessThanOrEqual(16 * 1024 * 1024);

  const share = mine.getByRole("link", { name: "Share on WhatsApp" });
  await expect(share).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=http/);

  // My Projects → Promotional videos lists it among the ready ones, with its download (issue 22).
  const videoNo = await mine.getAttribute("data-video-no");
  const businessId = new URL(page.url()).searchParams.get("businessId");
  // The business named, as the other pages do: other tests switch the demo customer's active business.
  await page.goto(`/panel/customer/projects?businessId=${businessId}`);
  await page.getByRole("navigation", { name: "Project types" }).getByRole("link", { name: "Promotional videos" }).click();
  const ready = page.getByRole("region", { name: /^Ready to download/ }).locator(`li[data-video-no="${videoNo}"]`);
  await expect(ready).toContainText("Clinic Hours");
  await expect(ready.getByRole("link", { name: /Download video/ })).toHaveAttribute("download", /^promo-video-\d+\.mp4$/);
});

test.describe("Promotional videos without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the order form checks its fields on the server; a failed video says why", async ({ page }) => {
    await loginAs(page, "customer");
    await page.goto("/panel/customer/video-templates");
    // Without businessId: the active business's page.
    await expect(page).toHaveURL(/businessId=\d+/);
    // The page keeps 65 px clear below its content (SPEC §9), said by its route's handle.
    await expect(page.locator("main")).toHaveCSS("margin-bottom", "65px");
    await expect(page.locator("#videos li").filter({ hasText: "Clinic Hours" }).filter({ hasText: "We could not make this video." })).toContainText(
      "Something went wrong while making your video. Please try again.",
    );
    await page.getByRole("link", { name: /Diwali Sale/ }).click();
    // Only this template's videos: the test beside it orders Clinic Hours as the same customer.
    const diwaliVideos = page.locator("#videos li").filter({ hasText: "Diwali Sale" });
    const before = await diwaliVideos.count();
    await page.getByLabel("Offer text").fill("Big offer ".repeat(10));
    await page.getByRole("button", { name: "Make my video" }).click();
    await expect(page.getByText("Offer text is too long.")).toBeVisible();
    await expect(page.getByLabel("Business name")).toHaveValue("Sharma Sweets");
    await expect(diwaliVideos).toHaveCount(before);
  });
});

test.describe("Video template Management without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin adds a template, raises its popularity and deletes it after confirming", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/panel/admin/video-template-management");
    await page.getByRole("link", { name: "Add template" }).click();
    const name = `E2E Launch ${Date.now()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Background (generated)").selectOption("midnight");
    await page.getByLabel("Length in seconds").fill("10");
    // Leave the offer out, and give the phone an end before its start: refused, with the reason.
    await page.getByRole("checkbox", { name: "Offer text" }).uncheck();
    const phoneRow = page.locator("div").filter({ has: page.getByRole("checkbox", { name: "Phone number" }) }).last();
    await phoneRow.getByLabel("From s").fill("6");
    await phoneRow.getByLabel("To s").fill("3");
    await page.getByRole("button", { name: "Add template" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The end must be after the start." })).toBeVisible();
    await phoneRow.getByLabel("To s").fill("10");
    await page.getByRole("button", { name: "Add template" }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible();

    const tile = page.getByRole("listitem").filter({ hasText: name });
    await expect(tile).toContainText("Popularity 0");
    await expect(tile).not.toContainText("Offer text");
    await tile.getByRole("button", { name: "Raise popularity" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Popularity 1");

    await page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Delete" }).click();
    await expect(page.getByText(`Delete ${name}?`)).toBeVisible();
    await page.getByRole("button", { name: "Ok" }).click();
    await expect(page.getByText("Template deleted. Videos already made from it stay.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  });
});
