import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);
// Debian's Chromium on these machines; Playwright's own browser elsewhere. The headless shell
// (Debian's chromium-headless-shell, the same engine without the desktop browser around it) is
// what Playwright itself runs headless: it starts in a third of the time and uses less CPU.
const executablePath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests/e2e",
  // Each run empties its output folder when it starts: runs on other ports keep their own.
  outputDir: port === 3210 ? "test-results" : `test-results-${port}`,
  // Every test makes its own data (tests/e2e/support/fixtures.ts), so tests run side by side: two
  // browsers at a time keep both cores busy while the other one waits for the server.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS || 2),
  // One retry in CI: two cores shared by a browser, the server and the database make timing tight.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
    trace: "retain-on-failure",
    // The shop's service worker (issue 51) answers a controlled page's requests itself, and a
    // test's page.route never sees those: the flows run without it; offline.js-only.spec.ts allows it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // HTTP-level specs (*.http.spec.ts) need no browser mode of their own: they run once, above;
    // *.js-only.spec.ts test what only JavaScript does (the service worker).
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [/\.http\.spec\.ts$/, /\.js-only\.spec\.ts$/] },
  ],
  webServer: {
    command: "tsx tests/e2e/support/start-server.ts",
    url: `http://127.0.0.1:${port}/api/public/info`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { PORT: String(port), HOST: "127.0.0.1" },
  },
});
