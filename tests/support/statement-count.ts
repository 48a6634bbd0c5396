import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { connection, setDatabase } from "~/data/db.server";
import { PrismaClient } from "~/data/generated/client";

/** The adapter calls that send one SQL statement each. */
const SENDS_STATEMENT = new Set(["queryRaw", "executeRaw", "executeScript"]);

/** One statement sent: its SQL, its arguments and how long the database took to answer it. */
export interface SentStatement {
  sql: string;
  args: unknown[];
  ms: number;
}

/**
 * Wraps Prisma's driver adapter (its factory, its connections, their transactions) so that every
 * SQL statement sent through it is told to `sent` once answered. Statements are what a page costs
 * the database (and its process, a round trip each), whichever Prisma call sends them. The tests
 * count them (`statementsDuring`); the benchmark's query probe logs them (bench/probe-server.ts).
 */
export function countingAdapter<T extends object>(target: T, sent: (statement: SentStatement) => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (SENDS_STATEMENT.has(String(property)))
        return async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await value.apply(object, args);
          } finally {
            const query = args[0] as { sql?: string; args?: unknown[] } | string;
            sent({
              sql: typeof query === "string" ? query : (query.sql ?? ""),
              args: typeof query === "string" ? [] : (query.args ?? []),
              ms: performance.now() - started,
            });
          }
        };
      if (property === "connect" || property === "connectToShadowDb" || property === "startTransaction")
        return async (...args: unknown[]) => countingAdapter(await value.apply(object, args), sent);
      return value.bind(object);
    },
  });
}

/**
 * The SQL statements the shop sends while `work` runs (a loader, a page's loaders), through a
 * client of its own on the test's database: `work` runs as the shop would, only counted.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const own = connection();
  const sent: string[] = [];
  const adapterFactory = countingAdapter(own.adapterFactory, (statement) => sent.push(statement.sql));
  const prisma = new PrismaClient({ adapter: adapterFactory as SqlMigrationAwareDriverAdapterFactory });
  setDatabase({ ...own, adapterFactory, prisma });
  try {
    await work();
  } finally {
    setDatabase(own);
    await prisma.$disconnect();
  }
  return sent;
}
