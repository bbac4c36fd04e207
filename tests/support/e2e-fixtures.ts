import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountName } from "#server/db/demo-accounts.ts";

/**
 * Shared helpers for the browser tests (ADR 0006). The server under test is started by
 * playwright.config.ts with a fresh DATA_DIR (E2E_DATA_DIR) and the seeded demo data.
 */

export const PORT = Number(process.env.E2E_PORT) || 3100;
export const BASE_URL = `http://localhost:${PORT}`;
export const SUNRISE_URL = `http://sunrise.localhost:${PORT}`;
export { DEMO_PASSWORD };

type StaffAccount = { kind: "staff"; phoneNumber: string; origin: string };
type CustomerAccount = { kind: "customer"; phoneNumber?: string; email?: string; origin: string };
export type Account = StaffAccount | CustomerAccount;

/** A seeded demo account (server/db/demo-accounts.ts, all with DEMO_PASSWORD) on its agency's origin. */
type Demo<N extends DemoAccountName> = { kind: (typeof DEMO_ACCOUNTS)[N]["kind"]; origin: string } & (typeof DEMO_ACCOUNTS)[N]["login"];
const demo = <N extends DemoAccountName>(name: N): Demo<N> => {
  const a = DEMO_ACCOUNTS[name];
  return { kind: a.kind, ...a.login, origin: a.agency === "platform" ? BASE_URL : SUNRISE_URL } as Demo<N>;
};

export const accounts = {
  admin: demo("admin"),
  creator: demo("creator"),
  franchisee: demo("franchisee"),
  allCardFranchisee: demo("franchiseeAllCards"),
  sunriseAdmin: demo("otherAgencyAdmin"),
  customer: demo("customer"),
  foreignCustomer: demo("foreignCustomer"),
  sunriseCustomer: demo("otherAgencyCustomer"),
} satisfies Record<string, Account>;
export type Role = keyof typeof accounts;

/** A mobile number nobody has: 6–9 then 9 random digits. */
export function randomPhone(): string {
  let n = String(6 + Math.floor(Math.random() * 4));
  for (let i = 0; i < 9; i++) n += Math.floor(Math.random() * 10);
  return n;
}

export function randomEmail(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A fresh password that passes the rules (8+ characters). */
export const newPassword = () => `E2e-${Math.random().toString(36).slice(2, 10)}!`;

function outboxPath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dir, "outbox.jsonl");
}

type OutboxMessage = { channel: string; to: string; text: string; createdAt: string };

function readOutbox(): OutboxMessage[] {
  let raw: string;
  try {
    raw = fs.readFileSync(outboxPath(), "utf8");
  } catch {
    return [];
  }
  const out: OutboxMessage[] = [];
  for (const line of raw.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as OutboxMessage);
    } catch {
      /* a line being written right now */
    }
  }
  return out;
}

/**
 * The newest OTP sent to `to` (a phone number or email), polling the outbox until it appears.
 * The code is the first 6 characters of the message text.
 * `after`: only messages created at or after this time (for a resend).
 */
export async function readOtp(to: string, opts: { after?: Date; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const target = to.trim().toLowerCase();
  for (;;) {
    const hits = readOutbox().filter(
      (m) => m.to?.toLowerCase() === target && (!opts.after || new Date(m.createdAt).getTime() >= opts.after.getTime() - 1000),
    );
    const last = hits.at(-1);
    if (last) {
      const code = last.text.slice(0, 6);
      expect(code, `OTP in the outbox message "${last.text}"`).toMatch(/^\d{6}$/);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`No OTP for ${to} in ${outboxPath()} after ${opts.timeoutMs ?? 10_000} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The OTP step: the newest code sent to `to` (`after`: a resent one), then Verify. */
export async function enterOtp(page: Page, to: string, opts: { after?: Date } = {}): Promise<void> {
  await page.getByRole("textbox", { name: /OTP/i }).fill(await readOtp(to, opts));
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The create-password step: the password twice, then 'Create password' ('Save new password' after a forgotten one). */
export async function choosePassword(page: Page, password: string, button = "Create password"): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: button }).click();
}

/** A new customer through the sign-in screens, with a mobile number nobody has: lands on the customer home. */
export async function signUp(page: Page): Promise<{ phone: string; password: string }> {
  const phone = randomPhone();
  const password = newPassword();
  await page.goto("/panel/login");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/panel\/otp/);
  await enterOtp(page, phone);
  await expect(page).toHaveURL(/\/panel\/createPassword/);
  await choosePassword(page, password);
  await expect(page).toHaveURL(/\/panel\/customer$/);
  return { phone, password };
}

/**
 * A new customer through the API's sign-up (verifyUser → OTP → createPassword), for tests
 * about what comes after. With `page.request` the session cookie lands in the page.
 */
export async function signUpByApi(request: APIRequestContext, password = newPassword()): Promise<string> {
  const phone = randomPhone();
  expect((await request.post("/api/v1/verifyUser", { data: { phoneNumber: phone } })).status()).toBe(200);
  expect((await request.post("/api/v1/verifyOtp", { data: { otp: await readOtp(phone) } })).status()).toBe(200);
  expect((await request.post("/api/v1/createPassword", { data: { password } })).status()).toBe(200);
  return phone;
}

/**
 * Sign in without the login UI: POST the API's login endpoint so the session cookie lands in
 * the page's browser context. Use wherever the sign-in screens are not what the test is about.
 */
export async function loginAs(page: Page, role: Role): Promise<void> {
  const account: Account = accounts[role];
  const apiPath = account.kind === "staff" ? "/api/v1/franchisee/login" : "/api/v1/login";
  const data =
    account.kind === "staff"
      ? { phoneNumber: account.phoneNumber, password: DEMO_PASSWORD }
      : account.email
        ? { email: account.email, password: DEMO_PASSWORD }
        : { phoneNumber: account.phoneNumber, password: DEMO_PASSWORD };
  const origin = new URL(account.origin);

  let res: APIResponse;
  if (origin.hostname === "localhost") {
    // page.request shares the context's cookie jar: the Set-Cookie lands in the browser.
    res = await page.request.post(`${origin.origin}${apiPath}`, { data });
  } else {
    // Node cannot resolve *.localhost (Chromium can): talk to loopback, name the agency's host,
    // and hand the session cookie to the browser for that host.
    res = await page.request.post(`http://127.0.0.1:${origin.port}${apiPath}`, { data, headers: { host: origin.host } });
  }
  expect(res.status(), `${apiPath} as ${role}: ${await res.text()}`).toBe(200);

  if (origin.hostname !== "localhost") {
    const cookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split(";")[0]!.split("="))
      .filter(([name, value]) => name && value)
      .map(([name, ...rest]) => ({
        name: name!.trim(),
        value: rest.join("="),
        domain: origin.hostname,
        path: "/",
        httpOnly: true,
        sameSite: "Lax" as const,
      }));
    expect(cookies.length, "session cookie from the login response").toBeGreaterThan(0);
    await page.context().addCookies(cookies);
  }
}

/** Opens the top bar's menu drawer (a navigation landmark named "Menu") and returns it. */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Menu" });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * The drawer's entries (links and buttons, in order), without its icon-only close button and
 * without the settings under them: the language switch, the admin's Default language (ADR 0066)
 * and Card themes (ADR 0070).
 */
export function menuEntries(drawer: Locator): Locator {
  return drawer
    .getByRole("link")
    .or(drawer.getByRole("button"))
    .and(drawer.locator(':not([name="language"]):not([href="/panel/admin/language"]):not([href="/panel/admin/card-themes"])'))
    .filter({ visible: true })
    .filter({ hasNotText: /^\s*$/ });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Matchers for menu labels, exact and in order; an external link may add the screen-reader
 * hint "(opens in a new tab)" to its text.
 */
export const exactLabels = (labels: string[]) =>
  labels.map((l) => new RegExp(`^\\s*${escapeRe(l)}\\s*(\\(opens in a new tab\\))?\\s*$`));

export const test = base;
export { expect };
