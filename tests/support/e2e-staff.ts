import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { expect } from "./e2e-fixtures";
import { csvObjects } from "./csv";

/*
 * Staff-panel steps shared by several browser tests (franchisees, admin-payments, reports and the
 * issue-9 journey): adding a staff member, the Confirm dialog, recording a plan by hand, and a
 * report download opened as CSV. Selectors are the pages' visible texts.
 */

/** The Confirm dialog (SPEC §2: title Confirm, buttons Cancel and Ok). */
export async function confirmDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Ok" })).toBeVisible();
  return dialog;
}

/** On a business's page: records the plan `planName` by hand, paid in cash, from the page's plan list (works without JavaScript). */
export async function selectPlan(page: Page, planName: string) {
  await page.getByRole("link", { name: `Select Plan: ${planName}`, exact: true }).click();
  const dialog = await confirmDialog(page);
  await expect(dialog).toContainText(planName);
  await dialog.getByLabel("Paid by").selectOption("Cash");
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByText(new RegExp(`^Payment recorded: ₹[\\d,.]+ by cash for ${planName}\\.$`))).toBeVisible();
}

/** On the Franchisee List: 'Add staff member' with one role (the form starts with Franchisee ticked). */
export async function addStaff(page: Page, name: string, phone: string, role: string) {
  await page.getByRole("link", { name: "Add staff member" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel("Franchisee", { exact: true }).uncheck();
  await page.getByLabel(role, { exact: true }).check();
  await page.getByRole("button", { name: "Add staff member" }).click();
}

/**
 * A downloaded report: UTF-8 with a BOM; its rows by header. Saved as the API's report.csv
 * without JavaScript, or by the page as report-businesses-YYYY-MM-DD.csv (ADR 0044).
 */
export async function readReport(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^report(-(businesses|digital-cards)-\d{4}-\d{2}-\d{2})?\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)], "UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
  return csvObjects(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
}

/** On the Report page: one report's form with a search, downloaded and opened as CSV. */
export async function downloadReport(page: Page, report: "Digital card report" | "Business report", search: string) {
  const form = page.getByRole("form", { name: report });
  await form.getByLabel("Search", { exact: true }).fill(search);
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download CSV" }).click()]);
  return { rows: await readReport(download), form, fileName: download.suggestedFilename() };
}
