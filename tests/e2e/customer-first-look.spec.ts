import { expect, loginAs, signUpByApi, test } from "../support/e2e-fixtures";

/*
 * What a new customer met on a first look round the panel (issue 22, ADR 0042/0043): My Projects'
 * promotional videos at 360 px, dialogs that close with ✕ and Escape, errors inside the panel's
 * frame, the bell, the add-business form's default, story posts in the greetings grid.
 */

const rand = () => Math.random().toString(36).slice(2, 7);

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("My Projects → Promotional videos: the active tab fits, the videos are listed by state", async ({ page }) => {
    await loginAs(page, "customer");
    const mine = (await (await page.request.get("/api/v1/business/getBusinessesByUser")).json()) as { businesses: { businessId: number; businessName: string }[] };
    const sharma = mine.businesses.find((b) => b.businessName === "Sharma Sweets")!.businessId;
    // The business named: other tests switch the demo customer's active business.
    await page.goto(`/panel/customer/projects?businessId=${sharma}`);
    await page.getByRole("navigation", { name: "Project types" }).getByRole("link", { name: "Promotional videos" }).click();
    await expect(page).toHaveURL(/projectType=promotional_video/);
    const tab = page.getByRole("link", { name: "Promotional videos", exact: true }).and(page.locator("[aria-current=page]"));
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    await expect(page.getByText("This part of the panel is not built yet.")).toHaveCount(0);
    // The seed's failed Clinic Hours video, in its own group, with the reason.
    const failed = page.getByRole("region", { name: /^Could not be made/ });
    await expect(failed.getByRole("listitem").filter({ hasText: "Clinic Hours" }).first()).toContainText("We could not make this video.");
    await expect(page.getByRole("link", { name: "Order a promotional video" })).toHaveAttribute("href", /\/panel\/customer\/video-templates\?businessId=\d+/);
  });
});

test("the upgrade dialog names the plan that gives more, keeps the panel around it and closes with Esc and ✕", async ({ page }) => {
  await signUpByApi(page.request);
  const res = await page.request.post("/api/v1/business", { data: { businessName: `Joshi Bakers ${rand()}` } });
  expect(res.status(), await res.text()).toBe(200);

  const order = async () => {
    await page.goto("/panel/customer/video-templates");
    await page.getByRole("link", { name: /Diwali Sale/ }).click();
    await page.getByRole("button", { name: "Make my video" }).click();
  };
  const dialog = page.getByRole("dialog", { name: "Upgrade your plan" });
  await order();
  await expect(dialog).toContainText("The free trial does not include promotional videos. The Premium plan gives 1 promotional video.");
  await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await order();
  await dialog.getByRole("link", { name: "Close Upgrade your plan" }).click();
  await expect(dialog).toBeHidden();
});

test("an error keeps the panel frame, and its dialog closes with Esc back to a page", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer/businesses/999999/receipts/1");
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Close Error" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/panel\/customer$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bell opens the customer's own notifications, newest first, each a link", async ({ page }) => {
    await loginAs(page, "customer");
    await page.goto("/panel/customer");
    await page.getByRole("banner").getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL(/\/panel\/customer\/notifications$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    const items = page.getByRole("list", { name: "Notifications" }).getByRole("link");
    await expect(items.filter({ hasText: "Payment received for Sharma Sweets" }).first()).toBeVisible();
    await items.filter({ hasText: /^(Enquiry|Feedback) from .+ for Sharma Sweets/ }).first().click();
    await expect(page).toHaveURL(/\/panel\/customer\/feedback\?businessId=\d+$/);
  });

  test("a new customer's bell says there is nothing yet", async ({ page }) => {
    await signUpByApi(page.request);
    await page.goto("/panel/customer/notifications");
    await expect(page.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
  });

  test("adding a business: 'Also create its digital business card' starts ticked", async ({ page }) => {
    await loginAs(page, "customer");
    await page.goto("/panel/customer/businesses/add");
    await expect(page.getByRole("checkbox", { name: "Also create its digital business card" })).toBeChecked();
  });
});

test("a story (9:16) greeting post shows whole in the grid, not cropped square", async ({ page }) => {
  await loginAs(page, "customer");
  await page.goto("/panel/customer/daily-image");
  const story = page.locator("main img[alt^='Good Morning']");
  await story.first().scrollIntoViewIfNeeded();
  // The seed's one Good Morning story: its image is taller than wide, and so is its tile.
  await expect
    .poll(() =>
      story.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((i) => i.complete && i.naturalHeight > i.naturalWidth * 1.5)
          .map((i) => Math.round((i.getBoundingClientRect().height / i.getBoundingClientRect().width) * 100) / 100),
      ),
    )
    .toEqual([1.78]);
});
