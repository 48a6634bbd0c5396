import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Three projects:
// - "unit": pure rules beside the code (app/**/*.test.ts), no database;
// - "integration" (and "integration-isolated"): tests/integration, where each test file gets its
//   own database copied from one migrated template (tests/setup), PGlite by default, a PostgreSQL
//   server with DATABASE_URL.
// `vitest run --project "integration*"` is what runs a second time on PostgreSQL.
/** Integration tests that swap a module for a stand-in (vi.mock): kept out of the shared module cache. */
const MODULE_REPLACING = [
  "tests/integration/hardening/races-admin-line.test.ts",
  "tests/integration/line/worker.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    env: { SESSION_SECRET: "test-secret-not-for-production", TZ: "Asia/Bangkok" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files spend much of their time waiting on a database: two at a time even on two cores
    // (Vitest's default there is one), which took the suite from 3m10 to 2m33.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: MODULE_REPLACING,
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
          // The app's modules are loaded once per worker, not once per file: each file still gets
          // its own database (the setup file runs per file), and the suite takes 200 s instead of
          // 280 s on two cores. Files that replace modules (vi.mock) run apart, isolated, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: MODULE_REPLACING,
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
    ],
  },
});
