import { type DatabaseConnection, openDatabase, targetFromEnv } from "./connection.server";
import type { PrismaClient } from "./generated/client";

export { Prisma } from "./generated/client";
export type { PrismaClient };

/**
 * The one database connection of this process, opened on first use. Tests put
 * their own connection here (tests/setup/database.ts) before any code asks for it.
 */
const holder = globalThis as typeof globalThis & { __shopDb?: DatabaseConnection };

export function setDatabase(connection: DatabaseConnection): void {
  holder.__shopDb = connection;
}

/** This process's connection (opened now if nothing has used it yet). */
export function connection(): DatabaseConnection {
  holder.__shopDb ??= openDatabase(targetFromEnv());
  return holder.__shopDb;
}

/**
 * The Prisma client of this process's connection, opened on first use. Call it where the query
 * runs (`db().user.findMany(...)`), not at import time, so that tests can set their own first.
 */
export function db(): PrismaClient {
  return connection().prisma;
}

/**
 * Closes this process's connection if one was opened (a clean stop: PGlite checkpoints its files,
 * the PostgreSQL pool ends its connections). Nothing is opened to be closed.
 */
export async function closeDatabase(): Promise<void> {
  const open = holder.__shopDb;
  if (!open) return;
  holder.__shopDb = undefined;
  await open.close();
}
