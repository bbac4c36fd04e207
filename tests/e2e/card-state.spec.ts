import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "../support/e2e-fixtures";

/*
 * One state per card, one badge (contracts/card-state.ts, ADR 0011): every demo business shows
 * exactly one badge, with the same words on every page. Seed: Sharma Sweets paid for ~300 more
 * days, Gupta Electricals expired 10 days ago, Iyer Consulting (the customer abroad) on its
 * 7-day trial, made 2½ days ago (ADR 0015).
 */

const badges = (page: Page) => page.getByRole("main").locator("[data-card-state]");

async function businessIds(page: Page) {
  const res = await page.request.get("/api/v1/business/getBusinessesByUser");
  const body = (await res.json()) as { businesses: { businessId: number; businessName: string }[] };
  return Object.fromEntries(body.businesses.map((b) => [b.businessName, b.businessId]));
}

test("the customer's businesses: Paid and Expired, one badge each, on every page", async ({ page }) => {
  await loginAs(page, "customer");
  const ids = await businessIds(page);

  await page.goto("/panel/customer/account");
  const list = page.getByRole("list", { name: "My businesses" });
  for (const [name, label] of [
    ["Sharma Sweets", "Paid"],
    ["Gupta Electricals", "Expired"],
  ]) {
    const row = list.getByRole("listitem").filter({ hasText: name });
    await expect(row.locator("[data-card-state]")).toHaveCount(1);
    await expect(row.locator("[data-card-state]")).toHaveText(label);
  }

  for (const [name, label] of [
    ["Sharma Sweets", "Paid"],
    ["Gupta Electricals", "Expired"],
  ]) {
    await page.goto(`/panel/customer/businesses/${ids[name]}/edit`);
    await expect(badges(page)).toHaveCount(1);
    await expect(badges(page)).toHaveText(label);

    await page.goto(`/panel/customer/digital-card?businessId=${ids[name]}`);
    await expect(badges(page)).toHaveCount(1);
    await expect(badges(page)).toHaveText(label);
  }

  // The home and My Projects show the active business: the same single badge.
  await page.goto("/panel/customer");
  const active = (await page.getByText(/^Welcome,/).textContent())!.replace("Welcome, ", "").trim();
  const expected = active === "Gupta Electricals" ? "Expired" : "Paid";
  await expect(badges(page)).toHaveCount(1);
  await expect(badges(page)).toHaveText(expected);
  await page.goto("/panel/customer/projects?projectType=digital_card");
  await expect(badges(page)).toHaveCount(1);
  await expect(badges(page)).toHaveText(expected);
});

test("the customer abroad: Iyer Consulting is on its trial, and says so once", async ({ page }) => {
  await loginAs(page, "foreignCustomer");
  for (const path of ["/panel/customer", "/panel/customer/projects?projectType=digital_card", "/panel/customer/digital-card", "/panel/customer/account"]) {
    await page.goto(path);
    await expect(badges(page), path).toHaveCount(1);
    await expect(badges(page), path).toHaveText("Trial ends in 4 days");
  }
});
