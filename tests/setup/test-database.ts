import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";

/**
 * Test databases. Against PGlite (the default) a migrated template is dumped once and
 * loaded per test file; against PostgreSQL (DATABASE_URL set) a template database is
 * migrated once and copied with CREATE DATABASE ... TEMPLATE per test file.
 */

/** Names of this run's template: runs may go on side by side, so each has its own. */
export interface TemplateNames {
  dumpPath: string;
  databaseName: string;
}

export function templateNamesFor(runId: string): TemplateNames {
  return {
    dumpPath: path.resolve(import.meta.dirname, `../.tmp/template-${runId}.tar.gz`),
    databaseName: `shop_test_template_${runId}`,
  };
}

export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export function urlForDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database, one test process at a time. */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    // Two copies of one template cannot be made at the same moment: take turns.
    await client.query("SELECT pg_advisory_lock(727001)");
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends DatabaseConnection {
  /** Closes the connection and removes the copy. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(template: TemplateNames): Promise<TestDatabase> {
  const base = serverUrl();
  if (base) {
    const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template.databaseName}"`);
    const connection = openDatabase({ kind: "postgres", url: urlForDatabase(base, name) });
    return {
      ...connection,
      async drop() {
        await connection.close();
        await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  const dump = new Blob([readFileSync(template.dumpPath)]);
  const pglite = await PGlite.create({ loadDataDir: dump });
  const connection = openDatabase({ kind: "pglite-instance", pglite });
  return { ...connection, drop: () => connection.close() };
}
