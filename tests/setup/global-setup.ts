import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/data/connection.server";
import { applyMigrations } from "~/data/migrations.server";
import { adminQuery, serverUrl, templateNamesFor, urlForDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    testRunId: string;
  }
}

/**
 * Builds the migrated template every test file's database is copied from; removes it after the
 * run. Both integration projects share one template: the first to start builds it, the last to
 * finish removes it.
 */
export default async function globalSetup(project: TestProject) {
  const runId = `${process.pid}`;
  project.provide("testRunId", runId);
  // Vitest loads this module once per project: what they share hangs on the global object.
  const holder = globalThis as { [SHARED]?: SharedTemplate };
  holder[SHARED] ??= { users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  shared.removal ??= buildTemplate(runId);
  const remove = await shared.removal;
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) await remove();
  };
}

const SHARED = Symbol.for("shop.tests.template");
interface SharedTemplate {
  users: number;
  removal?: Promise<() => unknown>;
}

async function buildTemplate(runId: string): Promise<() => unknown> {
  const { dumpPath: templateDumpPath, databaseName: templateDatabaseName } = templateNamesFor(runId);
  const base = serverUrl();
  if (base) {
    await adminQuery(`DROP DATABASE IF EXISTS "${templateDatabaseName}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${templateDatabaseName}"`);
    const migrated = openDatabase({ kind: "postgres", url: urlForDatabase(base, templateDatabaseName) });
    await applyMigrations(migrated.adapterFactory);
    await migrated.close();
    // The schema engine keeps its own connection open; a template must have none.
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${templateDatabaseName}' AND pid <> pg_backend_pid()`,
    );
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${templateDatabaseName}" WITH (FORCE)`);
    };
  }
  const pglite = await PGlite.create();
  const migrated = openDatabase({ kind: "pglite-instance", pglite });
  await applyMigrations(migrated.adapterFactory);
  const dump = await pglite.dumpDataDir("gzip");
  mkdirSync(path.dirname(templateDumpPath), { recursive: true });
  writeFileSync(templateDumpPath, Buffer.from(await dump.arrayBuffer()));
  await migrated.close();
  return () => rmSync(templateDumpPath, { force: true });
}
