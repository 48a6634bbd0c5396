/**
 * Real app processes for hardening tests: one build per test run, a database of their own
 * (a fresh PostgreSQL database when DATABASE_URL is set, an embedded PGlite folder otherwise),
 * and the compiled server (build/server/main.js) started as production runs it, on 127.0.0.1.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";
import { applyMigrations } from "~/data/migrations.server";
import { seedDemo } from "../../scripts/db/demo-data";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
const tmpRoot = path.join(projectRoot, "tests", ".tmp");
export const SESSION_SECRET = "hardening-secret-not-for-production";

/** True when the suite runs against a PostgreSQL server (DATABASE_URL). */
export const onPostgres = Boolean(process.env.DATABASE_URL);

// ---------------------------------------------------------------------------------------------
// The build

function buildIsComplete(dir: string): boolean {
  const serverEntry = path.join(dir, "build", "server", "index.js");
  if (!existsSync(serverEntry) || !existsSync(path.join(dir, "build", "server", "main.js"))) return false;
  // A copy taken while someone else's build was half written misses assets its server names.
  const assets = new Set(readFileSync(serverEntry, "utf8").match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  const present = (asset: string) =>
    ["client", "server"].some((side) => existsSync(path.join(dir, "build", side, asset)));
  return assets.size > 0 && [...assets].every(present);
}

/**
 * Brings build/ up to date once per test run (the first test file to ask, under a lock; an
 * up-to-date build is not built again, see scripts/build-when-stale.ts) and keeps
 * a private copy, so other people's builds in the shared work tree cannot change it under us.
 * Returns the folder to start servers in (it holds `build/`).
 */
export function prepareBuild(runId = process.env.VITEST_POOL_ID ? String(process.ppid) : String(process.pid)): string {
  const dir = path.join(tmpRoot, `hardening-build-${runId}`);
  mkdirSync(tmpRoot, { recursive: true });
  const script = `
    set -e
    if [ -f "${dir}/.ready" ]; then exit 0; fi
    # Copies of earlier runs whose process is gone.
    for old in "${tmpRoot}"/hardening-build-*; do
      [ -d "$old" ] || continue
      kill -0 "\${old##*-}" 2>/dev/null || rm -rf "$old" "$old.log"
    done
    for attempt in 1 2 3; do
      node_modules/.bin/tsx scripts/build-when-stale.ts >"${dir}.log" 2>&1 || { cat "${dir}.log" >&2; exit 1; }
      rm -rf "${dir}" && mkdir -p "${dir}/prisma" && cp -r build "${dir}/build" && cp -r prisma/migrations "${dir}/prisma/"
      if node -e '${checkScript(dir)}'; then touch "${dir}/.ready"; exit 0; fi
    done
    exit 1`;
  const result = spawnSync("flock", [path.join(tmpRoot, "hardening-build.lock"), "sh", "-c", script], {
    cwd: projectRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  });
  if (result.status !== 0 || !buildIsComplete(dir))
    throw new Error("the app could not be built for the hardening tests");
  return dir;
}

function checkScript(dir: string): string {
  // The same test as buildIsComplete, in plain node for the shell (no single quotes inside).
  return `const fs=require("fs"),p=require("path");const d=${JSON.stringify(dir)};const s=p.join(d,"build","server","index.js");if(!fs.existsSync(p.join(d,"build","server","main.js")))process.exit(1);const a=new Set(fs.readFileSync(s,"utf8").match(/\\/assets\\/[\\w.-]+\\.(?:js|css)/g)||[]);process.exit(a.size>0&&[...a].every(x=>["client","server"].some(side=>fs.existsSync(p.join(d,"build",side,x))))?0:1)`;
}

// ---------------------------------------------------------------------------------------------
// The database

export interface AppDatabase {
  /** Environment for the app processes (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /** A connection for the test itself. With PGlite, only while no app process has the folder open. */
  open(): DatabaseConnection;
  /** A plain pg client (PostgreSQL only): row locks, pg_stat_activity. */
  pgClient(): Promise<pg.Client>;
  drop(): Promise<void>;
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminRun(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database, migrated and filled with the demo data. */
export async function createAppDatabase(label: string): Promise<AppDatabase> {
  const suffix = `${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (onPostgres) {
    const name = `shop_hard_${suffix}`.toLowerCase();
    await adminRun(`CREATE DATABASE "${name}"`);
    const url = databaseUrl(name);
    const setup = openDatabase({ kind: "postgres", url });
    await applyMigrations(setup.adapterFactory);
    await seedDemo(setup.prisma);
    await setup.close();
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ kind: "postgres", url }),
      async pgClient() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      },
      drop: () => adminRun(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const dataDir = path.join(tmpRoot, `hardening-data-${suffix}`);
  const pgliteDir = path.join(dataDir, "pglite");
  mkdirSync(pgliteDir, { recursive: true });
  const setup = openDatabase({ kind: "pglite-instance", pglite: new PGlite(pgliteDir) });
  await applyMigrations(setup.adapterFactory);
  await seedDemo(setup.prisma);
  await setup.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: "pglite", dir: pgliteDir }),
    pgClient: () => Promise.reject(new Error("a pg client needs PostgreSQL (DATABASE_URL)")),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// App processes

export interface AppProcess {
  origin: string;
  port: number;
  /** Its operations listener (metrics, backups: server/ops-listener.ts), on a port of its own on 127.0.0.1. */
  opsOrigin: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: a crash. */
  kill(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** What the server (server/main.ts, compiled to build/server/main.js) prints once the shop listens. */
const LISTENING = "ร้านเปิดแล้วที่";

/**
 * Starts the compiled server (build/server/main.js, production mode) on 127.0.0.1 and waits until it answers. One process
 * unless `extraEnv` asks for more (WEB_CONCURRENCY), so each test knows who answers.
 */
export async function startApp(
  buildDir: string,
  database: AppDatabase,
  extraEnv: Record<string, string> = {},
): Promise<AppProcess> {
  const port = await freePort();
  // The compiled server, run by Node itself as production runs it (npm start, systemd).
  const child = spawn(process.execPath, [path.join(buildDir, "build", "server", "main.js")], {
    cwd: buildDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: process.env.SESSION_SECRET || SESSION_SECRET,
      DATABASE_POOL_SIZE: "4",
      WEB_CONCURRENCY: "1",
      // The demo's long-unanswered order stays as seeded: these tests compare the database before
      // and after (the shop's cancelling of it has tests of its own).
      ORDER_ACCEPT_DAYS: "0",
      // The operations listener on a free port of its own (its default, a socket in the data folder,
      // would be shared by the app processes of several tests on one PostgreSQL server).
      OPS_PORT: "0",
      ...database.env,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => (log += chunk));
  child.stderr!.on("data", (chunk: string) => (log += chunk));
  const origin = `http://127.0.0.1:${port}`;
  // server/main.ts says 'ร้านเปิดแล้วที่ ...' once its server listens: wait for that line (or the
  // process ending, or 60 s), then make sure it answers.
  let timer: NodeJS.Timeout | undefined;
  const listening = new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => () => reject(new Error(`${reason}:\n${log}`));
    child.stdout!.on("data", () => log.includes(LISTENING) && resolve());
    child.once("exit", fail("the app stopped while starting"));
    timer = setTimeout(fail("the app did not start within 60 s"), 60_000);
  });
  try {
    await listening;
    const response = await fetch(`${origin}/api/public/info`);
    if (!response.ok) throw new Error(`the app started but answered ${response.status}:\n${log}`);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const listeningLine = log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; ops?: { host: string; port: number } })
    .find((line) => line.ops?.port !== undefined);
  const opsOrigin = listeningLine?.ops ? `http://127.0.0.1:${listeningLine.ops.port}` : "";
  return {
    origin,
    port,
    opsOrigin,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Talking to it

export interface CallOptions {
  method?: string;
  cookie?: string;
  json?: unknown;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** One request, with the shop's own Origin on writes (as a browser on the shop would send). */
export async function call(app: { origin: string }, pathname: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.json === undefined && options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { ...options.headers };
  if (method !== "GET" && method !== "HEAD" && !("Origin" in headers)) headers.Origin = app.origin;
  if (options.cookie) headers.Cookie = options.cookie;
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(options.json);
  }
  return fetch(`${app.origin}${pathname}`, { method, headers, body, redirect: "manual" });
}

/** The session cookie (name=value) a login answer sets. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?shop_session=/.test(value));
  if (!cookie) throw new Error(`no session cookie in the answer (${response.status})`);
  return cookie.split(";")[0]!;
}

/** Logs in through POST /api/auth/login and returns the cookie. */
export async function loginCookie(app: { origin: string }, email: string, password = "demo1234"): Promise<string> {
  const response = await call(app, "/api/auth/login", { json: { email, password } });
  if (response.status !== 200)
    throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  return sessionCookieOf(response);
}

/** Some Thai text: the shop's messages are Thai. */
export const THAI = /[\u0E00-\u0E7F]/;
