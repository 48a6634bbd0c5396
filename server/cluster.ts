import cluster from "node:cluster";
import os from "node:os";

/**
 * How many app processes serve. With PostgreSQL (DATABASE_URL): one per core (WEB_CONCURRENCY to
 * choose), so a busy shop uses every core; sessions, login limits and the LINE outbox live in the
 * database, so any process may answer any request. With the embedded PGlite: always one, because
 * PGlite lives inside one process and only that process may open its folder (docs/decisions.md, 28).
 */
export interface ProcessPlan {
  count: number;
  /** Why fewer processes run than WEB_CONCURRENCY asked for, for the log; absent when nothing was refused. */
  notice?: string;
}

export function processPlan(env: NodeJS.ProcessEnv = process.env): ProcessPlan {
  const asked = Number(env.WEB_CONCURRENCY);
  const explicit = Number.isInteger(asked) && asked > 0;
  if (!env.DATABASE_URL) {
    return explicit && asked > 1
      ? {
          count: 1,
          notice: `WEB_CONCURRENCY=${asked} ไม่มีผล: ฐานข้อมูลในตัว (PGlite) เปิดได้ในโปรเซสเดียว ร้านจึงทำงานในโปรเซสเดียว (ตั้ง DATABASE_URL เป็นเซิร์ฟเวอร์ PostgreSQL เพื่อใช้หลายโปรเซส)`,
        }
      : { count: 1 };
  }
  return { count: explicit ? asked : os.availableParallelism() };
}

/** The number of app processes alone (see processPlan). */
export function processCount(env: NodeJS.ProcessEnv = process.env): number {
  return processPlan(env).count;
}

export interface ServeOptions {
  /** How many app processes. */
  count: number;
  /** The module workers start from: the one that calls this (not `npm start`'s build-and-migrate script). */
  entry: string;
  /** Starts the HTTP server in an app process. */
  serve: () => Promise<void>;
}

/**
 * Runs `serve` in `count` worker processes sharing one port (Node's cluster), restarting a worker
 * that dies; SIGINT/SIGTERM stop them all, each finishing what it was doing. With one process,
 * `serve` simply runs here. The workers inherit this process's environment as it is when they
 * start (server/main.ts settles the session secrets in it first).
 */
export async function serveWith({ count, entry, serve }: ServeOptions): Promise<void> {
  if (count <= 1 || !cluster.isPrimary) return serve();
  cluster.setupPrimary({ exec: entry });
  const start = () => cluster.fork();
  let stopping = false;
  for (let i = 0; i < count; i++) start();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`โปรเซส ${worker.process.pid} หยุดทำงาน (${signal ?? code}) กำลังเริ่มโปรเซสใหม่แทน`);
    start();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    });
  }
}
