// Serves the built shop: npm run serve (npm start builds, migrates and seeds first).
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { settleSessionSecrets, trustedProxyCount } from "../app/config.server";
import { isLineConfigured } from "../app/domain/line/config.server";
import { createShopServer } from "./app";
import { processPlan, serveWith } from "./cluster";

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const { count: processes, notice } = processPlan();

if (cluster.isPrimary) {
  // Several processes only on PostgreSQL: on the embedded database, say why one serves.
  if (notice) console.warn(notice);
  // Once, here, before any app process starts: they inherit the secrets through the environment.
  settleSessionSecrets();
}

await serveWith({ count: processes, entry: fileURLToPath(import.meta.url), serve: serveShop });

async function serveShop() {
  const app = await createShopServer({
    buildDir: path.resolve(process.env.BUILD_DIR || "build"),
    trustedProxies: trustedProxyCount(),
  });

  const server = app.listen(port, host, () => {
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    const shown = host === "0.0.0.0" ? "localhost" : host;
    console.log(`ร้านเปิดแล้วที่ http://${shown}:${port}${processes > 1 ? ` (${processes} โปรเซส)` : ""}`);
  });

  // LINE messages about orders go out from a loop in each process, only when the shop has connected
  // LINE; a message is claimed in the database before it is sent, so no two processes send it.
  const lineWorker = isLineConfigured()
    ? (await import("../app/domain/notifications/worker.server")).startDeliveryWorker({
        intervalMs: Number(process.env.LINE_WORKER_INTERVAL_MS || 5000),
      })
    : null;

  let closing = false;
  async function shutDown() {
    // Ctrl-C reaches a worker twice (from the terminal and from the primary): close once.
    if (closing) return;
    closing = true;
    await lineWorker?.stop(); // lets a push in flight finish and record its result
    server.close(() => process.exit(0));
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void shutDown());
  }
}
