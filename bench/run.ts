// npm run bench: builds the shop and a bare React Router app (the framework floor), serves both on
// 127.0.0.1 with a large database behind the shop, measures pages in Chromium and under load, and
// writes bench/REPORT.md and bench/report.json. Exits 0 once the report is written, whatever the
// budgets say; non-zero only when the benchmark itself could not run.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { processCount } from "../server/cluster";
import { checkContentWithoutScripts, launchBrowser, measureLoad, type PageLoad } from "./browser";
import { buildFloor, buildShop } from "./build";
import {
  benchDir,
  browserRuns,
  budgets,
  catalogueCalls,
  cpuSlowdown,
  databaseControlCall,
  floorPath,
  type Login,
  load,
  loginPassword,
  logins,
  networkProfiles,
  pages,
  ports,
  projectRoot,
  scale,
} from "./config";
import { type PreparedDatabase, prepareDatabase } from "./database";
import { measureThroughput } from "./load";
import { type BenchReport, type MeasuredTarget, renderReport, withBudgets } from "./report";
import { startServer, stopAll } from "./servers";

const started = Date.now();
const log = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: projectRoot, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

async function login(origin: string, email: string): Promise<{ name: string; value: string }> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password: loginPassword }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => /session/.test(line));
  if (!cookie) throw new Error(`login as ${email} set no session cookie`);
  const [pair] = cookie.split(";");
  const separator = pair!.indexOf("=");
  return { name: pair!.slice(0, separator), value: pair!.slice(separator + 1) };
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Several loads of one page: bytes of the first, the median of each time. */
function combine(loads: PageLoad[]): PageLoad {
  const pickMedian = (read: (load: PageLoad) => number | null) =>
    median(loads.map(read).filter((value): value is number => value !== null));
  return {
    ...loads[0]!,
    fcpMs: pickMedian((l) => l.fcpMs),
    scriptsLoadedMs: pickMedian((l) => l.scriptsLoadedMs),
    loadEventMs: pickMedian((l) => l.loadEventMs),
    htmlDoneMs: pickMedian((l) => l.htmlDoneMs),
    cssDoneMs: pickMedian((l) => l.cssDoneMs),
  };
}

async function measureTarget(
  browser: Browser,
  origin: string,
  target: { path: string; label?: string; cookie?: { name: string; value: string } },
): Promise<Record<string, PageLoad>> {
  const result: Record<string, PageLoad> = {};
  for (const profile of networkProfiles) {
    const loads: PageLoad[] = [];
    for (let run = 0; run < browserRuns; run++)
      loads.push(await measureLoad(browser, origin + target.path, profile, target.cookie));
    result[profile.name] = combine(loads);
    log(
      `  ${target.label ?? target.path} ${profile.name}: FCP ${Math.round(result[profile.name]!.fcpMs ?? -1)} ms, ${result[profile.name]!.bytes.total} B`,
    );
  }
  return result;
}

/** Statements the shop sends to its database per call, counted by the probe server. */
async function countStatements(
  database: PreparedDatabase,
  shopDir: string,
  paths: string[],
): Promise<Record<string, number>> {
  const probe = await startServer({
    name: "query probe",
    script: path.join(benchDir, "probe-server.ts"),
    cwd: shopDir,
    port: ports.probe,
    env: { ...database.env, PROBE_COUNTER_PORT: String(ports.probeCounter), WEB_CONCURRENCY: "1" }, // one process: the counter lives in it
    readyPath: "/api/patterns/shirt",
  });
  const counter = async () =>
    ((await (await fetch(`http://127.0.0.1:${ports.probeCounter}/`)).json()) as { statements: number }).statements;
  const calls = 100;
  const result: Record<string, number> = {};
  try {
    for (const call of paths) {
      await (await fetch(probe.origin + call)).arrayBuffer(); // first call may fill a cache
      const before = await counter();
      for (let i = 0; i < calls; i++) await (await fetch(probe.origin + call)).arrayBuffer();
      result[call] = ((await counter()) - before) / calls;
    }
  } finally {
    await probe.stop();
  }
  return result;
}

/**
 * The admin orders page under load on one database: a shop of its own on `port`, as many app
 * processes as server/cluster.ts gives that database, signed in as the admin.
 */
async function measureAdminOrders(database: PreparedDatabase, shopDir: string, port: number) {
  const processes = processCount({ ...process.env, ...database.env });
  const shop = await startServer({
    name: `shop on ${database.kind}`,
    script: "server/main.ts",
    cwd: shopDir,
    port,
    env: database.env,
    readyPath: "/api/public/info",
  });
  try {
    const cookie = await login(shop.origin, logins.admin);
    const throughput = await measureThroughput(shop.origin + budgets.adminOrdersPath, {
      cookie: `${cookie.name}=${cookie.value}`,
    });
    log(
      `  ${budgets.adminOrdersPath} on ${database.kind} (${processes} process${processes === 1 ? "" : "es"}): ${throughput.requestsPerSecond.toFixed(0)} req/s, p50 ${throughput.p50Ms ?? "–"} ms, p99 ${throughput.p99Ms ?? "–"} ms`,
    );
    return { orders: Number(database.counts.orders), processes, throughput };
  } finally {
    await shop.stop();
  }
}

/** The admin orders page on the embedded PGlite, beside a run on PostgreSQL (reported, not judged). */
async function measureEmbeddedAdminOrders(shopDir: string) {
  log("the admin orders page on the embedded PGlite as well (reported beside PostgreSQL's, not judged)");
  const embedded = await prepareDatabase(scale, log, "pglite");
  try {
    return await measureAdminOrders(embedded, shopDir, ports.probe);
  } finally {
    await embedded.cleanup();
  }
}

/** BENCH_ONLY=admin-orders: the admin orders figure on this run's database (and PGlite beside PostgreSQL), no report. */
async function adminOrdersOnly() {
  const shopDir = buildShop();
  const database = await prepareDatabase(scale, log);
  log(`database ready in ${database.seconds.toFixed(0)} s: ${JSON.stringify(database.counts)}`);
  try {
    await measureAdminOrders(database, shopDir, ports.shop);
  } finally {
    await database.cleanup();
  }
  if (database.kind === "postgres") await measureEmbeddedAdminOrders(shopDir);
}

async function main() {
  log(
    `scale: ${scale.orders} orders, ${scale.users} users, ${scale.tailors} tailors; database: ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}`,
  );
  if (process.env.BENCH_ONLY === "admin-orders") return adminOrdersOnly();
  const loadAtStart = os.loadavg();
  log("building the shop (a private copy of the work tree) and the framework floor");
  const shopDir = buildShop();
  buildFloor();

  log("preparing the database");
  const database = await prepareDatabase(scale, log);
  log(`database ready in ${database.seconds.toFixed(0)} s: ${JSON.stringify(database.counts)}`);

  let browser: Browser | undefined;
  try {
    const shop = await startServer({
      name: "shop",
      script: "server/main.ts",
      cwd: shopDir,
      port: ports.shop,
      env: database.env,
      readyPath: "/api/public/info",
    });
    // The floor runs in as many processes as the shop does with this database (server/cluster.ts).
    const processes = processCount({ ...process.env, ...database.env });
    const floor = await startServer({
      name: "floor",
      script: path.join(benchDir, "floor", "serve.ts"),
      cwd: projectRoot,
      port: ports.floor,
      env: { BENCH_PROCESSES: String(processes) },
      readyPath: floorPath,
    });

    const cookies = {} as Record<Login, { name: string; value: string }>;
    for (const [role, email] of Object.entries(logins) as [Login, string][])
      cookies[role] = await login(shop.origin, email);

    // Every page answers before it is measured, and the server has run each once.
    const targets = pages.map((page) => ({ ...page, cookie: page.login ? cookies[page.login] : undefined }));
    for (const target of targets) {
      const response = await fetch(shop.origin + target.path, {
        headers: target.cookie ? { cookie: `${target.cookie.name}=${target.cookie.value}` } : {},
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}, not 200`);
    }

    log("page loads in Chromium");
    browser = await launchBrowser();
    const floorLoads = await measureTarget(browser, floor.origin, { path: floorPath, label: "floor" });
    const measured: MeasuredTarget[] = [];
    for (const target of targets) {
      const loads = await measureTarget(browser, shop.origin, target);
      const content = target.public ? await checkContentWithoutScripts(browser, shop.origin + target.path) : undefined;
      measured.push({
        path: target.path,
        public: target.public,
        login: target.login ? logins[target.login] : undefined,
        loads,
        content,
      });
    }
    const chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;

    log(`throughput: ${load.connections} connections, ${load.warmupSeconds} s warm-up, ${load.seconds} s measured`);
    const floorThroughput = await measureThroughput(floor.origin + floorPath);
    log(`  floor: ${floorThroughput.requestsPerSecond.toFixed(0)} req/s, p99 ${floorThroughput.p99Ms ?? "–"} ms`);
    for (const target of measured) {
      const cookie = targets.find((t) => t.path === target.path)!.cookie;
      target.throughput = await measureThroughput(shop.origin + target.path, {
        cookie: cookie ? `${cookie.name}=${cookie.value}` : undefined,
      });
      log(
        `  ${target.path}: ${target.throughput.requestsPerSecond.toFixed(0)} req/s, p99 ${target.throughput.p99Ms ?? "–"} ms`,
      );
    }
    const calls = [];
    for (const call of [...catalogueCalls, databaseControlCall]) {
      const throughput = await measureThroughput(shop.origin + call, { accept: "*/*", seconds: load.callSeconds });
      log(`  ${call}: ${throughput.requestsPerSecond.toFixed(0)} req/s, p99 ${throughput.p99Ms ?? "–"} ms`);
      calls.push({ path: call, throughput });
    }
    await shop.stop();
    await floor.stop();

    const embeddedAdminOrders = database.kind === "postgres" ? await measureEmbeddedAdminOrders(shopDir) : null;

    log("counting the database statements of the catalogue calls");
    const statements = await countStatements(database, shopDir, [...catalogueCalls, databaseControlCall]);

    const report: BenchReport = withBudgets({
      generatedAt: new Date().toISOString(),
      commit: git(["rev-parse", "--short", "HEAD"]),
      workTreeChanged:
        git([
          "status",
          "--porcelain",
          "--",
          "app",
          "server",
          "public",
          "package.json",
          "vite.config.ts",
          "react-router.config.ts",
        ]) !== "",
      machine: {
        cpus: os.cpus().length,
        loadAverageAtStart: loadAtStart.map((value) => Number(value.toFixed(2))),
        node: process.version,
        chromium: chromiumVersion,
      },
      database: {
        kind: database.kind,
        counts: database.counts,
        preparedSeconds: Number(database.seconds.toFixed(1)),
        fromCache: database.fromCache,
      },
      settings: {
        scale,
        profiles: networkProfiles,
        cpuSlowdown,
        connections: load.connections,
        processes,
        warmupSeconds: load.warmupSeconds,
        seconds: load.seconds,
        callSeconds: load.callSeconds,
        browserRuns,
      },
      floor: { path: floorPath, loads: floorLoads, throughput: floorThroughput },
      pages: measured,
      embeddedAdminOrders,
      calls: calls.map((call) => ({
        ...call,
        statementsPerRequest: statements[call.path] ?? null,
        catalogue: catalogueCalls.includes(call.path),
      })),
      runSeconds: 0,
      budgets: [],
    });
    report.runSeconds = Math.round((Date.now() - started) / 1000);
    writeFileSync(path.join(benchDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(benchDir, "REPORT.md"), renderReport(report));
    log(
      `report written: bench/REPORT.md (${report.budgets.filter((b) => b.status === "FAIL").length} budget(s) failed)`,
    );
    for (const budget of report.budgets) log(`  ${budget.status.padEnd(4)} ${budget.name}: ${budget.figure}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    await stopAll();
    await database.cleanup();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0), // the schema engine and PGlite otherwise keep the process alive for a while
  async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  },
);
