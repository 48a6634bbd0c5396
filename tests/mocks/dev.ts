// npm run dev:mocks: the whole shop with LINE connected to the LINE mock, on a machine with no
// internet. Starts tests/mocks/line-server.ts in this process, then does what `npm start` does
// (build when needed, migrate, demo data, serve) with the LINE settings pointing at the mock, so
// linking LINE on /profile and the messages about orders can be tried. Pushed messages:
// http://127.0.0.1:3399/__mock/pushes. Open the shop at PUBLIC_BASE_URL (LINE sends people back there).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MOCK_LINE_DEFAULTS } from "./line";

const port = Number(process.env.PORT || 3000);
const mockPort = Number(process.env.LINE_MOCK_PORT || 3399);
const mockUrl = `http://127.0.0.1:${mockPort}`;

Object.assign(process.env, {
  MOCKS: "true",
  LINE_MOCK_PORT: String(mockPort),
  LINE_LOGIN_CHANNEL_ID: MOCK_LINE_DEFAULTS.channelId,
  LINE_LOGIN_CHANNEL_SECRET: MOCK_LINE_DEFAULTS.channelSecret,
  LINE_MESSAGING_ACCESS_TOKEN: MOCK_LINE_DEFAULTS.accessToken,
  LINE_AUTH_BASE: mockUrl,
  LINE_API_BASE: mockUrl,
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://localhost:${port}`,
  LINE_WORKER_INTERVAL_MS: process.env.LINE_WORKER_INTERVAL_MS || "1000",
});

await import("./line-server");
console.log(
  `เปิดร้านที่ ${process.env.PUBLIC_BASE_URL} แล้วกด 'เชื่อมต่อ LINE' ในหน้าข้อมูลส่วนตัว; ข้อความที่ส่งดูได้ที่ ${mockUrl}/__mock/pushes`,
);
await import("../../scripts/prepare-start");
// The compiled server, in this process (the mock answers from here too).
await import(pathToFileURL(path.resolve(process.env.BUILD_DIR || "build", "server", "main.js")).href);
