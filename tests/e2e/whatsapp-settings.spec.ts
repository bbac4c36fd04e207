import { expect, loginAs, SUNRISE_URL, test } from "../support/e2e-fixtures";
import { WA_DISPLAY_NUMBER, WA_PHONE_NUMBER_ID, WA_TOKEN } from "../support/whatsapp-stand-in";

/*
 * An agency admin connects their own WhatsApp Business number (ADR 0053) on a 360 px phone with
 * JavaScript off: WhatsApp (the Cloud API stand-in on loopback) refuses a wrong token on its
 * field, accepts the right one, the token never comes back into the page, and disconnecting asks
 * first. The second agency (Sunrise) does it, so the platform's demo agency keeps sending none.
 */
test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

test("an agency admin connects WhatsApp after WhatsApp accepts it, and disconnects it after a confirmation", async ({ page }) => {
  await loginAs(page, "sunriseAdmin");
  await page.goto(`${SUNRISE_URL}/panel/admin/renewals`);
  await page.getByRole("link", { name: "WhatsApp settings" }).click();
  await expect(page).toHaveURL(/\/panel\/admin\/whatsapp$/);
  await expect(page.getByText("Not connected: messages go by SMS and e-mail only.")).toBeVisible();

  await page.getByLabel("Phone number ID").fill(WA_PHONE_NUMBER_ID);
  await page.getByLabel("Access token").fill("EAAnotthetokenyouwerelookingfor");
  await page.getByLabel("Renewal reminder template").fill("card_renewal");
  await page.getByRole("button", { name: "Check with WhatsApp and save" }).click();
  await expect(page.getByText("WhatsApp did not accept this access token.")).toBeVisible();
  // What was typed stays, but never the token.
  await expect(page.getByLabel("Phone number ID")).toHaveValue(WA_PHONE_NUMBER_ID);
  await expect(page.getByLabel("Renewal reminder template")).toHaveValue("card_renewal");
  await expect(page.getByLabel("Access token")).toHaveValue("");
  expect(await page.content()).not.toContain("EAAnotthetokenyouwerelookingfor");

  await page.getByLabel("Access token").fill(WA_TOKEN);
  await page.getByRole("button", { name: "Check with WhatsApp and save" }).click();
  await expect(page.getByText(`WhatsApp connected: ${WA_DISPLAY_NUMBER}.`)).toBeVisible();
  await expect(page.getByText(`Connected: ${WA_DISPLAY_NUMBER}`, { exact: true })).toBeVisible();
  await expect(page.getByLabel(/Access token \(leave empty to keep the saved one ending …/)).toHaveValue("");
  expect(await page.content()).not.toContain(WA_TOKEN);
  await expect(page.getByLabel("Renewal reminder template")).toHaveValue("card_renewal");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole("link", { name: "Disconnect WhatsApp" }).click();
  await expect(page.getByText("Disconnect WhatsApp? Reminders and alerts will go by SMS and e-mail only.")).toBeVisible();
  await page.getByRole("button", { name: "Disconnect WhatsApp" }).click();
  await expect(page.getByText("WhatsApp disconnected.")).toBeVisible();
  await expect(page.getByText("Not connected: messages go by SMS and e-mail only.")).toBeVisible();
});
