import type express from "express";
import { AggregatorRegistry, Gauge } from "prom-client";
import { connection } from "../app/data/db.server";
import { logger } from "../app/lib/logger.server";
import { metrics } from "../app/lib/metrics.server";
import { DATABASE_CHECK_MS, HEALTH_PATH, READY_PATH, withTimeout } from "./health";

/**
 * Prometheus metrics (docs/decisions.md, 49): every answer of the shop's port timed by route
 * pattern, and gauges read from the database when scraped. They are read on the operations
 * listener (server/ops-listener.ts), never on the shop's port. With several app processes the
 * primary sums every process's metrics (prom-client's AggregatorRegistry over the cluster's
 * channel) and answers the scrape itself.
 */

type Locals = { route?: string };

/** Times every answer into shop_http_request_duration_seconds, labelled with its route pattern. */
export function requestMetrics(): express.RequestHandler {
  const { httpDuration } = metrics();
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const locals = res.locals as Locals;
      const route = locals.route ?? (req.path === HEALTH_PATH || req.path === READY_PATH ? req.path : "(edge)");
      httpDuration.observe(
        { method: req.method, route, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

let databaseGauges = false;

/**
 * A gauge's read from the database, within 2 s; when it fails the gauge keeps its last value and
 * the scrape still answers (metrics matter most when the database is in trouble).
 */
async function fromDatabase<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await withTimeout(read(), DATABASE_CHECK_MS);
  } catch (error) {
    logger().warn({ err: error }, "a metric could not be read from the database");
    return null;
  }
}

/** The gauges read from the database when scraped: pool, LINE outbox, orders by status. */
function registerDatabaseGauges(): void {
  if (databaseGauges) return;
  databaseGauges = true;
  const { registry } = metrics();
  new Gauge({
    name: "shop_db_pool_connections",
    help: "PostgreSQL pool connections of this process by state (total, idle, waiting requests); absent on PGlite",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = connection().poolStats();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  // Read from the database: every process reports the same number, so a cluster keeps one ("max").
  new Gauge({
    name: "shop_line_outbox_pending",
    help: "LINE messages not yet delivered (pending)",
    registers: [registry],
    aggregator: "max",
    async collect() {
      const rows = await fromDatabase(
        () => connection().prisma.$queryRaw<{ pending: number; oldest: number | null }[]>`
          SELECT count(*)::int AS pending,
                 extract(epoch FROM now() - min("createdAt"))::float8 AS oldest
            FROM "OutboxMessage" WHERE status = 'pending'`,
      );
      if (!rows) return;
      this.set(rows[0]?.pending ?? 0);
      outboxAge.set(rows[0]?.oldest ?? 0);
    },
  });
  const outboxAge = new Gauge({
    name: "shop_line_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest LINE message not yet delivered (0 when none)",
    registers: [registry],
    aggregator: "max",
  });
  new Gauge({
    name: "shop_orders",
    help: "Orders by status (OrderStatusCount)",
    labelNames: ["status"],
    registers: [registry],
    aggregator: "max",
    async collect() {
      const rows = await fromDatabase(() => connection().prisma.orderStatusCount.findMany());
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.orders);
    },
  });
}

/** This process's metrics, as Prometheus text (one app process). */
export function processMetricsText(): Promise<string> {
  registerDatabaseGauges();
  return metrics().registry.metrics();
}

/** In a cluster worker: answers the primary's collection (prom-client's own messages) from this process's registry. */
export function wireWorkerMetrics(): void {
  registerDatabaseGauges();
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics().registry]);
}

/** In the cluster's primary: every worker's metrics, summed (a gauge read from the database once: "max"). */
export function clusterMetricsText(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}
