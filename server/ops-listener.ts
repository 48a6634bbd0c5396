import { timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { resolveDataDir } from "../app/config.server";
import { logger } from "../app/lib/logger.server";

/**
 * The operations listener (docs/decisions.md, 88): Prometheus metrics and the embedded database's
 * backup answer here, never on the shop's port, where no header, host name or proxy arrangement
 * can reach them (there they are the shop's 404). By default it is a Unix socket in the data
 * folder (`$DATA_DIR/ops.sock`, readable by the shop's own user only): nothing on the network
 * reaches it, and a browser cannot (no DNS rebinding). With `OPS_PORT` it is TCP on `OPS_HOST`
 * (127.0.0.1 by default), for a Prometheus that scrapes over TCP; there it answers only requests
 * named to a loopback host or to OPS_HOST itself and never a browser's (an Origin or Sec-Fetch-Site
 * header), and from beyond this machine only /metrics with `Authorization: Bearer $METRICS_TOKEN`.
 * The backup is given only to this machine.
 */

export const OPS_METRICS_PATH = "/metrics";
export const OPS_BACKUP_PATH = "/ops/backup";

export type OpsAddress = { socket: string } | { host: string; port: number };

/** Where the operations listener is asked to listen (the port may be 0: the system picks one). */
export function opsAddress(env: NodeJS.ProcessEnv = process.env): OpsAddress {
  const port = env.OPS_PORT?.trim();
  if (!port) return { socket: path.join(resolveDataDir(env), "ops.sock") };
  const number = Number(port);
  if (!Number.isInteger(number) || number < 0 || number > 65_535)
    throw new Error(`OPS_PORT must be a port number (0 to 65535), not "${env.OPS_PORT}".`);
  return { host: env.OPS_HOST?.trim() || "127.0.0.1", port: number };
}

export interface OpsSources {
  /** Prometheus text: this process's metrics, or in a cluster's primary every process's. */
  metricsText: () => Promise<string>;
  /** The embedded database as a gzipped tarball; absent on PostgreSQL (pg_dump backs it up). */
  backup?: () => Promise<Buffer>;
}

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1"]);

/** Whether a request came over the Unix socket or from this machine. */
function fromThisMachine(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress;
  return address === undefined || LOOPBACK_ADDRESSES.has(address);
}

/** A request a browser made (any page's script, DNS rebinding included) says so with one of these. */
function fromBrowser(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined || req.headers["sec-fetch-site"] !== undefined;
}

/**
 * The Host a request names is this listener's own: a loopback name, OPS_HOST as configured, or the
 * address the connection reached (with OPS_HOST=0.0.0.0, the machine's address Prometheus uses).
 * A rebound name is none of these.
 */
function namedToUs(req: IncomingMessage, address: OpsAddress): boolean {
  if ("socket" in address) return true;
  const host = (req.headers.host ?? "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[(.*)\]$/, "$1");
  const reached = req.socket.localAddress?.replace(/^::ffff:/, "");
  return LOOPBACK_NAMES.has(host) || host === address.host.toLowerCase() || host === reached;
}

function hasMetricsToken(req: IncomingMessage): boolean {
  const token = process.env.METRICS_TOKEN?.trim();
  if (!token) return false;
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function answer(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    "Content-Type": type,
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse, address: OpsAddress, sources: OpsSources) {
  const pathname = (req.url ?? "").split("?")[0];
  const local = fromThisMachine(req);
  if (fromBrowser(req) || !namedToUs(req, address)) return answer(res, 403, "text/plain", "forbidden\n");
  if (pathname === OPS_METRICS_PATH && (req.method === "GET" || req.method === "HEAD")) {
    if (!local && !hasMetricsToken(req)) return answer(res, 401, "text/plain", "a bearer token is needed\n");
    try {
      return answer(res, 200, "text/plain; version=0.0.4; charset=utf-8", await sources.metricsText());
    } catch (error) {
      logger().error({ err: error }, "metrics could not be collected");
      return answer(res, 500, "text/plain", "metrics could not be collected\n");
    }
  }
  if (pathname === OPS_BACKUP_PATH && req.method === "POST" && sources.backup && local) {
    try {
      const started = Date.now();
      const tarball = await sources.backup();
      logger().info({ bytes: tarball.length, ms: Date.now() - started }, "backup of the embedded database taken");
      return answer(res, 200, "application/gzip", tarball);
    } catch (error) {
      logger().error({ err: error }, "backup of the embedded database failed");
      return answer(res, 500, "text/plain", "backup failed\n");
    }
  }
  answer(res, 404, "text/plain", "not found\n");
}

/** Starts the operations listener; resolves with the address it listens at (the real port when OPS_PORT=0). */
export async function startOpsListener(
  sources: OpsSources,
  address: OpsAddress = opsAddress(),
): Promise<{ server: Server; address: OpsAddress }> {
  const server = createServer((req, res) => {
    // A request body is never needed here: read it away so the connection stays usable.
    req.resume();
    handle(req, res, address, sources).catch((error: unknown) => {
      logger().error({ err: error }, "operations request failed");
      if (!res.headersSent) answer(res, 500, "text/plain", "failed\n");
    });
  });
  if ("socket" in address) {
    mkdirSync(path.dirname(address.socket), { recursive: true });
    // A socket file left by a shop that was killed: nobody listens on it any more.
    rmSync(address.socket, { force: true });
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if ("socket" in address) server.listen(address.socket, resolve);
    else server.listen(address.port, address.host, resolve);
  });
  if ("socket" in address) {
    chmodSync(address.socket, 0o600);
    return { server, address };
  }
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : address.port;
  return { server, address: { host: address.host, port } };
}

/** Stops the operations listener (its socket file goes with it). */
export function stopOpsListener(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
