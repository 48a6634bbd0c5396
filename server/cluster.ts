import cluster from "node:cluster";
import os from "node:os";
import { DATABASE_IN_PRIMARY, type DatabaseHost } from "../app/data/connection.server";
import { channelToWorker } from "../app/data/pglite-host/channels.server";

/**
 * How many app processes serve: one per core (WEB_CONCURRENCY to choose), so a busy shop uses
 * every core. Sessions, login limits and the LINE outbox live in the database, so any process may
 * answer any request. With PostgreSQL the processes share the server; the embedded PGlite lives
 * in the primary process, which answers the workers' database calls (see serveWith).
 */
export function processCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(asked) && asked > 0 ? asked : os.availableParallelism();
}

export interface ServeOptions {
  /** How many app processes. */
  count: number;
  /** The module workers start from: the one that calls this (not `npm start`'s build-and-migrate script). */
  entry: string;
  /** Starts the HTTP server in an app process. */
  serve: () => Promise<void>;
  /**
   * Opens the embedded database in the primary, for its workers; absent with a PostgreSQL server.
   * With one process the app opens the database itself, as every other script does.
   */
  openDatabaseHost?: () => Promise<DatabaseHost>;
}

/**
 * Runs `serve` in `count` worker processes sharing one port (Node's cluster), restarting a worker
 * that dies; SIGINT/SIGTERM stop them all, each finishing what it was doing. With one process,
 * `serve` simply runs here.
 *
 * With the embedded database the primary opens it before the workers start and runs every
 * worker's queries and transactions on it (app/data/pglite-host). Each worker's share of the work
 * (routing, rendering, compression) then runs beside the others on its own core, while the
 * database itself stays in exactly one process, as PGlite requires.
 */
export async function serveWith({ count, entry, serve, openDatabaseHost }: ServeOptions): Promise<void> {
  if (count <= 1 || !cluster.isPrimary) return serve();
  const host = await openDatabaseHost?.();
  // Structured clones, not JSON, so query values (bytes, big integers) cross unchanged.
  cluster.setupPrimary({ exec: entry, serialization: "advanced" });
  const workerEnv = host ? { [DATABASE_IN_PRIMARY]: "1" } : {};
  const start = () => {
    const worker = cluster.fork(workerEnv);
    host?.serve(channelToWorker(worker));
  };
  let stopping = false;
  for (let i = 0; i < count; i++) start();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0)
        void Promise.resolve(host?.close()).finally(() => process.exit(0));
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
