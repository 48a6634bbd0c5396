import { readdirSync } from "node:fs";
import type express from "express";
import { connection } from "../app/data/db.server";
import { migrationsDir } from "../app/data/migrations.server";
import { isLineConfigured } from "../app/domain/line/config.server";

/**
 * GET /healthz and GET /readyz on the shop's port (docs/decisions.md, 49): they answer in
 * server/app.ts before React Router, make no session and hold no personal data.
 */

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

/** How long readiness (and a metric read from the database) waits for the database. */
export const DATABASE_CHECK_MS = 2_000;

export interface ReadinessSources {
  /** True while the LINE worker runs (asked only when LINE is set up). */
  lineWorkerRunning?: () => boolean;
  /** True once the process is stopping: it takes no new work. */
  stopping?: () => boolean;
}

type CheckResult = "ok" | string;

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

let migrationsApplied = false;

async function checkMigrations(): Promise<CheckResult> {
  if (migrationsApplied) return "ok";
  const folders = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rows = await withTimeout(
    connection().prisma.$queryRaw<{ name: string }[]>`
      SELECT migration_name AS name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    DATABASE_CHECK_MS,
  );
  const applied = new Set(rows.map((row) => row.name));
  const missing = folders.filter((name) => !applied.has(name));
  if (missing.length > 0) return `not applied: ${missing.join(", ")}`;
  // Folders do not change while the process runs: once applied, they stay applied.
  migrationsApplied = true;
  return "ok";
}

async function readiness(sources: ReadinessSources): Promise<Record<string, CheckResult>> {
  const checks: Record<string, CheckResult> = {};
  if (sources.stopping?.()) checks.process = "stopping";
  try {
    await withTimeout(connection().prisma.$queryRaw`SELECT 1`, DATABASE_CHECK_MS);
    checks.database = "ok";
  } catch (error) {
    checks.database = `unreachable: ${error instanceof Error ? error.message.split("\n")[0] : "error"}`;
  }
  if (checks.database === "ok") {
    try {
      checks.migrations = await checkMigrations();
    } catch {
      checks.migrations = "unknown: the migrations table could not be read";
    }
  } else checks.migrations = "unknown: no database";
  if (isLineConfigured()) checks.lineWorker = sources.lineWorkerRunning?.() ? "ok" : "not running";
  return checks;
}

/** GET /healthz and GET /readyz (JSON, never cached, no personal data). */
export function healthEndpoints(sources: ReadinessSources): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === HEALTH_PATH) {
      res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
      return;
    }
    if (req.path !== READY_PATH) return next();
    readiness(sources).then(
      (checks) => {
        const ready = Object.values(checks).every((result) => result === "ok");
        res
          .status(ready ? 200 : 503)
          .set("Cache-Control", "no-store")
          .json({ status: ready ? "ready" : "unavailable", checks });
      },
      (error: unknown) => next(error),
    );
  };
}
