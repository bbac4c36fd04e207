import { expect, loginAs, test } from "../support/e2e-fixtures";

test("the customer home shows exactly the API's home tiles, in order", async ({ page }) => {
  await loginAs(page, "customer");
  const session = await (await page.request.get("/api/v1/session")).json();
  const tiles: { label: string; to: string }[] = session.actor.menu.home;
  expect(tiles.length).toBeGreaterThan(0);
  await page.goto("/panel/customer");
  const links = page.getByRole("main").getByRole("listitem").getByRole("link");
  await expect(links).toHaveCount(tiles.length);
  for (const [i, tile] of tiles.entries()) {
    await expect(links.nth(i)).toContainText(tile.label);
    await expect(links.nth(i)).toHaveAttribute("href", tile.to);
  }
});
