import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium against the production build (ADR 0006).
 *
 * The server runs on :3100 with a fresh data dir per run (E2E_DATA_DIR, exported so specs can
 * read the OTP outbox), so the demo data is seeded anew and rate limits start at zero.
 * With DATABASE_URL set the server uses that PostgreSQL database instead of PGlite: point it at
 * a fresh, migrated database (scripts/test.sh creates `cardpanel_e2e`), never at real data.
 */
// E2E_PORT lets two checkouts run their suites side by side on one machine.
export const E2E_PORT = Number(process.env.E2E_PORT) || 3100;
/** The WhatsApp Cloud API stand-in's loopback port (a second webServer): the server reads WHATSAPP_API_URL once. */
const WHATSAPP_STAND_IN_PORT = E2E_PORT + 41;
const isCI = !!process.env.CI;

// Evaluated in the runner and again in each worker: workers inherit the runner's env, so one dir per run.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "cardpanel-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// A throwaway Google Wallet service-account key (ADR 0064), made once per run, so the share kit shows its link.
process.env.E2E_WALLET_KEY ??= JSON.stringify({
  client_email: "wallet@e2e.iam.gserviceaccount.com",
  private_key: crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
});

// Debian's chromium-headless-shell first: the build Playwright runs headless tests in, with no GPU
// process (about half the CPU per page of the full browser here); scripts/find-chromium.sh agrees.
const chromePath =
  process.env.CHROME_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));

/** The one browser: Debian's Chromium, headless. */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // Chromium maps *.localhost to loopback already; this makes it explicit for the second agency.
      "--host-resolver-rules=MAP sunrise.localhost 127.0.0.1",
    ],
  },
};

/** `E2E_ONLY` / `E2E_EXCLUDE`: spec names (without `.spec.ts`) to run or to leave out; scripts/test.sh splits the suite by database with them (ADR 0029). */
const specs = (names: string | undefined) => names?.split(/\s+/).filter(Boolean).map((n) => `**/${n}.spec.ts`);

/** Whether this run includes the spec that waits for the seeded templates' preview frames. */
const previewsLookedAt = (() => {
  const only = specs(process.env.E2E_ONLY);
  return !only || only.includes("**/promo-video-art.spec.ts");
})();

export default defineConfig({
  testDir: "tests/e2e",
  ...(specs(process.env.E2E_ONLY) ? { testMatch: specs(process.env.E2E_ONLY) } : {}),
  ...(specs(process.env.E2E_EXCLUDE) ? { testIgnore: specs(process.env.E2E_EXCLUDE) } : {}),
  fullyParallel: true,
  forbidOnly: isCI,
  // A flaky test is a bug to find, never something to retry.
  retries: 0,
  // 2 cores: the server (one process) and two browsers share them.
  workers: Number(process.env.E2E_WORKERS) || 2,
  // The per-test budget is a backstop against a hang, not a speed check (benches measure speed):
  // each step has its own limit below, and on a busy 2-core machine a long flow's page loads
  // (about 0.7 s of Chromium CPU each) add up to two or three times a fast laptop's (ADR 0028).
  timeout: 120_000,
  expect: { timeout: 7_500 },
  reporter: [["list"], ["./tests/support/e2e-summary-reporter.ts"]],
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // DOM snapshots, no screencast: the screencast's frames cost Chromium about a third more CPU
    // per page (ADR 0028); a failure still keeps its screenshot and the trace's snapshots.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // The panel registers a service worker (ADR 0063): requests it makes would bypass page.route,
    // so specs run without it; the share kit spec allows it to check the offline page.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      // Tests tagged @renews-demo change seeded data other specs read: they run after them.
      grepInvert: /@renews-demo/,
      use: chromium,
    },
    {
      name: "after-all",
      grep: /@renews-demo/,
      dependencies: ["chromium"],
      use: chromium,
    },
  ],
  webServer: [
    {
      // tsx from node_modules directly: npx adds ~0.3 s and npm config warnings to the log.
      command: "node scripts/ensure-build.mjs && node_modules/.bin/tsx server/main.ts",
      // 127.0.0.1: Node may try ::1 first for "localhost", and the server listens on IPv4.
      url: `http://127.0.0.1:${E2E_PORT}/panel/login`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        OTP_OUTBOX: "true",
        LOG_LEVEL: "warn",
        // The suite adds hundreds of businesses as the one demo customer within minutes.
        CUSTOMER_BUSINESSES_PER_HOUR: "100000",
        CUSTOMER_BUSINESSES_TOTAL: "100000",
        // The starter library's 84 posts are tested by the API suite; drawn here they would share
        // the cores with every spec for the first minutes (ADR 0073).
        STARTER_LIBRARY: "off",
        // The seeded templates' previews (two ffmpeg renders) only where a spec looks at them.
        TEMPLATE_PREVIEWS: previewsLookedAt ? "on" : "off",
        GOOGLE_WALLET_ISSUER_ID: "3388000000012345678",
        GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: process.env.E2E_WALLET_KEY,
        WHATSAPP_API_URL: `http://127.0.0.1:${WHATSAPP_STAND_IN_PORT}/v21.0`,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    },
    {
      command: "node_modules/.bin/tsx tests/support/whatsapp-stand-in-cli.ts",
      // Answers 401 without a token: ready, as Playwright counts it.
      url: `http://127.0.0.1:${WHATSAPP_STAND_IN_PORT}/v21.0/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { WHATSAPP_STAND_IN_PORT: String(WHATSAPP_STAND_IN_PORT) },
    },
  ],
});
