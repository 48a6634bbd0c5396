import cluster from "node:cluster";
import os from "node:os";

/**
 * How many processes serve: with a PostgreSQL server, one per core (WEB_CONCURRENCY to choose), so
 * a busy shop uses every core; sessions, login limits and the LINE outbox live in the database, so
 * any process may answer any request. The embedded PGlite belongs to exactly one process: one.
 */
export function processCount(env: NodeJS.ProcessEnv = process.env): number {
  if (!env.DATABASE_URL) return 1;
  const asked = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(asked) && asked > 0 ? asked : os.availableParallelism();
}

/**
 * Runs `serve` in `count` worker processes sharing one port (Node's cluster), restarting a worker
 * that dies; SIGINT/SIGTERM stop them all, each finishing what it was doing. With one process,
 * `serve` simply runs here. Workers start from `entry`, the module that calls this (not the
 * command's script: `npm start` builds and migrates first, which the workers must not repeat).
 */
export async function serveWith(count: number, entry: string, serve: () => Promise<void>): Promise<void> {
  if (count <= 1 || !cluster.isPrimary) return serve();
  cluster.setupPrimary({ exec: entry });
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`โปรเซส ${worker.process.pid} หยุดทำงาน (${signal ?? code}) กำลังเริ่มโปรเซสใหม่แทน`);
    cluster.fork();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    });
  }
}
