import { expect, loginAs, test } from "../support/e2e-fixtures";

test("the customer home shows exactly the API's home tiles, in order", async ({ page }) => {
  await loginAs(page, "customer");
  const session = await (await page.request.get("/api/v1/session")).json();
  const tiles: { key: string; label: string; href?: string }[] = session.actor.menu.home;
  // Where each key leads (app/lib/menu-links.ts); Rajesh's active business rides along to the PDF and video pages.
  const business = `?businessId=${session.actor.user.preference.activeBusinessId}`;
  const hrefs: Record<string, string | undefined> = {
    digital_card: "/panel/customer/projects?projectType=digital_card",
    greetings: "/panel/customer/daily-image",
    "pdf-card-templates": `/panel/customer/pdf-card-templates${business}`,
    "video-templates": `/panel/customer/video-templates${business}`,
  };
  expect(tiles.length).toBeGreaterThan(0);
  await page.goto("/panel/customer");
  const links = page.getByRole("main").getByRole("listitem").getByRole("link");
  await expect(links).toHaveCount(tiles.length);
  for (const [i, tile] of tiles.entries()) {
    await expect(links.nth(i)).toContainText(tile.label);
    await expect(links.nth(i)).toHaveAttribute("href", tile.href ?? hrefs[tile.key]!);
  }
});
