import { randomUUID, timingSafeEqual } from "node:crypto";
import { readdirSync } from "node:fs";
import type express from "express";
import { pinoHttp } from "pino-http";
import { AggregatorRegistry, Gauge } from "prom-client";
import { connection } from "../app/data/db.server";
import { migrationsDir } from "../app/data/migrations.server";
import { isLineConfigured } from "../app/domain/line/config.server";
import { logger, type RequestLogContext, requestContext } from "../app/lib/logger.server";
import { metrics } from "../app/lib/metrics.server";

/**
 * The operating parts of the HTTP server (docs/decisions.md, 49): the request log, request
 * metrics, GET /healthz, /readyz and /metrics. They answer in server/app.ts before React Router:
 * no session is read or made, no page middleware runs, and /metrics needs the socket's own
 * address, which React Router's request does not carry.
 */

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";
export const METRICS_PATH = "/metrics";
const OPERATIONS_PATHS = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

/** How long readiness waits for the database's `SELECT 1`. */
const DATABASE_CHECK_MS = 2_000;

type Locals = { route?: string };

// ---------------------------------------------------------------------------------------------
// The request log

/** An incoming request id is kept only from a trusted proxy, and only when it looks like one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * One JSON line per answer (pino-http): request id, method, path without its query, route
 * pattern, status, duration (durationMs) and the signed-in user's id; health, readiness and
 * metrics only at debug level. Every request gets an id, sent back as X-Request-Id; an incoming
 * X-Request-Id is kept only behind a trusted proxy (TRUST_PROXY) and when it is 8 to 128 letters,
 * digits or `._:-`. Code that logs while the request is answered (app/lib/logger.server.ts) gets
 * the same id and user through the request context.
 */
export function requestLog(trustedProxies: number): express.RequestHandler[] {
  const http = pinoHttp({
    logger: logger(),
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id =
        trustedProxies > 0 && typeof incoming === "string" && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (OPERATIONS_PATHS.has(pathOf(req.url))) return "debug";
      return "info";
    },
    customAttributeKeys: { responseTime: "durationMs" },
    // Only at the answer (not when the request starts: its route and user are not known yet).
    customProps(req, res) {
      if (!res.headersSent) return {};
      const route = ((res as express.Response).locals as Locals | undefined)?.route;
      // The request id and user come with the request context (the logger's mixin) when the answer
      // ends inside it; otherwise (a connection cut) from the request itself.
      if (requestContext.getStore()) return { route };
      const store = (req as { shopLog?: RequestLogContext }).shopLog;
      return { route, reqId: req.id, userId: store?.userId };
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return [
    http as unknown as express.RequestHandler,
    (req, _res, next) => {
      const store: RequestLogContext = { reqId: String(req.id) };
      (req as { shopLog?: RequestLogContext }).shopLog = store;
      requestContext.run(store, next);
    },
  ];
}

function pathOf(url: string | undefined): string {
  return (url ?? "").split("?")[0] ?? "";
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** Times every answer into shop_http_request_duration_seconds, labelled with its route pattern. */
export function requestMetrics(): express.RequestHandler {
  const { httpDuration } = metrics();
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const locals = res.locals as Locals;
      const route = locals.route ?? (OPERATIONS_PATHS.has(req.path) ? req.path : "(edge)");
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

/**
 * The address the socket itself came from (never X-Forwarded-For) is this machine's, and no proxy
 * says it passed the request on: a proxy on this machine connects from 127.0.0.1 with other
 * people's requests, so a request carrying a forwarding header is never taken as local, whatever
 * TRUST_PROXY says.
 */
function fromThisMachine(req: express.Request): boolean {
  const address = req.socket.remoteAddress ?? "";
  const local = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
  const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => req.headers[name] !== undefined);
  return local && !forwarded;
}

function hasMetricsToken(req: express.Request): boolean {
  const token = process.env.METRICS_TOKEN?.trim();
  if (!token) return false;
  const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1]?.trim() ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

// In a cluster the primary gathers every process's metrics (AggregatorRegistry); a worker asks it
// over the cluster's channel and answers the scrape with the sum.
const ASK = "shop:metrics-request";
const ANSWER = "shop:metrics-answer";
type MetricsMessage = { type: typeof ANSWER; id: number; text?: string; error?: string };

let workerWired = false;
let asked = 0;
const waiting = new Map<number, (message: MetricsMessage) => void>();

async function clusterMetricsText(): Promise<string> {
  const { default: cluster } = await import("node:cluster");
  if (!cluster.isWorker || !process.send) return metrics().registry.metrics();
  const id = ++asked;
  const answer = new Promise<MetricsMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary did not answer with the metrics"));
    }, 6_000);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(message);
    });
  });
  process.send({ type: ASK, id });
  const message = await answer;
  if (message.error !== undefined) throw new Error(message.error);
  return message.text ?? "";
}

/**
 * In a cluster worker: answer the primary's collection (prom-client's own messages) from this
 * process's registry, and take the primary's answers to this process's scrapes.
 */
export function wireWorkerMetrics(): void {
  if (workerWired) return;
  workerWired = true;
  registerDatabaseGauges();
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics().registry]);
  process.on("message", (message: MetricsMessage) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
}

/** In the cluster's primary: answers a worker's ask with every worker's metrics, aggregated. */
export function serveClusterMetrics(cluster: typeof import("node:cluster").default): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
}

/**
 * GET /metrics: Prometheus text, from this machine (the socket's address) or with
 * `Authorization: Bearer $METRICS_TOKEN`; anyone else gets the shop's 404 as for an unknown path.
 */
export function metricsEndpoint(): express.RequestHandler {
  registerDatabaseGauges();
  return async (req, res, next) => {
    if (!fromThisMachine(req) && !hasMetricsToken(req)) return next();
    try {
      const text = await clusterMetricsText();
      res.status(200).type(metrics().registry.contentType).set("Cache-Control", "no-store").send(text);
    } catch (error) {
      logger().error({ err: error }, "metrics could not be collected");
      res.status(500).type("text/plain").send("metrics could not be collected\n");
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Backups of the embedded database

export const BACKUP_PATH = "/ops/backup";

/**
 * POST /ops/backup: the running shop's embedded database as a gzipped tarball (npm run db:backup
 * asks for it: while the shop runs, no other process may open its data folder). Only from this
 * machine, never with a token (the file holds every customer's personal data), and only on the
 * embedded database; anything else gets the shop's 404 as for an unknown path.
 */
export function backupEndpoint(): express.RequestHandler {
  return async (req, res, next) => {
    const dump = connection().dumpEmbedded;
    if (!fromThisMachine(req) || !dump) return next();
    try {
      const started = Date.now();
      const tarball = Buffer.from(await (await dump()).arrayBuffer());
      logger().info({ bytes: tarball.length, ms: Date.now() - started }, "backup of the embedded database taken");
      res.status(200).type("application/gzip").set("Cache-Control", "no-store").send(tarball);
    } catch (error) {
      logger().error({ err: error }, "backup of the embedded database failed");
      res.status(500).type("text/plain").send("backup failed\n");
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Health and readiness

export interface ReadinessSources {
  /** True while the LINE worker runs (asked only when LINE is set up). */
  lineWorkerRunning?: () => boolean;
  /** True once the process is stopping: it takes no new work. */
  stopping?: () => boolean;
}

type CheckResult = "ok" | string;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

let migrationsApplied = false;

async function checkMigrations(): Promise<CheckResult> {
  if (migrationsApplied) return "ok";
  const folders = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rows = await withTimeout(
    connection().prisma.$queryRaw<{ name: string }[]>`
      SELECT migration_name AS name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    DATABASE_CHECK_MS,
  );
  const applied = new Set(rows.map((row) => row.name));
  const missing = folders.filter((name) => !applied.has(name));
  if (missing.length > 0) return `not applied: ${missing.join(", ")}`;
  // Folders do not change while the process runs: once applied, they stay applied.
  migrationsApplied = true;
  return "ok";
}

async function readiness(sources: ReadinessSources): Promise<Record<string, CheckResult>> {
  const checks: Record<string, CheckResult> = {};
  if (sources.stopping?.()) checks.process = "stopping";
  try {
    await withTimeout(connection().prisma.$queryRaw`SELECT 1`, DATABASE_CHECK_MS);
    checks.database = "ok";
  } catch (error) {
    checks.database = `unreachable: ${error instanceof Error ? error.message.split("\n")[0] : "error"}`;
  }
  if (checks.database === "ok") {
    try {
      checks.migrations = await checkMigrations();
    } catch {
      checks.migrations = "unknown: the migrations table could not be read";
    }
  } else checks.migrations = "unknown: no database";
  if (isLineConfigured()) checks.lineWorker = sources.lineWorkerRunning?.() ? "ok" : "not running";
  return checks;
}

/** GET /healthz and GET /readyz (JSON, never cached, no personal data). */
export function healthEndpoints(sources: ReadinessSources): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === HEALTH_PATH) {
      res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
      return;
    }
    if (req.path !== READY_PATH) return next();
    readiness(sources).then(
      (checks) => {
        const ready = Object.values(checks).every((result) => result === "ok");
        res
          .status(ready ? 200 : 503)
          .set("Cache-Control", "no-store")
          .json({ status: ready ? "ready" : "unavailable", checks });
      },
      (error: unknown) => next(error),
    );
  };
}
