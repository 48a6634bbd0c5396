// Serves the built shop: npm run serve (npm start builds, migrates and seeds first).
import cluster from "node:cluster";
import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { settleSessionSecrets, trustedProxies } from "../app/config.server";
import { closeDatabase, connection } from "../app/data/db.server";
import { clearShopRunning, markShopRunning } from "../app/data/running-shop.server";
import { sweepReceipts } from "../app/domain/delivery/receipt.server";
import { isLineConfigured } from "../app/domain/line/config.server";
import type { DeliveryWorker } from "../app/domain/notifications/worker.server";
import { expireUnacceptedOrders } from "../app/domain/orders/expiry.server";
import { logger } from "../app/lib/logger.server";
import { startRepeatingJob } from "../app/lib/repeating-job.server";
import { createShopServer, holdIdleConnections } from "./app";
import { processPlan, serveWith, shutdownGraceMs } from "./cluster";
import { type Connections, trackConnections } from "./connections";
import { processMetricsText, wireWorkerMetrics } from "./metrics";
import { startOpsListener, stopOpsListener } from "./ops-listener";

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
const { count: processes, notice } = processPlan();

if (cluster.isPrimary) {
  // Several processes only on PostgreSQL: on the embedded database, say why one serves.
  if (notice) logger().warn(notice);
  // Once, here, before any app process starts: they inherit the secrets through the environment.
  settleSessionSecrets();
}

await serveWith({ count: processes, entry: fileURLToPath(import.meta.url), serve: serveShop, ready: announce });

/** For people starting the shop by hand (the JSON lines are for machines); said when every process serves. */
function announce() {
  const shown = host === "0.0.0.0" ? "localhost" : host;
  console.log(`ร้านเปิดแล้วที่ http://${shown}:${port}${processes > 1 ? ` (${processes} โปรเซส)` : ""}`);
}

async function serveShop() {
  if (cluster.isWorker) wireWorkerMetrics();
  let stopping = false;
  let lineWorker: DeliveryWorker | null = null;
  const app = await createShopServer({
    buildDir: path.resolve(process.env.BUILD_DIR || "build"),
    trustedProxies: trustedProxies(),
    readiness: { stopping: () => stopping, lineWorkerRunning: () => lineWorker?.isRunning() ?? false },
  });

  const server = app.listen(port, host);
  holdIdleConnections(server);
  const connections = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // One process serves alone: it answers metrics and backups on the operations listener itself
  // (with several, the primary does: server/cluster.ts).
  const dumpEmbedded = connection().dumpEmbedded;
  const ops = cluster.isPrimary
    ? await startOpsListener({
        metricsText: processMetricsText,
        backup: dumpEmbedded ? async () => Buffer.from(await (await dumpEmbedded()).arrayBuffer()) : undefined,
      })
    : null;
  logger().info({ host, port, processes, ops: ops?.address }, "listening");
  // The embedded database's folder is this process's: say so to the backup and restore scripts.
  if (!process.env.DATABASE_URL) markShopRunning(port, host, ops!.address);

  // LINE messages about orders go out from a loop in each process, only when the shop has connected
  // LINE; a message is claimed in the database before it is sent, so no two processes send it.
  lineWorker = isLineConfigured()
    ? (await import("../app/domain/notifications/worker.server")).startDeliveryWorker({
        intervalMs: Number(process.env.LINE_WORKER_INTERVAL_MS || 5000),
      })
    : null;

  // Orders nobody accepted in time are canceled by the shop, and shipped orders nobody confirmed in
  // time are received by it, with a reminder before (each once, whichever process is first).
  const expiry = startRepeatingJob({
    name: "order expiry",
    intervalMs: Number(process.env.ORDER_EXPIRY_INTERVAL_MS || 10 * 60_000),
    run: async () => {
      await expireUnacceptedOrders();
      await sweepReceipts();
    },
  });

  async function shutDown(signal: string) {
    // Ctrl-C reaches a worker twice (from the terminal and from the primary): stop once.
    if (stopping) return;
    stopping = true;
    const graceMs = shutdownGraceMs();
    logger().info({ signal, graceMs }, "stopping: no new connections, finishing requests in flight");
    // Whatever happens below, the process ends: a stop that hangs is cut after the grace and 10 s more.
    setTimeout(() => {
      logger().error("the stop did not finish in time: exiting");
      process.exit(1);
    }, graceMs + 10_000).unref();
    const [drained] = await Promise.all([
      drain(server, connections, graceMs),
      ops && stopOpsListener(ops.server),
      lineWorker?.stop(), // lets the run in flight finish and record its results
      expiry.stop(),
    ]);
    if (!drained) logger().warn({ graceMs }, "requests still running after the grace period were cut off");
    try {
      await closeDatabase(); // PGlite checkpoints and closes its files; the pool ends its connections
    } catch (error) {
      logger().error({ err: error }, "the database did not close cleanly");
      process.exit(1);
    }
    clearShopRunning();
    logger().info("stopped");
    process.exit(0);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void shutDown(signal));
  }
}

/**
 * Stops taking connections and waits for the requests in flight: every answer from now on closes
 * its connection, an idle kept-alive connection is closed once nobody has used it for a second
 * (server/connections.ts), so the server closes when the last request is answered. Past `graceMs` the
 * remaining connections are cut. True when every request finished in time.
 */
function drain(server: Server, connections: Connections, graceMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (drained: boolean) => {
      if (settled) return;
      settled = true;
      stopSweeping();
      clearTimeout(deadline);
      resolve(drained);
    };
    const stopSweeping = connections.stopKeepingAlive();
    // net.Server's close, not http.Server's: that one also closes every idle connection at once.
    NetServer.prototype.close.call(server, () => finish(true));
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      // The handlers of cut requests may still be writing: give them a moment before the database closes.
      setTimeout(() => finish(false), 1_000);
    }, graceMs);
  });
}
