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

// Issue 23, ADR 0077: on a slow phone the page paints once its stylesheet is in, and every file it
// loads comes compressed (the route manifest, written after the client build, once went out raw).
test("the customer home asks for its stylesheet first and gets every script and style compressed", async ({ page }) => {
  await loginAs(page, "customer");
  const files: { url: string; encoding: string | undefined; bytes: number }[] = [];
  page.on("response", async (res) => {
    if (!new URL(res.url()).pathname.startsWith("/assets/")) return;
    const headers = await res.allHeaders();
    files.push({ url: res.url(), encoding: headers["content-encoding"], bytes: Number(headers["content-length"] ?? 0) });
  });
  const html = await (await page.goto("/panel/customer"))!.text();
  await expect(page.getByRole("main")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const head = html.slice(0, html.indexOf("</head>"));
  const stylesheet = head.search(/<link rel="stylesheet"/);
  expect(stylesheet).toBeGreaterThan(-1);
  expect(head.slice(0, stylesheet)).not.toContain("modulepreload");

  const scripts = files.filter((f) => /\.(js|css)$/.test(new URL(f.url).pathname));
  expect(scripts.some((f) => /\/manifest-[^/]+\.js$/.test(f.url))).toBe(true);
  // Files under 1 KB are sent as they are (scripts/precompress.ts).
  const raw = scripts.filter((f) => !f.encoding && f.bytes >= 1024).map((f) => f.url);
  expect(raw).toEqual([]);
});
