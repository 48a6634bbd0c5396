// What npm run db:backup and db:restore share: where backups live, how they are named, how many stay.
import { spawnSync } from "node:child_process";
import path from "node:path";

/** shop-pglite-20261125-043000.tar.gz, shop-postgres-20261125-043000.dump */
export const BACKUP_NAME = /^shop-(pglite|postgres)-\d{8}-\d{6}\.(tar\.gz|dump)$/;

export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BACKUP_DIR || "backups");
}

export function keepCount(env: NodeJS.ProcessEnv = process.env): number {
  const keep = Number.parseInt(env.BACKUP_KEEP ?? "", 10);
  return Number.isSafeInteger(keep) && keep >= 1 ? keep : 14;
}

export function pgToolMissing(tool: "pg_dump" | "pg_restore"): boolean {
  const probe = spawnSync(tool, ["--version"], { stdio: "ignore" });
  return probe.error !== undefined || probe.status !== 0;
}
