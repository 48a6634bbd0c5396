import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * The shop's Prometheus metrics (prom-client), one registry per process, on globalThis so that the
 * built app and the server around it (server/) share it. server/metrics.ts adds what is read from
 * the database when scraped (pool, LINE outbox, orders by status) and serves GET /metrics.
 */
export interface ShopMetrics {
  registry: Registry;
  /** Answer times by method, route pattern (never the raw address) and status. */
  httpDuration: Histogram<"method" | "route" | "status">;
  /** Each SQL statement the app sends, timed at the driver adapter (connection.server.ts). */
  queryDuration: Histogram<"kind" | "outcome">;
  /** Reads kept while their data is unchanged (app/data/data-versions.server.ts): kept or read again. */
  keptReads: Counter<"area" | "outcome">;
  /** Visitors' pages a route keeps (app/http/visitor-pages.server.ts): answered as kept, or drawn. */
  keptPages: Counter<"route" | "outcome">;
}

const holder = globalThis as typeof globalThis & { __shopMetrics?: ShopMetrics };

function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer a request, by route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    queryDuration: new Histogram({
      name: "shop_db_query_duration_seconds",
      help: "Time of each SQL statement sent to the database (kind: query, execute, script, begin, commit, rollback)",
      labelNames: ["kind", "outcome"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    keptReads: new Counter({
      name: "shop_kept_reads_total",
      help: "Reads of data kept while unchanged, by area: kept (served from memory) or read (again) from the database",
      labelNames: ["area", "outcome"],
      registers: [registry],
    }),
    keptPages: new Counter({
      name: "shop_kept_pages_total",
      help: "Visitors' pages of the routes that keep them, by route pattern: kept (answered from the process's memory) or drawn",
      labelNames: ["route", "outcome"],
      registers: [registry],
    }),
  };
}

export function metrics(): ShopMetrics {
  holder.__shopMetrics ??= createMetrics();
  return holder.__shopMetrics;
}

/** Records one database statement's time (seconds). */
export function observeQuery(kind: string, outcome: "ok" | "error", seconds: number): void {
  metrics().queryDuration.observe({ kind, outcome }, seconds);
}

/** Counts one read of an area kept while unchanged: served as kept, or read from the database. */
export function countKeptRead(area: string, outcome: "kept" | "read"): void {
  metrics().keptReads.inc({ area, outcome });
}

/** Counts one visitor's page of a route that keeps them: answered as kept, or drawn. */
export function countKeptPage(route: string, outcome: "kept" | "drawn"): void {
  metrics().keptPages.inc({ route, outcome });
}
