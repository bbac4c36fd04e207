import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./e2e-fixtures";

/** Selectors and steps for the panel's forms (the card editor's sections, the business forms). */

/** An editor row (a bank account, a video, a photo…) by the heading it carries. */
export const row = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
export const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();
/** The flash message after a save or a delete. */
export const snackbar = (page: Page, text: string) => expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();

/** 'Save', and the snackbar says it was saved. */
export async function saveSection(page: Page, message: string) {
  await save(page);
  await snackbar(page, message);
}

/** Waits until React has taken over the page (the upload island and the live preview need it). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactProps$"));
  });
}

/** A small PNG to upload, in one colour. */
export async function pngFile(name: string, background = "#e65100", size = { width: 96, height: 72 }) {
  const buffer = await sharp({ create: { ...size, channels: 3, background } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}
