import { expect, newPassword, signUpByApi, test } from "../support/e2e-fixtures";

/**
 * Issue 22 M1 (ADR 0040): a stranger guessing a customer's password slows strangers down, not the
 * owner on a browser that signed in before.
 */
test("the owner signs in from a browser that signed in before while a stranger has tripped the delay", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const password = newPassword();
  const phone = await test.step("the owner signed up in this browser", () => signUpByApi(page.request, password));

  await test.step("a stranger guesses until the number has to wait at least 16 seconds", async () => {
    for (;;) {
      const res = await request.post("/api/v1/login", { data: { phoneNumber: phone, password: "stranger-guess" } });
      if (res.status() === 429) {
        const wait = Number(res.headers()["retry-after"]);
        if (wait >= 16) break;
        await new Promise((r) => setTimeout(r, wait * 1000));
      } else expect(res.status()).toBe(400);
    }
  });

  await test.step("a stranger's wrong passwords make that number wait, even with the right password", async () => {
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await stranger.goto("/panel/login");
    await stranger.getByLabel("Mobile number").fill(phone);
    await stranger.getByRole("button", { name: "Continue" }).click();
    await stranger.getByLabel("Password", { exact: true }).fill(password);
    await stranger.getByRole("button", { name: "Sign in" }).click();
    await expect(stranger.getByText(/Too many failed sign-in attempts\. Please wait \d+ (seconds|minutes) and try again, or sign in with an OTP \(Forgot password\)\./)).toBeVisible();
    await expect(stranger).toHaveURL(/\/panel\/login/);
    await strangerContext.close();
  });

  await test.step("the owner's own browser signs in at once", async () => {
    await page.context().clearCookies({ name: "cp_session" });
    await page.goto("/panel/login");
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/panel\/customer/);
  });
});
