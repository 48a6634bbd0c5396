import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQueryable,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { observeQuery } from "~/lib/metrics.server";
import { PrismaClient } from "./generated/client";
import { withParsersInstalledOnce } from "./pglite-client.server";

/**
 * Where the data lives: a PostgreSQL server when a URL is given, otherwise the
 * embedded PGlite (real Postgres compiled to WebAssembly) in the data folder, opened
 * in this process, the only one that uses it (server/cluster.ts runs one app process on it).
 */
export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dir: string }
  | { kind: "pglite-instance"; pglite: PGlite };

export function pgliteDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.resolve(env.DATA_DIR || "data"), "pglite");
}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  return { kind: "pglite", dir: pgliteDir(env) };
}

/**
 * How long requests wait on a saturated database (decision 44). Each app process holds at most
 * DATABASE_POOL_SIZE (default 10) PostgreSQL connections; with the processes of server/cluster.ts
 * (one per core) that stays under PostgreSQL's default max_connections of 100 on up to 8 cores.
 * An interactive transaction waits at most `maxWait` for a connection and may then run `timeout`;
 * past either Prisma throws P2028, which the edge answers with 503 and Retry-After instead of a
 * fault. Prisma's own defaults (2 s, 5 s) turned a burst of writes into failures while the pool
 * was only briefly full; a person waits 5 s at most before being told to try again.
 */
export const TRANSACTION_OPTIONS = { maxWait: 5_000, timeout: 10_000 } as const;

export interface DatabaseConnection {
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  prisma: PrismaClient;
  /** The PostgreSQL pool's connections (open, idle, requests waiting for one); null on PGlite or before first use. */
  poolStats(): PoolStats | null;
  /**
   * The embedded database's files as a gzipped tarball, taken between two statements (PGlite runs
   * one at a time): what a crash at that instant would leave, which PostgreSQL recovers to exactly
   * the transactions committed by then. Absent on PostgreSQL (pg_dump makes its backups).
   */
  dumpEmbedded?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Times `work` into the query histogram (app/lib/metrics.server.ts). */
async function timed<T>(kind: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome: "ok" | "error" = "error";
  try {
    const result = await work();
    outcome = "ok";
    return result;
  } finally {
    observeQuery(kind, outcome, (performance.now() - started) / 1000);
  }
}

/**
 * Wraps an adapter (or a transaction) so each statement is timed: Prisma 7 has no metrics of its
 * own, and this sees every statement, from the client and from raw SQL alike. Everything else is
 * the adapter's own, called on the adapter itself (its methods may use private fields).
 */
function timedQueryable<T extends SqlQueryable>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      switch (property) {
        case "queryRaw":
          return (...args: unknown[]) => timed("query", () => method.apply(object, args) as Promise<unknown>);
        case "executeRaw":
          return (...args: unknown[]) => timed("execute", () => method.apply(object, args) as Promise<unknown>);
        case "executeScript":
          return (...args: unknown[]) => timed("script", () => method.apply(object, args) as Promise<unknown>);
        case "commit":
          return (...args: unknown[]) => timed("commit", () => method.apply(object, args) as Promise<unknown>);
        case "rollback":
          return (...args: unknown[]) => timed("rollback", () => method.apply(object, args) as Promise<unknown>);
        case "startTransaction":
          return async (...args: unknown[]) =>
            timedQueryable(await timed("begin", () => method.apply(object, args) as Promise<Transaction>));
        default:
          return method.bind(object);
      }
    },
  });
}

/** The factory with every adapter it makes timed; `pool()` is the pg pool of the last one (PostgreSQL). */
function timedFactory(factory: SqlMigrationAwareDriverAdapterFactory): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  pool(): PoolLike | null;
} {
  let pool: PoolLike | null = null;
  const wrapped = new Proxy(factory, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => Promise<SqlDriverAdapter>;
      if (property === "connect")
        return async () => {
          const adapter = await method.apply(object, []);
          const driver = (adapter as { underlyingDriver?: () => unknown }).underlyingDriver?.();
          if (driver && typeof (driver as PoolLike).totalCount === "number") pool = driver as PoolLike;
          return timedQueryable(adapter);
        };
      return method.bind(object);
    },
  });
  return { factory: wrapped, pool: () => pool };
}

/**
 * Names for the statements the shop sends to PostgreSQL, so each connection parses and plans a
 * statement once and then only runs it (node-postgres keeps a named statement per connection).
 * Unnamed, every query was parsed and planned again: for Prisma's joined selects that was most of
 * the database's time on a page. A statement's name stands for its text; only the first
 * PREPARED_STATEMENTS different texts get one (lists of ids make texts without end), the rest run
 * unnamed as before. (Named statements need a session per client: no pooler in transaction mode.)
 */
const PREPARED_STATEMENTS = 1_000;
const statementNames = new Map<string, string>();

function preparedStatementName({ sql }: { sql: string }): string {
  const known = statementNames.get(sql);
  if (known !== undefined) return known;
  if (statementNames.size >= PREPARED_STATEMENTS) return ""; // node-postgres: unnamed
  const name = `shop_${statementNames.size + 1}`;
  statementNames.set(sql, name);
  return name;
}

export function openDatabase(target: DatabaseTarget): DatabaseConnection {
  if (target.kind === "postgres") {
    const { factory: adapterFactory, pool } = timedFactory(
      new PrismaPg(
        {
          connectionString: target.url,
          max: Number(process.env.DATABASE_POOL_SIZE || 10),
          // A query waits for a free connection as long as a transaction waits to start, then the
          // shop answers 503 (isDatabaseBusy) instead of holding the request without limit.
          connectionTimeoutMillis: TRANSACTION_OPTIONS.maxWait,
        },
        { statementNameGenerator: preparedStatementName },
      ),
    );
    const prisma = new PrismaClient({ adapter: adapterFactory, transactionOptions: TRANSACTION_OPTIONS });
    return {
      adapterFactory,
      prisma,
      poolStats() {
        const current = pool();
        return current ? { total: current.totalCount, idle: current.idleCount, waiting: current.waitingCount } : null;
      },
      close: () => prisma.$disconnect(),
    };
  }
  let pglite: PGlite;
  if (target.kind === "pglite") {
    mkdirSync(target.dir, { recursive: true });
    // PostgreSQL's default shared buffers (128 MB) suit a server of its own; inside the shop's one
    // process they are resident memory. 16 MB holds a community shop's hot pages (the data files
    // stay in the system's file cache): the whole shop idles near 250 MB instead of 400 MB.
    pglite = new PGlite(target.dir, {
      postgresqlconf: [`shared_buffers = ${process.env.PGLITE_SHARED_BUFFERS || "16MB"}`],
    });
  } else {
    pglite = target.pglite;
  }
  const { factory: adapterFactory } = timedFactory(new PrismaPGlite(withParsersInstalledOnce(pglite) as PGlite));
  const prisma = new PrismaClient({ adapter: adapterFactory, transactionOptions: TRANSACTION_OPTIONS });
  return {
    adapterFactory,
    prisma,
    poolStats: () => null,
    async dumpEmbedded() {
      // Ready first: a dump asked of a database still starting holds the lock its start needs.
      await pglite.waitReady;
      return pglite.dumpDataDir("gzip");
    },
    async close() {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}
