import type { Page } from "@playwright/test";
import { expect } from "./e2e-fixtures";

/** Nothing on the page is wider than the screen (a 360 px phone scrolls only down). */
export async function expectNoOverflow(page: Page, what = page.url()) {
  const overflow = await page.evaluate(() => document.body.scrollWidth - document.body.clientWidth);
  expect(overflow, `horizontal overflow on ${what}`).toBeLessThanOrEqual(0);
}
