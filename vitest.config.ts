import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests: beside the code (app/**/*.test.ts) and in tests/integration.
// Each test file gets its own database copied from one migrated template (tests/setup).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    env: { SESSION_SECRET: "test-secret-not-for-production", TZ: "Asia/Bangkok" },
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/database.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files spend much of their time waiting on a database: two at a time even on two cores
    // (Vitest's default there is one), which took the suite from 3m10 to 2m33.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
