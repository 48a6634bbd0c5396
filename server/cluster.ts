import cluster from "node:cluster";
import os from "node:os";
import { logger } from "../app/lib/logger.server";

/**
 * How many app processes serve. With PostgreSQL (DATABASE_URL): one per core (WEB_CONCURRENCY to
 * choose), so a busy shop uses every core; sessions, login limits and the LINE outbox live in the
 * database, so any process may answer any request. With the embedded PGlite: always one, because
 * PGlite lives inside one process and only that process may open its folder (docs/decisions.md, 28).
 */
export interface ProcessPlan {
  count: number;
  /** Why fewer processes run than WEB_CONCURRENCY asked for, for the log; absent when nothing was refused. */
  notice?: string;
}

export function processPlan(env: NodeJS.ProcessEnv = process.env): ProcessPlan {
  const asked = Number(env.WEB_CONCURRENCY);
  const explicit = Number.isInteger(asked) && asked > 0;
  if (!env.DATABASE_URL) {
    return explicit && asked > 1
      ? {
          count: 1,
          notice: `WEB_CONCURRENCY=${asked} ไม่มีผล: ฐานข้อมูลในตัว (PGlite) เปิดได้ในโปรเซสเดียว ร้านจึงทำงานในโปรเซสเดียว (ตั้ง DATABASE_URL เป็นเซิร์ฟเวอร์ PostgreSQL เพื่อใช้หลายโปรเซส)`,
        }
      : { count: 1 };
  }
  return { count: explicit ? asked : os.availableParallelism() };
}

/** The number of app processes alone (see processPlan). */
export function processCount(env: NodeJS.ProcessEnv = process.env): number {
  return processPlan(env).count;
}

/**
 * How long a stop waits for the requests in flight (SHUTDOWN_GRACE_MS, default 10 s) before it
 * cuts the rest off; server/main.ts.
 */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(asked) && asked >= 0 ? asked : 10_000;
}

export interface ServeOptions {
  /** How many app processes. */
  count: number;
  /** The module workers start from: the one that calls this (not `npm start`'s build-and-migrate script). */
  entry: string;
  /** Starts the HTTP server in an app process. */
  serve: () => Promise<void>;
  /** Called once, in the process that started the shop, when every app process listens. */
  ready: () => void;
}

/**
 * Runs `serve` in `count` worker processes sharing one port (Node's cluster), restarting a worker
 * that dies; SIGINT/SIGTERM stop them all, each finishing what it was doing: the primary sends
 * each worker SIGTERM and waits for all of them (at most the grace period and 15 s more, then it
 * kills what is left), and exits 0 when every worker stopped cleanly. The primary also answers the
 * operations listener's scrapes with every worker's metrics (server/metrics.ts). With one
 * process, `serve` simply runs here. The workers inherit this process's environment as it is when they
 * start (server/main.ts settles the session secrets in it first).
 */
export async function serveWith({ count, entry, serve, ready }: ServeOptions): Promise<void> {
  if (!cluster.isPrimary) return serve();
  if (count <= 1) {
    await serve();
    return ready();
  }
  cluster.setupPrimary({ exec: entry });
  // Metrics of every process, summed, on the primary's operations listener (server/ops-listener.ts).
  const { clusterMetricsText } = await import("./metrics");
  const { startOpsListener, stopOpsListener } = await import("./ops-listener");
  const ops = await startOpsListener({ metricsText: clusterMetricsText() });
  logger().info({ ops: ops.address }, "operations listener");
  const start = () => cluster.fork();
  let stopping = false;
  let cleanStop = true;
  for (let i = 0; i < count; i++) start();
  // A worker stopped before it listened had nothing in flight: ended by our SIGTERM, it stopped cleanly.
  const listening = new Set<number>();
  let announced = false;
  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    // Said once every process serves: a scrape of /metrics before that would wait on a process
    // still starting, and a request would find fewer processes than the shop runs.
    if (!announced && listening.size >= count) {
      announced = true;
      ready();
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      const stoppedBeforeServing = signal === "SIGTERM" && !listening.has(worker.id);
      if (code !== 0 && !stoppedBeforeServing) cleanStop = false;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger().info({ clean: cleanStop }, "every app process stopped");
        process.exit(cleanStop ? 0 : 1);
      }
      return;
    }
    logger().error({ workerPid: worker.process.pid, code, signal }, "an app process died: starting another");
    start();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger().info({ signal }, "stopping every app process");
      void stopOpsListener(ops.server);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      setTimeout(() => {
        logger().error("app processes did not stop in time: killing them");
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      }, shutdownGraceMs() + 15_000).unref();
    });
  }
}
