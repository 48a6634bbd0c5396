// The LINE end-to-end run: the shop with LINE connected to the LINE mock (tests/mocks/line-server.ts),
// and e-mail through a real SMTP server the mock runs beside it.
//   E2E_PORT=3215 npx playwright test -c playwright.line.config.ts
// The mock listens on E2E_PORT + 1000 (or LINE_MOCK_PORT); nothing reaches the real LINE.
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import base from "./playwright.config";
import { MOCK_LINE_DEFAULTS } from "./tests/mocks/line";

const port = Number(process.env.E2E_PORT || 3210);
const mockPort = Number(process.env.LINE_MOCK_PORT || port + 1000);
const mockUrl = `http://127.0.0.1:${mockPort}`;
// A real SMTP server beside the LINE mock (tests/mocks/line-server.ts): the mailed reset link.
const mailPort = mockPort + 1;
// Read by tests/e2e/line.spec.ts (the config is loaded in every worker too).
process.env.E2E_LINE_MOCK = "1";
process.env.LINE_MOCK_URL = mockUrl;

const shopServer = base.webServer as Extract<PlaywrightTestConfig["webServer"], { command: string }>;

export default defineConfig({
  ...base,
  testMatch: /(^|\/)line\.spec\.ts$/,
  // One at a time: the LINE mock is one server, and a test that takes LINE down for a while (an
  // outage) would hold up the other project's messages.
  workers: 1,
  // Its own folder: other runs empty test-results/ when they start.
  outputDir: `tests/.tmp/line-e2e-results-${port}`,
  webServer: [
    {
      command: "tsx tests/mocks/line-server.ts",
      url: `${mockUrl}/__mock/pushes`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        LINE_MOCK_PORT: String(mockPort),
        MAIL_MOCK_PORT: String(mailPort),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      },
    },
    {
      ...shopServer,
      env: {
        ...shopServer.env,
        LINE_LOGIN_CHANNEL_ID: MOCK_LINE_DEFAULTS.channelId,
        LINE_LOGIN_CHANNEL_SECRET: MOCK_LINE_DEFAULTS.channelSecret,
        LINE_MESSAGING_ACCESS_TOKEN: MOCK_LINE_DEFAULTS.accessToken,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        LINE_AUTH_BASE: mockUrl,
        LINE_API_BASE: mockUrl,
        LINE_WORKER_INTERVAL_MS: "300",
        // The LIFF app (/liff, issue 50); the mock issues its ID tokens (POST /__mock/id-token).
        LIFF_ID: "1650000000-MockLiff",
        SMTP_URL: `smtp://shop:mail-secret-1@127.0.0.1:${mailPort}`,
        MAIL_FROM: "ร้านผ้าทอ <shop@example.com>",
      },
    },
  ],
});
