// The benchmark's database: a PostgreSQL database shop_bench when DATABASE_URL is given (dropped
// afterwards), otherwise an embedded PGlite folder under bench/.data, prepared once and cached as
// a dump keyed by the migrations, the demo data and the generator. A run on PostgreSQL also
// prepares the PGlite one, for the admin orders figure reported beside PostgreSQL's.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "~/data/connection.server";
import { applyMigrations, migrationsDir } from "~/data/migrations.server";
import { seedDemo } from "../scripts/db/demo-data";
import { projectRoot, workDir } from "./config";
import type { Query } from "./routes";
import { countsSql, largeDataSql, type Scale, settleSql } from "./seed-large";

export type DataCounts = Record<string, number | string>;

export interface PreparedDatabase {
  kind: "pglite" | "postgres";
  /** Environment for the app process: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  counts: DataCounts;
  seconds: number;
  fromCache: boolean;
  /** Removes what the run made (the PostgreSQL database); the PGlite cache stays. */
  cleanup(): Promise<void>;
  /**
   * Runs `work` with queries on the database: a connection to PostgreSQL, or the PGlite folder
   * opened here (only while no server has it open).
   */
  withQuery<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** The PostgreSQL address (EXPLAIN), null on PGlite. */
  url: string | null;
}

const dataDir = path.join(workDir, "db");
const cacheDir = path.join(workDir, "cache");
export const benchDatabaseName = "shop_bench";

function cacheKey(scale: Scale): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrationsDir, file)).update(readFileSync(file));
  for (const file of [
    "app/domain/setup/seed.server.ts",
    "scripts/db/demo-data.ts",
    "app/domain/catalogue/options.ts",
    "bench/seed-large.ts",
    "bench/database.ts",
  ]) {
    hash.update(readFileSync(path.join(projectRoot, file)));
  }
  hash.update(JSON.stringify(scale));
  return hash.digest("hex").slice(0, 16);
}

async function fill(
  connection: ReturnType<typeof openDatabase>,
  exec: (sql: string) => Promise<unknown>,
  scale: Scale,
): Promise<void> {
  await applyMigrations(connection.adapterFactory);
  await seedDemo(connection.prisma);
  await exec(largeDataSql(scale));
  await exec(settleSql);
}

async function countsOf(query: (sql: string) => Promise<Record<string, unknown>>): Promise<DataCounts> {
  const row = await query(countsSql);
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === "string" ? value : Number(value)]),
  );
}

async function preparePglite(scale: Scale, log: (line: string) => void): Promise<PreparedDatabase> {
  const started = Date.now();
  const pgliteDir = path.join(dataDir, "pglite");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const cacheFile = path.join(cacheDir, `pglite-${cacheKey(scale)}.tar.gz`);
  let pglite: PGlite;
  const fromCache = existsSync(cacheFile);
  if (fromCache) {
    log(`database: loading the cached data set ${path.relative(projectRoot, cacheFile)}`);
    pglite = await PGlite.create(pgliteDir, { loadDataDir: new Blob([readFileSync(cacheFile)]) });
  } else {
    log("database: migrating, demo data, then the large data set (first run for these migrations)");
    pglite = await PGlite.create(pgliteDir);
    const connection = openDatabase({ kind: "pglite-instance", pglite });
    await fill(connection, (sql) => pglite.exec(sql), scale);
    await connection.prisma.$disconnect();
    // Old caches are of other migrations: keep only this one.
    for (const old of readdirSync(cacheDir)) rmSync(path.join(cacheDir, old), { force: true });
    const dump = await pglite.dumpDataDir("gzip");
    writeFileSync(cacheFile, Buffer.from(await dump.arrayBuffer()));
  }
  const counts = await countsOf(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows[0]!);
  await pglite.close();
  return {
    kind: "pglite",
    // DATABASE_URL emptied: the servers inherit the bench's environment, which may name PostgreSQL.
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    counts,
    seconds: (Date.now() - started) / 1000,
    fromCache,
    cleanup: async () => {},
    url: null,
    async withQuery(work) {
      const db = await PGlite.create(pgliteDir);
      try {
        return await work(async (sql, params) => (await db.query(sql, params)).rows as never[]);
      } finally {
        await db.close();
      }
    },
  };
}

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function maintenance(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function preparePostgres(base: string, scale: Scale, log: (line: string) => void): Promise<PreparedDatabase> {
  const started = Date.now();
  log(`database: PostgreSQL database ${benchDatabaseName}: migrating, demo data, then the large data set`);
  await maintenance(base, `DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`);
  await maintenance(base, `CREATE DATABASE ${benchDatabaseName}`);
  const url = urlFor(base, benchDatabaseName);
  const connection = openDatabase({ kind: "postgres", url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fill(connection, (sql) => client.query(sql), scale);
    const counts = await countsOf(async (sql) => (await client.query(sql)).rows[0] as Record<string, unknown>);
    return {
      kind: "postgres",
      env: { DATABASE_URL: url, SESSION_SECRET: "bench-only-secret-not-for-production" },
      counts,
      seconds: (Date.now() - started) / 1000,
      fromCache: false,
      cleanup: () => maintenance(base, `DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`),
      url,
      async withQuery(work) {
        const queries = new pg.Client({ connectionString: url });
        await queries.connect();
        try {
          return await work(async (sql, params) => (await queries.query(sql, params)).rows);
        } finally {
          await queries.end();
        }
      },
    };
  } finally {
    await client.end();
    await connection.close();
  }
}

/** The run's database: PostgreSQL with DATABASE_URL, else the embedded PGlite (or `kind` to choose). */
export function prepareDatabase(
  scale: Scale,
  log: (line: string) => void,
  kind: PreparedDatabase["kind"] = process.env.DATABASE_URL ? "postgres" : "pglite",
): Promise<PreparedDatabase> {
  const base = process.env.DATABASE_URL;
  if (kind === "postgres" && !base) throw new Error("PostgreSQL needs DATABASE_URL");
  return kind === "postgres" ? preparePostgres(base!, scale, log) : preparePglite(scale, log);
}
