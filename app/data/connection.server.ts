import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/client";
import { withParsersInstalledOnce } from "./pglite-client.server";
import { channelToPrimary } from "./pglite-host/channels.server";
import { serveDatabase } from "./pglite-host/host.server";
import type { Channel } from "./pglite-host/protocol";
import { RemoteDatabase } from "./pglite-host/remote-adapter.server";

/**
 * Where the data lives: a PostgreSQL server when a URL is given, otherwise the
 * embedded PGlite (real Postgres compiled to WebAssembly) in the data folder, opened
 * in this process or, for the app processes of server/cluster.ts, held by another
 * process and reached over a channel to it.
 */
export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dir: string }
  | { kind: "pglite-instance"; pglite: PGlite }
  | { kind: "pglite-elsewhere"; channel: Channel };

/** Set by server/cluster.ts for the app processes it starts while it holds the embedded database. */
export const DATABASE_IN_PRIMARY = "SHOP_DATABASE_IN_PRIMARY";

export function pgliteDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.resolve(env.DATA_DIR || "data"), "pglite");
}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  if (env[DATABASE_IN_PRIMARY] === "1") return { kind: "pglite-elsewhere", channel: channelToPrimary() };
  return { kind: "pglite", dir: pgliteDir(env) };
}

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
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return { adapterFactory, prisma, close: () => prisma.$disconnect() };
  }
  if (target.kind === "pglite-elsewhere") {
    const adapterFactory = new RemoteDatabase(target.channel);
    const prisma = new PrismaClient({ adapter: adapterFactory });
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
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    adapterFactory,
    prisma,
    async close() {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export interface DatabaseHost {
  /** Answers the database calls that arrive over this channel (one per app process). */
  serve(channel: Channel): void;
  close(): Promise<void>;
}

/**
 * Opens the embedded database in this process for app processes to use over channels: the
 * primary of server/cluster.ts, so that several processes can serve pages from one PGlite folder.
 */
export async function openDatabaseHost(dir: string): Promise<DatabaseHost> {
  // The same PGlite and adapter an app process opens for itself; only the adapter is used.
  const connection = openDatabase({ kind: "pglite", dir });
  const adapter = await connection.adapterFactory.connect();
  await adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] }); // open before workers start
  return {
    serve: (channel) => serveDatabase(adapter, channel),
    close: () => connection.close(),
  };
}
