import { expect, loginAs, test } from "../support/e2e-fixtures";

test("a customer's first page view starts an analytics session (START_SESSION)", async ({ page }) => {
  await loginAs(page, "customer");
  const logged = page.waitForRequest(
    (req) => req.url().endsWith("/api/v1/analytics/log") && (req.postData() ?? "").includes("START_SESSION"),
  );
  await page.goto("/panel/customer");
  const body = JSON.parse((await logged).postData()!);
  expect(body.logEvents[0]).toMatchObject({ logEventName: "START_SESSION", pageUrl: expect.stringContaining("/panel/customer") });
  // The session is kept across pages within 30 minutes: no second START_SESSION.
  let again = false;
  page.on("request", (req) => {
    if (req.url().endsWith("/api/v1/analytics/log") && (req.postData() ?? "").includes("START_SESSION")) again = true;
  });
  await page.getByRole("link", { name: /Digital business card/ }).first().click();
  await page.waitForURL(/projectType=digital_card/);
  expect(again).toBe(false);
});

test("staff pages send no analytics events", async ({ page }) => {
  await loginAs(page, "admin");
  let sent = false;
  page.on("request", (req) => {
    if (req.url().endsWith("/api/v1/analytics/log")) sent = true;
  });
  await page.goto("/panel/admin");
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await page.waitForLoadState("networkidle"); // hydrated, effects run
  expect(sent).toBe(false);
});
