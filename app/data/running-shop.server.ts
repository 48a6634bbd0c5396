import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Which process has the embedded database open: the shop writes `shop-running.json` into its data
 * folder once it listens and removes it when it stops. Scripts that would otherwise open the
 * folder themselves (npm run db:backup, db:restore) read it: two processes opening one PGlite
 * folder would damage it, so while the shop runs they ask it instead, or refuse.
 */

export interface RunningShop {
  pid: number;
  port: number;
  host: string;
  /** Where its operations listener answers (server/ops-listener.ts): a Unix socket, or a TCP port. */
  ops: { socket: string } | { host: string; port: number };
}

function markerPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.resolve(env.DATA_DIR || "data"), "shop-running.json");
}

export function markShopRunning(port: number, host: string, ops: RunningShop["ops"]): void {
  const file = markerPath();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ pid: process.pid, port, host, ops } satisfies RunningShop));
}

export function clearShopRunning(): void {
  const file = markerPath();
  try {
    const mark = JSON.parse(readFileSync(file, "utf8")) as RunningShop;
    if (mark.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // Nothing of ours to remove.
  }
}

/** The shop holding this data folder, if its process is alive (a stale mark of a killed shop counts for nothing). */
export function runningShop(env: NodeJS.ProcessEnv = process.env): RunningShop | null {
  const file = markerPath(env);
  if (!existsSync(file)) return null;
  try {
    const mark = JSON.parse(readFileSync(file, "utf8")) as RunningShop;
    process.kill(mark.pid, 0);
    return mark;
  } catch {
    return null;
  }
}
