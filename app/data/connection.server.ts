import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
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
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): DatabaseConnection {
  if (target.kind === "postgres") {
    const adapterFactory = new PrismaPg({
      connectionString: target.url,
      max: Number(process.env.DATABASE_POOL_SIZE || 10),
    });
    const prisma = new PrismaClient({ adapter: adapterFactory, transactionOptions: TRANSACTION_OPTIONS });
    return { adapterFactory, prisma, close: () => prisma.$disconnect() };
  }
  let pglite: PGlite;
  if (target.kind === "pglite") {
    mkdirSync(target.dir, { recursive: true });
    pglite = new PGlite(target.dir);
  } else {
    pglite = target.pglite;
  }
  const adapterFactory = new PrismaPGlite(withParsersInstalledOnce(pglite) as PGlite);
  const prisma = new PrismaClient({ adapter: adapterFactory, transactionOptions: TRANSACTION_OPTIONS });
  return {
    adapterFactory,
    prisma,
    async close() {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}
