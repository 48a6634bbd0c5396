// npm run bench: builds the shop and a bare React Router app (the framework floor), serves both on
// 127.0.0.1 with a large database behind the shop, measures pages in Chromium and under load, and
// writes bench/REPORT.md and bench/report.json. Exits 0 once the report is written, whatever the
// budgets say; non-zero only when the benchmark itself could not run.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { processCount } from "../server/cluster";
import { launchBrowser, measureRepeatVisit, type RepeatVisit } from "./browser";
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
  lighthousePages,
  lighthouseRuns,
  load,
  loginPassword,
  logins,
  networkProfiles,
  paintRuns,
  ports,
  projectRoot,
  scales,
  timingMargin,
} from "./config";
import { type PreparedDatabase, prepareDatabase } from "./database";
import { type LighthousePage, runLighthouse } from "./lighthouse";
import { measureThroughput } from "./load";
import { groupMemory, type MemorySample, watchMemory } from "./memory";
import { MIXED_STEPS, mixedLoad, mixedPeople, runMixedLoad } from "./mixed";
import { measurePages, type TimedPage } from "./pages";
import {
  type BenchReport,
  type BrowserFigures,
  browserBudgets,
  type MeasuredTarget,
  renderReport,
  updateReadme,
  withBudgets,
} from "./report";
import { type RouteTarget, readIds, routeTargets, type Who } from "./routes";
import { type RunningServer, startServer, stopAll } from "./servers";
import { explainHeaviest, keptCounts, statementsOf, sweepRoutes } from "./sweep";

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

/**
 * The query probe (bench/probe-server.ts): the statements the shop sends per catalogue call, and,
 * on PostgreSQL, the plans of the heaviest statements the routes send.
 */
async function probeStatements(
  database: PreparedDatabase,
  shopDir: string,
  paths: string[],
  routes: ReturnType<typeof routeTargets>["targets"],
) {
  const probe = await startServer({
    name: "query probe",
    script: path.join(benchDir, "probe-server.ts"),
    cwd: shopDir,
    port: ports.probe,
    // One process: the counter lives in it. Each route's statements are those of drawing it. The
    // order expiry runs once at the start (below) and then not again during the probe.
    env: {
      ...database.env,
      PROBE_COUNTER_PORT: String(ports.probeCounter),
      WEB_CONCURRENCY: "1",
      ORDER_EXPIRY_INTERVAL_MS: String(60 * 60_000),
    },
    readyPath: "/api/patterns/shirt",
  });
  const counterOrigin = `http://127.0.0.1:${ports.probeCounter}`;
  const counter = async () => ((await (await fetch(`${counterOrigin}/`)).json()) as { statements: number }).statements;
  const calls = 100;
  const perCall: Record<string, number> = {};
  try {
    // The shop's own start (the order expiry's first run) sends statements of its own: counted in
    // the first call's figure, they once made a catalogue call look like a database read.
    for (let count = await counter(), tries = 0; tries < 30; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = await counter();
      if (now === count) break;
      count = now;
    }
    // Two rounds, the lower count kept: a call from memory sends none in either, a call that reads
    // the database sends its statements in both, and a statement of the expiry's first run still
    // going (a pause in it longer than the wait above: 300,000 orders) lands in one round only.
    for (const call of paths) {
      await (await fetch(probe.origin + call)).arrayBuffer(); // first call may fill a cache
      const rounds: number[] = [];
      for (let round = 0; round < 2; round++) {
        const before = await counter();
        for (let i = 0; i < calls; i++) await (await fetch(probe.origin + call)).arrayBuffer();
        rounds.push(((await counter()) - before) / calls);
      }
      perCall[call] = Math.min(...rounds);
    }
    if (!database.url) return { perCall, explained: [] };
    const cookies = await cookiesFor(probe.origin);
    const statements = await statementsOf(probe.origin, counterOrigin, routes, cookies);
    return { perCall, explained: await explainHeaviest(database.url, statements, 12) };
  } finally {
    await probe.stop();
  }
}

/** A session for each kind of person, as a Cookie header (none for a visitor). */
async function cookiesFor(origin: string): Promise<Record<Who, string | undefined>> {
  const cookies: Record<Who, string | undefined> = {
    visitor: undefined,
    user: undefined,
    tailor: undefined,
    admin: undefined,
  };
  for (const [role, email] of Object.entries(logins) as [Login, string][]) {
    const cookie = await login(origin, email);
    cookies[role] = `${cookie.name}=${cookie.value}`;
  }
  return cookies;
}

/** The shop as production starts it: plain Node on the compiled server (`npm run serve`). */
function startShop(database: PreparedDatabase, shopDir: string, port: number, name = "shop"): Promise<RunningServer> {
  return startServer({
    name,
    script: "build/server/main.js",
    compiled: true,
    cwd: shopDir,
    port,
    env: { ...database.env, OPS_PORT: String(ports.shopOps) },
    readyPath: "/api/public/info",
  });
}

/** Memory a few seconds after the start, before any load: what the smallest server must hold. */
async function idleMemory(server: RunningServer): Promise<MemorySample> {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return groupMemory(server.process.pid!);
}

/** The mixed load on a running shop, with its memory watched meanwhile. */
async function mixedWithMemory(
  server: RunningServer,
  database: PreparedDatabase,
  people: Awaited<ReturnType<typeof mixedPeople>>,
) {
  log(`mixed load on ${database.kind}: ${mixedLoad.clients} clients for ${mixedLoad.seconds} s`);
  const watch = watchMemory(server.process.pid!);
  const opsOrigin = `http://127.0.0.1:${ports.shopOps}`;
  const before = await keptCounts(opsOrigin);
  const result = await runMixedLoad(server.origin, people);
  const after = await keptCounts(opsOrigin);
  result.cached = { kept: after.kept - before.kept, drawn: after.drawn - before.drawn };
  const peak = watch.stop();
  log(
    `  ${result.requests} requests, ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors} errors; ${result.placed} placed, ${result.accepted} accepted; memory up to ${peak.totalMb} MB; ${result.cached.kept} of ${result.cached.kept + result.cached.drawn} answers from a cache`,
  );
  return { result, peakMemory: peak };
}

/**
 * The admin orders page under load on one database: a shop of its own on `port`, as many app
 * processes as server/cluster.ts gives that database, signed in as the admin.
 */
async function measureAdminOrders(shop: RunningServer, database: PreparedDatabase) {
  const processes = processCount({ ...process.env, ...database.env });
  const cookie = await login(shop.origin, logins.admin);
  const throughput = await measureThroughput(shop.origin + budgets.adminOrdersPath, {
    cookie: `${cookie.name}=${cookie.value}`,
  });
  log(
    `  ${budgets.adminOrdersPath} on ${database.kind} (${processes} process${processes === 1 ? "" : "es"}): ${throughput.requestsPerSecond.toFixed(0)} req/s, p50 ${throughput.p50Ms ?? "–"} ms, p99 ${throughput.p99Ms ?? "–"} ms`,
  );
  return { orders: Number(database.counts.orders), processes, throughput };
}

/**
 * Beside a run on PostgreSQL, the embedded PGlite with its own (today's) data set, in the one app
 * process it runs in: its memory idle and under the mixed load (judged: the enterprise that rents
 * the smallest server runs this), the admin orders page and the mixed load (reported).
 */
async function measureEmbedded(shopDir: string) {
  log("the embedded PGlite beside it: memory, the admin orders page and the mixed load");
  const embedded = await prepareDatabase(scales.pglite, log, "pglite");
  try {
    const people = await embedded.withQuery(mixedPeople);
    const shop = await startShop(embedded, shopDir, ports.probe, "shop on PGlite");
    try {
      const idle = await idleMemory(shop);
      log(`  idle: ${idle.totalMb} MB in ${idle.processes} process(es)`);
      const adminOrders = await measureAdminOrders(shop, embedded);
      const mixed = await mixedWithMemory(shop, embedded, people);
      return { counts: embedded.counts, idleMemory: idle, adminOrders, mixed };
    } finally {
      await shop.stop();
    }
  } finally {
    await embedded.cleanup();
  }
}

/** BENCH_ONLY=admin-orders: the admin orders figure on this run's database, no report. */
async function adminOrdersOnly(kind: PreparedDatabase["kind"]) {
  const shopDir = buildShop();
  const database = await prepareDatabase(scales[kind], log, kind);
  log(`database ready in ${database.seconds.toFixed(0)} s: ${JSON.stringify(database.counts)}`);
  try {
    const shop = await startShop(database, shopDir, ports.shop);
    try {
      await measureAdminOrders(shop, database);
    } finally {
      await shop.stop();
    }
  } finally {
    await database.cleanup();
  }
}

/**
 * The browser part: every page of the route table in Chromium as the person it is for, and the
 * floor the same way (bench/pages.ts); then Lighthouse on the pages it scores.
 */
async function measureInBrowser(
  shop: RunningServer,
  floor: RunningServer,
  routes: RouteTarget[],
  cookies: Record<Login, { name: string; value: string }>,
): Promise<{
  floor: TimedPage;
  measured: MeasuredTarget[];
  lighthouse: LighthousePage[];
  floorLighthouse: LighthousePage;
  chromiumVersion: string;
  repeatVisit: BrowserFigures["repeatVisit"];
}> {
  const pageRoutes = routes.filter((route) => route.kind === "page");
  log(`page loads in Chromium: the floor and ${pageRoutes.length} pages, one load at a time`);
  const browser = await launchBrowser();
  let result: Awaited<ReturnType<typeof measurePages>>;
  let chromiumVersion: string;
  let repeatVisit: BrowserFigures["repeatVisit"];
  try {
    chromiumVersion = browser.version();
    result = await measurePages(
      browser,
      { path: floorPath, origin: floor.origin, public: false, label: "floor" },
      pageRoutes.map((route) => ({
        path: route.url,
        origin: shop.origin,
        cookie: route.who === "visitor" ? undefined : cookies[route.who],
        public: route.who === "visitor",
        label: route.pattern,
      })),
      log,
    );
    // A person opening their order list again (issue 51): the first visit and the repeat, three times.
    const repeatRoute = pageRoutes.find((route) => route.url === budgets.repeatVisitPath);
    if (repeatRoute && repeatRoute.who !== "visitor") {
      const runs: RepeatVisit[] = [];
      for (let run = 0; run < browserRuns; run++)
        try {
          const visit = measureRepeatVisit(
            browser,
            shop.origin + repeatRoute.url,
            networkProfiles[0]!,
            cookies[repeatRoute.who],
          );
          runs.push(await visit);
        } catch (error) {
          // Not measured is a failed budget in the report, not a broken run.
          log(`  ${repeatRoute.url}: a repeat visit could not be measured: ${String(error).split("\n")[0]}`);
        }
      const middle = (values: (number | null)[]) => {
        const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
        return known.length ? known[Math.floor(known.length / 2)]! : null;
      };
      repeatVisit = {
        path: repeatRoute.url,
        runs,
        firstFcpMs: middle(runs.map((run) => run.firstFcpMs)),
        repeatFcpMs: middle(runs.map((run) => run.repeatFcpMs)),
      };
      log(
        `  ${repeatRoute.url}: repeat visit paints at ${repeatVisit.repeatFcpMs} ms, the first at ${repeatVisit.firstFcpMs} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  const floorLoad = result.floor.loads[networkProfiles[0]!.name]!;
  const measured: MeasuredTarget[] = pageRoutes.map((route, index) => {
    const page = result.pages[index]!;
    const slow = page.loads[networkProfiles[0]!.name]!;
    const ratio = (value: number | null, floorValue: number | null) =>
      value === null || !floorValue ? "–" : `${(value / floorValue).toFixed(2)}×`;
    log(
      `  ${route.url} (${route.who}): JS ${(page.bytes.bytes.js / 1000).toFixed(1)} KB ${ratio(page.bytes.bytes.js, result.floor.bytes.bytes.js)}, ` +
        `FCP ${Math.round(slow.fcpMs ?? -1)} ms ${ratio(slow.fcpMs, floorLoad.fcpMs)}, scripts ${Math.round(slow.scriptsLoadedMs ?? -1)} ms ${ratio(slow.scriptsLoadedMs, floorLoad.scriptsLoadedMs)}`,
    );
    return {
      ...page,
      path: route.url,
      pattern: route.pattern,
      public: route.who === "visitor",
      login: route.who === "visitor" ? undefined : logins[route.who],
    };
  });
  log(
    `  floor: JS ${(result.floor.bytes.bytes.js / 1000).toFixed(1)} KB, FCP ${Math.round(floorLoad.fcpMs ?? -1)} ms, scripts ${Math.round(floorLoad.scriptsLoadedMs ?? -1)} ms`,
  );

  log(`Lighthouse (mobile, performance), ${lighthouseRuns} runs of each of ${lighthousePages.join(", ")}`);
  const lighthouseStarted = Date.now();
  const lighthouse = await runLighthouse(shop.origin, lighthousePages, log);
  // The floor the same way: what this machine scores for a page that does next to nothing.
  const [floorLighthouse] = await runLighthouse(floor.origin, [floorPath], log);
  log(`  Lighthouse: ${((Date.now() - lighthouseStarted) / 1000).toFixed(0)} s`);
  return { floor: result.floor, measured, lighthouse, floorLighthouse: floorLighthouse!, chromiumVersion, repeatVisit };
}

async function main() {
  const kind: PreparedDatabase["kind"] = process.env.DATABASE_URL ? "postgres" : "pglite";
  const scale = scales[kind];
  log(
    `scale: ${scale.orders} orders, ${scale.users} users, ${scale.tailors} tailors; database: ${kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}`,
  );
  if (process.env.BENCH_ONLY === "admin-orders") return adminOrdersOnly(kind);
  const loadAtStart = os.loadavg();
  log("building the shop (a private copy of the work tree) and the framework floor");
  const shopDir = buildShop();
  await buildFloor();

  log("preparing the database");
  const database = await prepareDatabase(scale, log, kind);
  log(`database ready in ${database.seconds.toFixed(0)} s: ${JSON.stringify(database.counts)}`);
  // Read before the shop opens it (the embedded database has one owner at a time).
  const { ids, people } = await database.withQuery(async (query) => ({
    ids: await readIds(query),
    people: await mixedPeople(query),
  }));
  const { targets: routes, skipped } = routeTargets(ids);

  try {
    const shop = await startShop(database, shopDir, ports.shop);
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
    const [shopIdle, floorIdle] = await Promise.all([idleMemory(shop), idleMemory(floor)]);
    log(`memory at rest: shop ${shopIdle.totalMb} MB (${shopIdle.processes} processes), floor ${floorIdle.totalMb} MB`);

    const cookies = {} as Record<Login, { name: string; value: string }>;
    for (const [role, email] of Object.entries(logins) as [Login, string][])
      cookies[role] = await login(shop.origin, email);
    const cookieHeaders: Record<Who, string | undefined> = {
      visitor: undefined,
      user: `${cookies.user.name}=${cookies.user.value}`,
      tailor: `${cookies.tailor.name}=${cookies.tailor.value}`,
      admin: `${cookies.admin.name}=${cookies.admin.value}`,
    };

    // Every route answers before it is measured, and the server has run each once. A page that
    // puts its state in its address (the design editor: the design's parts) is read at the
    // address it sends to.
    const answers = async (url: string, cookie: string | undefined) => {
      const response = await fetch(shop.origin + url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
      await response.arrayBuffer();
      return response;
    };
    for (const route of routes) {
      let response = await answers(route.url, cookieHeaders[route.who]);
      const location = response.headers.get("location");
      if (response.status === 302 && location?.startsWith(`${route.url.split("?")[0]}?`)) {
        route.url = location;
        response = await answers(route.url, cookieHeaders[route.who]);
      }
      if (response.status !== 200) throw new Error(`${route.url} answered ${response.status}, not 200`);
    }
    for (const path of lighthousePages) {
      const response = await answers(path, undefined);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not 200`);
    }

    const browserPart = await measureInBrowser(shop, floor, routes, cookies);
    const { measured, lighthouse, floorLighthouse, chromiumVersion, repeatVisit } = browserPart;
    if (process.env.BENCH_ONLY === "browser") {
      // Working on the browser part: its budgets and raw figures, no report.
      const floorOnly = { ...browserPart.floor, path: floorPath, lighthouse: floorLighthouse };
      const file = path.join(benchDir, ".data", "browser.json");
      writeFileSync(file, `${JSON.stringify({ floor: floorOnly, pages: measured, lighthouse }, null, 2)}\n`);
      for (const budget of browserBudgets({ floor: floorOnly, pages: measured, lighthouse, repeatVisit }))
        log(`  ${budget.status.padEnd(4)} ${budget.name}: ${budget.figure}`);
      log(`browser part only: raw figures in ${path.relative(projectRoot, file)}, no report`);
      return;
    }

    log(
      `every route: ${load.connections} connections, ${load.sweepWarmupSeconds} s warm-up, ${load.sweepSeconds} s measured, one after another`,
    );
    const sweep = await sweepRoutes(
      shop.origin,
      `http://127.0.0.1:${ports.shopOps}`,
      routes,
      cookieHeaders,
      floor.origin + floorPath,
      log,
    );
    const swept = sweep.routes;
    const floorThroughput = sweep.floorReadings[0]!;
    // The browser-measured pages carry their route's figures.
    for (const target of measured) target.throughput = swept.find((route) => route.url === target.path)?.throughput;

    const calls = [];
    for (const call of [...catalogueCalls, databaseControlCall]) {
      const throughput = await measureThroughput(shop.origin + call, { accept: "*/*", seconds: load.callSeconds });
      log(`  ${call}: ${throughput.requestsPerSecond.toFixed(0)} req/s, p99 ${throughput.p99Ms ?? "–"} ms`);
      calls.push({ path: call, throughput });
    }

    const mixed = await mixedWithMemory(shop, database, people);
    await shop.stop();
    await floor.stop();

    const embedded = database.kind === "postgres" ? await measureEmbedded(shopDir) : null;

    log("the query probe: statements of the catalogue calls, and the plans of the heaviest statements");
    const probed = await probeStatements(database, shopDir, [...catalogueCalls, databaseControlCall], routes);

    const report: BenchReport = withBudgets({
      generatedAt: new Date().toISOString(),
      repeatVisit,
      commit: git(["rev-parse", "--short", "HEAD"]),
      workTreeChanged:
        git([
          "status",
          "--porcelain",
          "--",
          "app",
          "server",
          "public",
          "bench",
          "package.json",
          "vite.config.ts",
          "react-router.config.ts",
        ]) !== "",
      machine: {
        cpus: os.cpus().length,
        loadAverageAtStart: loadAtStart.map((value) => Number(value.toFixed(2))),
        node: process.version,
        chromium: chromiumVersion,
        lighthouse: (
          JSON.parse(readFileSync(path.join(projectRoot, "node_modules", "lighthouse", "package.json"), "utf8")) as {
            version: string;
          }
        ).version,
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
        warmupSeconds: load.sweepWarmupSeconds,
        seconds: load.sweepSeconds,
        callSeconds: load.callSeconds,
        browserRuns,
        paintRuns,
        timingMargin,
        lighthouseRuns,
      },
      floor: {
        ...browserPart.floor,
        path: floorPath,
        throughput: floorThroughput,
        idleMemory: floorIdle,
        sweepReadings: sweep.floorReadings.map((reading) => Number(reading.requestsPerSecond.toFixed(1))),
        lighthouse: floorLighthouse,
      },
      pages: measured,
      lighthouse,
      routes: swept,
      skippedRoutes: skipped,
      mixed: {
        clients: mixedLoad.clients,
        mix: mixedLoad.mix,
        steps: MIXED_STEPS,
        main: { ...mixed.result, kind: database.kind, idleMemory: shopIdle, peakMemory: mixed.peakMemory },
        embedded: embedded
          ? {
              ...embedded.mixed.result,
              kind: "pglite",
              idleMemory: embedded.idleMemory,
              peakMemory: embedded.mixed.peakMemory,
              counts: embedded.counts,
            }
          : null,
      },
      embeddedAdminOrders: embedded?.adminOrders ?? null,
      calls: calls.map((call) => ({
        ...call,
        statementsPerRequest: probed.perCall[call.path] ?? null,
        catalogue: catalogueCalls.includes(call.path),
      })),
      explained: probed.explained,
      runSeconds: 0,
      budgets: [],
    });
    report.runSeconds = Math.round((Date.now() - started) / 1000);
    writeFileSync(path.join(benchDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(benchDir, "REPORT.md"), renderReport(report));
    if (report.explained.length) updateReadme(path.join(benchDir, "README.md"), report);
    log(
      `report written: bench/REPORT.md (${report.budgets.filter((b) => b.status === "FAIL").length} budget(s) failed)`,
    );
    for (const budget of report.budgets.filter((b) => b.status === "FAIL"))
      log(`  ${budget.status.padEnd(4)} ${budget.name}: ${budget.figure}`);
  } finally {
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
