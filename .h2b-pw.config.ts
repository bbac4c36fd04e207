import { defineConfig, devices } from "@playwright/test";
export default defineConfig({
  testDir: ".h2b-tmp/e2e",
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "/tmp/h2b-dev/test-results",
  use: { baseURL: "http://localhost:3217", screenshot: "only-on-failure", actionTimeout: 10_000 },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] } } }],
});
