// Serves the built shop: npm run serve (npm start builds, migrates and seeds first).
import path from "node:path";
import { isLineConfigured } from "../app/domain/line/config.server";
import { createShopServer } from "./app";

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

const app = await createShopServer({
  buildDir: path.resolve(process.env.BUILD_DIR || "build"),
  trustProxy: process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true",
});

const server = app.listen(port, host, () => {
  const shown = host === "0.0.0.0" ? "localhost" : host;
  console.log(`ร้านเปิดแล้วที่ http://${shown}:${port}`);
});

// LINE messages about orders go out from a loop in this process, only when the shop has connected LINE.
const lineWorker = isLineConfigured()
  ? (await import("../app/domain/notifications/worker.server")).startDeliveryWorker({ intervalMs: Number(process.env.LINE_WORKER_INTERVAL_MS || 5000) })
  : null;

async function shutDown() {
  await lineWorker?.stop(); // lets a push in flight finish and record its result
  server.close(() => process.exit(0));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void shutDown());
}
