import { type DatabaseConnection, openDatabase, targetFromEnv } from "./connection.server";

export type { PrismaClient } from "./generated/client";
export { Prisma } from "./generated/client";

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

/** The Prisma client. A proxy, so importing it opens nothing until a query runs. */
export const prisma = new Proxy({} as DatabaseConnection["prisma"], {
  get(_target, property) {
    const client = connection().prisma;
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
