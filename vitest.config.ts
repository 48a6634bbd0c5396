import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects:
// - "unit": pure rules beside the code (app/**/*.test.ts), no database;
// - "integration": tests/integration, where each test file gets its own database copied from one
//   migrated template (tests/setup), PGlite by default, a PostgreSQL server with DATABASE_URL.
// `vitest run --project integration` is what runs a second time on PostgreSQL.
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
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
    ],
  },
});
