import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./e2e-fixtures";

/**
 * No serious or critical axe violation (WCAG 2.1 AA rules) on the page as people see it.
 * `soft`: an axe walk (tests/e2e/accessibility.spec.ts) scans every page and reports them all.
 */
export async function expectNoSeriousViolations(page: Page, { soft = false } = {}) {
  // Measured on the page as people see it: loaded, and hydrated where it ships JavaScript.
  await page.waitForLoadState("load");
  if (await page.locator("script[type=module]").count()) {
    await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? document.body).some((k) => k.startsWith("__react")));
  }
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} × ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
  // The per-page count, for the suite's summary (JSON reporter: annotations).
  test.info().annotations.push({ type: "axe-serious", description: `${new URL(page.url()).pathname} ${serious.length}` });
  (soft ? expect.soft : expect)(serious, `axe on ${page.url()}`).toEqual([]);
}
