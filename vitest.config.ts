import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Own config (not vite.config.ts): the API tests need neither the React Router nor the Tailwind plugin.
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
      "#contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["tests/api/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "contracts/**/*.test.ts"],
    // One migrated + seeded database per run; each file gets its own copy (ADR 0005).
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // 2 cores; each file holds one PGlite (~0.4 GB) or one PostgreSQL database.
    maxWorkers: 2,
    // PGlite opens in 0.4–3 s and argon2 is slow on purpose: generous, but a hang still fails.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
