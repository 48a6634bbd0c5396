import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Three projects:
// - "unit": pure rules beside the code (app/**/*.test.ts), no database;
// - "integration" (and "integration-isolated"): tests/integration, where each test file gets its
//   own database copied from one migrated template (tests/setup), PGlite by default, a PostgreSQL
//   server with DATABASE_URL.
// `vitest run --project "integration*"` is what runs a second time on PostgreSQL.
/**
 * Integration tests that each run in a fresh process: those that swap a module for a stand-in
 * (vi.mock), which must not leak into another file, and the hardening tests, which start app
 * processes of their own, kill them and count what they leave behind.
 */
const ISOLATED = ["tests/integration/hardening/**/*.test.ts", "tests/integration/line/worker.test.ts"];

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
          exclude: ISOLATED,
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
          // The app's modules are loaded once per worker, not once per file: each file still gets
          // its own database (the setup file runs per file), and the suite takes about 210 s instead
          // of 270 s on two cores. The files of ISOLATED run apart, each in a fresh process, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: ISOLATED,
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
    ],
  },
});
