import { defineConfig } from "vitest/config";

// Own config (not vite.config.ts): the API tests need neither the React Router nor the Tailwind plugin.
export default defineConfig({
  // The aliases live in tsconfig.json `paths` only (tsx, TypeScript and Playwright read them too).
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["tests/api/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "contracts/**/*.test.ts"],
    // One migrated + seeded database per run; each file gets its own copy (ADR 0005).
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    // A worker loads the server code once and keeps its PGlite between files, reset to the
    // template's rows (ADR 0029): module state must be keyed by database, never per process.
    isolate: false,
    // 2 cores; each worker holds one PGlite (~0.4 GB), or each file one PostgreSQL database.
    maxWorkers: 2,
    // PGlite opens in 0.4–3 s and argon2 is slow on purpose: generous, but a hang still fails.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
