import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, STAND_IN_WEBHOOK_SECRET } from "./tests/support/razorpay-stand-in";

/**
 * The browser tests of Razorpay's checkout.js path (ADR 0015, "The upgrade dialog and checkout"),
 * on their own server WITH Razorpay keys, whose RAZORPAY_API_URL is the Razorpay stand-in
 * (tests/support/razorpay-stand-in-cli.ts) on a fixed loopback port. checkout.js itself is served
 * by the specs (page.route). A separate config so the main suite neither waits for this second
 * server nor changes: scripts/test.sh runs it as its own phase.
 *
 *   E2E_RZP_PORT=3110 npx playwright test --config playwright.razorpay.config.ts
 */
const PORT = Number(process.env.E2E_RZP_PORT) || 3110;
const STAND_IN_PORT = Number(process.env.E2E_RZP_STAND_IN_PORT) || PORT + 20;
// The shared fixtures (tests/support/e2e-fixtures.ts) read the server's port from E2E_PORT.
process.env.E2E_PORT = String(PORT);
process.env.E2E_RZP_STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}`;

const mainServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;
if (!mainServer) throw new Error("playwright.config.ts has no webServer");
const browser = base.projects?.[0]?.use;

export default defineConfig({
  ...base,
  testDir: "tests/e2e-razorpay",
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results/razorpay",
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  projects: [{ name: "razorpay-checkout", use: browser }],
  webServer: [
    {
      command: "node_modules/.bin/tsx tests/support/razorpay-stand-in-cli.ts",
      url: `http://127.0.0.1:${STAND_IN_PORT}/__stand-in/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { RAZORPAY_STAND_IN_PORT: String(STAND_IN_PORT) },
    },
    {
      ...mainServer,
      url: `http://127.0.0.1:${PORT}/panel/login`,
      env: {
        ...mainServer.env,
        PORT: String(PORT),
        RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
        RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        RAZORPAY_API_URL: `http://127.0.0.1:${STAND_IN_PORT}`,
      },
    },
  ],
});
