// The report: budgets checked against the measured figures, and REPORT.md beside report.json.

import { readFileSync, writeFileSync } from "node:fs";
import type { RepeatVisit, ResourceKind } from "./browser";
import { budgets, load, type NetworkProfile } from "./config";
import type { LighthousePage } from "./lighthouse";
import type { LoadResult } from "./load";
import type { MemorySample } from "./memory";
import type { MixedResult } from "./mixed";
import type { TimedPage } from "./pages";
import type { SkippedRoute } from "./routes";
import type { ExplainedStatement, SweptRoute } from "./sweep";

/** The mixed load on one database, with the shop's memory before and during it. */
export type MixedRun = MixedResult & {
  kind: string;
  idleMemory: MemorySample;
  peakMemory: MemorySample;
  counts?: Record<string, number | string>;
};

/** A page of the route table as measured in Chromium (bench/pages.ts). */
export interface MeasuredTarget extends TimedPage {
  /** The address loaded. */
  path: string;
  /** Its pattern in the route table. */
  pattern: string;
  /** For a visitor (also read with JavaScript off). */
  public: boolean;
  /** Signed in as (none: a visitor). */
  login?: string;
  throughput?: LoadResult;
}

export interface Budget {
  name: string;
  status: "PASS" | "FAIL";
  figure: string;
}

export interface BenchReport {
  generatedAt: string;
  repeatVisit?: BrowserFigures["repeatVisit"];
  commit: string;
  workTreeChanged: boolean;
  machine: { cpus: number; loadAverageAtStart: number[]; node: string; chromium: string; lighthouse: string };
  database: { kind: string; counts: Record<string, number | string>; preparedSeconds: number; fromCache: boolean };
  settings: {
    scale: object;
    profiles: readonly NetworkProfile[];
    cpuSlowdown: number;
    connections: number;
    processes: number;
    warmupSeconds: number;
    seconds: number;
    callSeconds: number;
    browserRuns: number;
    /** Paints of a page near the paint's budget (older reports: browserRuns). */
    paintRuns?: number;
    timingMargin: number;
    lighthouseRuns: number;
  };
  floor: TimedPage & {
    path: string;
    throughput: LoadResult;
    idleMemory: MemorySample;
    /** The floor's requests a second, read between the routes of the sweep (absent before stop 39). */
    sweepReadings?: number[];
    /** Lighthouse on the floor, the same runs as the pages (absent in reports before stop 39). */
    lighthouse?: LighthousePage;
  };
  pages: MeasuredTarget[];
  /** Lighthouse's mobile performance runs (bench/lighthouse.ts). */
  lighthouse: LighthousePage[];
  /** Every route of the table under load (bench/routes.ts), and those not read, with why. */
  routes: SweptRoute[];
  skippedRoutes: SkippedRoute[];
  mixed: {
    clients: number;
    mix: Record<string, number>;
    steps: Record<string, string>;
    /** On this run's database (judged on PostgreSQL). */
    main: MixedRun;
    /** On the embedded PGlite beside a run on PostgreSQL (its memory judged, its times reported). */
    embedded: MixedRun | null;
  };
  /** The plans of the heaviest statements the routes send (PostgreSQL runs only). */
  explained: ExplainedStatement[];
  /**
   * The admin orders page on the embedded PGlite (one app process), measured beside a run on
   * PostgreSQL: reported, not judged. Null when the run itself was on PGlite.
   */
  embeddedAdminOrders: { orders: number; processes: number; throughput: LoadResult } | null;
  calls: { path: string; throughput: LoadResult; statementsPerRequest: number | null; catalogue: boolean }[];
  runSeconds: number;
  budgets: Budget[];
}

const SLOW_3G = "Slow 3G";
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : `${Math.round(value)} ms`;
const ratio = (value: number | null | undefined, floor: number | null | undefined) =>
  value === null || value === undefined || !floor ? "–" : `${(value / floor).toFixed(2)}×`;
const pass = (ok: boolean): Budget["status"] => (ok ? "PASS" : "FAIL");

/** A page as the report names it: its address, or its route's pattern when the address is long. */
const pageName = (page: { path: string; pattern?: string }) =>
  page.path.length > 60 && page.pattern ? page.pattern : page.path;

/** A page's figure beside the floor's, and whether it is within the budget's ratio. */
interface PageRatio {
  page: MeasuredTarget;
  value: number | null;
  ratio: number | null;
  within: boolean;
}

/** What the browser part measured: the floor, every page, Lighthouse. */
export interface BrowserFigures {
  floor: TimedPage & { lighthouse?: LighthousePage };
  pages: MeasuredTarget[];
  lighthouse: LighthousePage[];
  /** The first and the repeat visit of budgets.repeatVisitPath, each run and the medians. */
  repeatVisit?: { path: string; runs: RepeatVisit[]; firstFcpMs: number | null; repeatFcpMs: number | null };
}

function pageRatios(report: BrowserFigures, read: (page: TimedPage) => number | null, limit: number): PageRatio[] {
  const floor = read(report.floor);
  return report.pages.map((page) => {
    const value = read(page);
    const r = value === null || !floor ? null : value / floor;
    return { page, value, ratio: r, within: r !== null && r <= limit };
  });
}

/** Every page under one ratio budget: the pages over it, or the largest ratio when none is. */
function ratioBudget(
  name: string,
  ratios: PageRatio[],
  floorText: string,
  show: (value: number | null) => string,
): Budget {
  const over = ratios.filter((r) => !r.within).sort((a, b) => (b.ratio ?? Infinity) - (a.ratio ?? Infinity));
  const largest = [...ratios].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0))[0];
  const each = (r: PageRatio) =>
    `${pageName(r.page)}${r.page.login ? ` (${r.page.login.split("@")[0]})` : ""} ${show(r.value)} = ${r.ratio === null ? "not measured" : `${r.ratio.toFixed(2)}×`}`;
  return {
    name,
    status: pass(ratios.length > 0 && over.length === 0),
    figure: over.length
      ? `${over.length} of ${ratios.length} over (the floor ${floorText}): ${over.map(each).join(", ")}`
      : `all ${ratios.length} within (the floor ${floorText}); the largest: ${largest ? each(largest) : "–"}`,
  };
}

/** The budgets of the browser part: every page against the floor, the public pages' content, Lighthouse. */
export function browserBudgets(report: BrowserFigures): Budget[] {
  const list: Budget[] = [];
  const slow = (page: TimedPage) => page.loads[SLOW_3G]!;
  const count = `${report.pages.length} pages, each as its role`;
  list.push(
    ratioBudget(
      `every page (${count}): JavaScript at most ${budgets.jsToFloor}× the floor's`,
      pageRatios(report, (p) => p.bytes.bytes.js, budgets.jsToFloor),
      kb(report.floor.bytes.bytes.js),
      (value) => kb(value ?? 0),
    ),
    ratioBudget(
      `every page: first contentful paint on Slow 3G at most ${budgets.fcpSlow3gToFloor}× the floor's`,
      pageRatios(report, (p) => slow(p).fcpMs, budgets.fcpSlow3gToFloor),
      ms(slow(report.floor).fcpMs),
      ms,
    ),
    ratioBudget(
      `every page with scripts: all scripts loaded on Slow 3G at most ${budgets.scriptsLoadedSlow3gToFloor}× the floor's`,
      // A page that asks for no script (the offline page) has nothing to wait for: not judged.
      pageRatios(report, (p) => slow(p).scriptsLoadedMs, budgets.scriptsLoadedSlow3gToFloor).filter((r) =>
        r.page.bytes.resources.some((resource) => resource.kind === "js"),
      ),
      ms(slow(report.floor).scriptsLoadedMs),
      ms,
    ),
  );
  for (const page of report.pages.filter((p) => p.public)) {
    const content = page.content!;
    const fullContent =
      content.textShare >= budgets.minTextShareWithoutJs && content.formsWithoutJs >= content.formsWithJs;
    const missing = content.missingWithoutJs.length
      ? ` (only with JavaScript: “${content.missingWithoutJs.join("”, “")}”)`
      : "";
    list.push({
      name: `${page.path}: full content before any script (JavaScript off)`,
      status: pass(fullContent),
      figure: `without JavaScript ${Math.round(content.textShare * 100)}% of the text${missing}, ${content.formsWithoutJs}/${content.formsWithJs} forms`,
    });
  }
  const home = report.pages.find((p) => p.path === "/");
  if (home) {
    const bytes = home.bytes.bytes;
    const sum = bytes.html + bytes.css + bytes.font;
    list.push({
      name: `/: HTML + CSS + fonts under ${budgets.homeHtmlCssFontBytes / 1000} KB`,
      status: pass(sum < budgets.homeHtmlCssFontBytes),
      figure: `${kb(sum)} (HTML ${kb(bytes.html)}, CSS ${kb(bytes.css)}, fonts ${kb(bytes.font)})`,
    });
  }
  const repeat = report.repeatVisit;
  if (repeat) {
    const share = repeat.firstFcpMs && repeat.repeatFcpMs !== null ? repeat.repeatFcpMs / repeat.firstFcpMs : null;
    const copies = repeat.runs.filter((run) => run.fromKeptCopy).length;
    list.push({
      name: `${repeat.path}: a repeat visit on Slow 3G paints at most ${budgets.repeatVisitFcpToFirst}× as late as the first visit`,
      status: pass(share !== null && share <= budgets.repeatVisitFcpToFirst),
      figure: `first contentful paint ${ms(repeat.repeatFcpMs)} against ${ms(repeat.firstFcpMs)} (${share === null ? "–" : `${share.toFixed(2)}×`}; median of ${repeat.runs.length}: ${repeat.runs.map((run) => `${ms(run.repeatFcpMs)} / ${ms(run.firstFcpMs)}`).join(", ")}); from the worker's kept copy in ${copies} of ${repeat.runs.length}`,
    });
  }
  const floorLighthouse = report.floor.lighthouse;
  // The budget is a score, not a ratio; the floor's score in the same run says what this machine gives.
  const beside = floorLighthouse
    ? `; the floor: median ${floorLighthouse.median} (${floorLighthouse.runs.map((r) => r.score).join(", ")})`
    : "";
  for (const page of report.lighthouse) {
    const metrics = page.medianRun.metrics.map((m) => `${metricShort[m.id] ?? m.id} ${m.value}`).join(", ");
    list.push({
      name: `${page.path}: Lighthouse mobile performance at least ${budgets.lighthouseScore} (median of ${page.runs.length})`,
      status: pass(page.median >= budgets.lighthouseScore),
      figure: `median ${page.median} (${page.runs.map((r) => r.score).join(", ")}); median run: ${metrics}${beside}`,
    });
  }
  return list;
}

/** Lighthouse's metrics by their usual short names. */
const metricShort: Record<string, string> = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};

export function withBudgets(report: BenchReport): BenchReport {
  const list: Budget[] = browserBudgets(report);
  const admin = report.pages.find((p) => p.path === budgets.adminOrdersPath);
  if (admin?.throughput) {
    // Judged on PostgreSQL, the database for scale; the embedded PGlite's figure is given beside it.
    const onPostgres = report.database.kind === "postgres";
    const orders = Number(report.database.counts.orders);
    const atScale = orders >= budgets.minOrdersForAdminBudget;
    const scaleNote = atScale ? "" : " (not at full scale)";
    const embedded = report.embeddedAdminOrders;
    const processes = (count: number) => (count === 1 ? "one process" : `${count} processes`);
    list.push({
      name: `${budgets.adminOrdersPath}: p99 under ${budgets.adminOrdersP99Ms} ms at ${budgets.minOrdersForAdminBudget.toLocaleString("en")} orders on PostgreSQL`,
      status: pass(
        onPostgres && admin.throughput.p99Ms !== null && admin.throughput.p99Ms < budgets.adminOrdersP99Ms && atScale,
      ),
      figure: onPostgres
        ? `p99 ${ms(admin.throughput.p99Ms)}, ${admin.throughput.requestsPerSecond.toFixed(0)} req/s with ${orders.toLocaleString("en")} orders, ${processes(report.settings.processes)}${scaleNote}` +
          (embedded
            ? `; embedded PGlite, ${processes(embedded.processes)} (not judged): p99 ${ms(embedded.throughput.p99Ms)}, ${embedded.throughput.requestsPerSecond.toFixed(0)} req/s`
            : "")
        : `not judged: this run was on the embedded PGlite (p99 ${ms(admin.throughput.p99Ms)}, ${admin.throughput.requestsPerSecond.toFixed(0)} req/s, one process${scaleNote}); run with DATABASE_URL`,
    });
  }
  const control = report.calls.find((call) => !call.catalogue);
  const counterWorks = (control?.statementsPerRequest ?? 0) > 0;
  for (const call of report.calls.filter((c) => c.catalogue)) {
    list.push({
      name: `${call.path}: served from memory (no database statement)`,
      status: pass(counterWorks && call.statementsPerRequest === 0),
      figure: `${call.statementsPerRequest ?? "?"} statements per call (control ${control?.path}: ${control?.statementsPerRequest ?? "?"}); ${call.throughput.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(call.throughput.p99Ms)}`,
    });
  }
  // Every route at 10 connections, judged on PostgreSQL with the full data set.
  const fullScale =
    report.database.kind === "postgres" && Number(report.database.counts.orders) >= budgets.minOrdersForRouteBudgets;
  const judged = fullScale ? "" : " (not judged: needs PostgreSQL with the full data set)";
  const slow = report.routes.filter((r) => r.throughput.p99Ms === null || r.throughput.p99Ms >= budgets.routeP99Ms);
  list.push({
    name: `every page and call (${report.routes.length} routes, as their role): p99 under ${budgets.routeP99Ms} ms at ${report.settings.connections} connections`,
    status: pass(fullScale && slow.length === 0),
    figure:
      (slow.length
        ? `over: ${slow.map((r) => `${r.url} ${ms(r.throughput.p99Ms)}`).join(", ")}`
        : `slowest ${ms(Math.max(...report.routes.map((r) => r.throughput.p99Ms ?? 0)))}`) + judged,
  });
  const toFloor = (r: SweptRoute) => r.throughput.requestsPerSecond / floorAround(report, r);
  const lowRps = report.routes.filter((r) => toFloor(r) < budgets.routeRpsToFloor);
  const lowest = [...report.routes].sort((a, b) => toFloor(a) - toFloor(b))[0];
  list.push({
    name: `every page and call: requests per second at least ${budgets.routeRpsToFloor}× the floor's (read around it)`,
    status: pass(fullScale && lowRps.length === 0),
    figure:
      (lowRps.length
        ? `under: ${lowRps.map((r) => `${r.url} ${toFloor(r).toFixed(2)}×`).join(", ")}`
        : `lowest ${lowest ? `${lowest.url} ${toFloor(lowest).toFixed(2)}×` : "–"}`) +
      ` (the floor ${floorReadingsText(report)})` +
      judged,
  });
  const bigPages = report.routes.filter(
    (r) => r.kind === "page" && r.throughput.bytesPerRequest > budgets.pageCompressedBytes,
  );
  const pageSizes = report.routes.filter((r) => r.kind === "page").map((r) => r.throughput.bytesPerRequest);
  list.push({
    name: `every page's HTML at most ${budgets.pageCompressedBytes / 1000} KB compressed (with its headers)`,
    status: pass(fullScale && bigPages.length === 0),
    figure:
      (bigPages.length
        ? `over: ${bigPages.map((r) => `${r.url} ${kb(r.throughput.bytesPerRequest)}`).join(", ")}`
        : `largest ${kb(Math.max(...pageSizes))}`) + judged,
  });
  const main = report.mixed.main;
  list.push({
    name: `mixed load on PostgreSQL: ${report.mixed.clients} clients for ${main.seconds} s, no errors, p99 under ${budgets.mixedP99Ms} ms`,
    status: pass(main.kind === "postgres" && fullScale && main.errors === 0 && main.p99Ms < budgets.mixedP99Ms),
    figure: `${main.errors} errors, p99 ${ms(main.p99Ms)}, p50 ${ms(main.p50Ms)}, ${main.requestsPerSecond.toFixed(0)} req/s (${main.placed} orders placed, ${main.accepted} accepted)${main.cached ? `; ${main.cached.kept} of ${main.cached.kept + main.cached.drawn} answers from any cache` : ""}${main.kind === "postgres" ? judged : " (not judged: this run was on the embedded PGlite)"}${main.errorSamples.length ? `; first: ${main.errorSamples[0]}` : ""}`,
  });
  const embeddedRun = main.kind === "pglite" ? main : report.mixed.embedded;
  if (embeddedRun) {
    list.push({
      name: `the whole shop on the embedded database at rest: at most ${budgets.idleMemoryMb} MB resident, all its processes`,
      status: pass(embeddedRun.idleMemory.totalMb <= budgets.idleMemoryMb),
      figure: `${embeddedRun.idleMemory.totalMb} MB in ${embeddedRun.idleMemory.processes} process(es); the floor ${report.floor.idleMemory.totalMb} MB (${ratio(embeddedRun.idleMemory.totalMb, report.floor.idleMemory.totalMb)})`,
    });
    list.push({
      name: `the whole shop on the embedded database under the mixed load: at most ${budgets.mixedMemoryMb} MB`,
      status: pass(embeddedRun.peakMemory.totalMb <= budgets.mixedMemoryMb),
      figure: `up to ${embeddedRun.peakMemory.totalMb} MB (${embeddedRun.errors} errors, p99 ${ms(embeddedRun.p99Ms)}, ${embeddedRun.requestsPerSecond.toFixed(0)} req/s, reported)`,
    });
  }
  const loaded = [
    report.floor.throughput,
    ...report.routes.map((r) => r.throughput),
    ...report.calls.map((c) => c.throughput),
    ...(report.embeddedAdminOrders ? [report.embeddedAdminOrders.throughput] : []),
  ];
  const failures = loaded.reduce((sum, t) => sum + t.errors + t.timeouts + t.non2xx, 0);
  const silent = loaded.filter((t) => t.requests === 0).length;
  list.push({
    name: "no errors under load (every page and call)",
    status: pass(failures === 0 && silent === 0),
    figure: `${failures} errors, timeouts or non-2xx answers${silent ? `; ${silent} URL(s) answered nothing within the measured seconds` : ""}`,
  });
  return { ...report, budgets: list };
}

const kindsShown: [ResourceKind, string][] = [
  ["html", "HTML"],
  ["css", "CSS"],
  ["js", "JS"],
  ["font", "fonts"],
  ["img", "images"],
  ["other", "other"],
];

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function renderReport(report: BenchReport): string {
  const floor = report.floor;
  const c = report.database.counts;
  const out: string[] = [];
  out.push("# Benchmark report", "");
  out.push(
    `Made by \`npm run bench\` on ${report.generatedAt.slice(0, 16).replace("T", " ")} UTC from commit \`${report.commit}\`${report.workTreeChanged ? " plus uncommitted changes in the work tree" : ""}, in ${report.runSeconds} s. ` +
      `Chromium ${report.machine.chromium}, Node ${report.machine.node}, ${report.machine.cpus} CPU cores (load average ${report.machine.loadAverageAtStart.join(" / ")} at the start: ` +
      `other work on the machine makes the times noisy; bytes are exact).`,
    "",
    `Database: ${report.database.kind === "postgres" ? "PostgreSQL" : "embedded PGlite"} with ${c.users} users (${c.tailors} tailors, ${c.partPrices} part prices, ${c.popularDesigns} approved tailor designs), ` +
      `${c.orders} orders (${c.placedOrders} placed) from ${c.firstOrder} to ${c.lastOrder}, ${c.orderEvents} order events, ${c.designs} designs` +
      `${report.database.fromCache ? " (loaded from the cached data set)" : ` (made in ${report.database.preparedSeconds} s)`}.`,
    "",
    `The floor is a bare React Router app (bench/floor: one route with a heading, a paragraph and a form), built with the same React Router and Vite and served by the same server code (server/app.ts). ` +
      `Every figure beside a page is also given as a ratio to the floor's.`,
    "",
  );

  out.push("## Budgets", "");
  out.push(
    table(
      ["budget", "result", "measured"],
      report.budgets.map((b) => [b.name, `**${b.status}**`, b.figure]),
    ),
    "",
  );

  out.push(...pagesMarkdown(report));
  out.push(...lighthouseMarkdown(report));

  out.push(
    `## Server: ${report.settings.connections} connections for ${report.settings.seconds} s after a ${report.settings.warmupSeconds} s warm-up`,
    "",
  );
  out.push(
    `autocannon against each URL in turn, with \`Accept-Encoding: gzip, deflate, br\`, ${report.settings.callSeconds} s each (every page is in the next table, read the same way). ` +
      `The shop and the floor each serve from ${report.settings.processes === 1 ? "one process" : `${report.settings.processes} processes`} ` +
      `(server/cluster.ts: one app process per core on PostgreSQL, one on the embedded PGlite).` +
      (report.embeddedAdminOrders
        ? ` The last row is the admin orders page once more, on the embedded PGlite with the same data set (one process), for comparison.`
        : ""),
    "",
  );
  const ft = floor.throughput;
  out.push(
    table(
      ["URL", "requests/s", "÷ floor", "p50", "÷ floor", "p99", "÷ floor", "errors / timeouts / non-2xx"],
      [
        ...[{ path: `floor ${floor.path}`, throughput: floor.throughput }].map((page) => {
          const t = page.throughput;
          return [
            page.path,
            t.requestsPerSecond.toFixed(0),
            ratio(t.requestsPerSecond, ft.requestsPerSecond),
            ms(t.p50Ms),
            ratio(t.p50Ms, ft.p50Ms),
            ms(t.p99Ms),
            ratio(t.p99Ms, ft.p99Ms),
            `${t.errors} / ${t.timeouts} / ${t.non2xx}`,
          ];
        }),
        ...[
          ...report.calls,
          ...(report.embeddedAdminOrders
            ? [
                {
                  path: `${budgets.adminOrdersPath} on the embedded PGlite, one process`,
                  throughput: report.embeddedAdminOrders.throughput,
                },
              ]
            : []),
        ].map((call) => {
          const t = call.throughput;
          return [
            call.path,
            t.requestsPerSecond.toFixed(0),
            ratio(t.requestsPerSecond, ft.requestsPerSecond),
            ms(t.p50Ms),
            ratio(t.p50Ms, ft.p50Ms),
            ms(t.p99Ms),
            ratio(t.p99Ms, ft.p99Ms),
            `${t.errors} / ${t.timeouts} / ${t.non2xx}`,
          ];
        }),
      ],
    ),
    "",
  );

  out.push(`## Every route of the table`, "");
  out.push(
    `Each route of app/routes.ts as the person it is for (bench/routes.ts), ${report.settings.connections} connections for ${report.settings.seconds} s after ${report.settings.warmupSeconds} s, one route after another; the floor measured the same way${report.floor.sweepReadings ? ` before the first route and again after every ${load.routesBetweenFloorReadings} (${floorReadingsText(report)}), each route's ratio to the mean of the two readings around it` : ` (${floorReadingsText(report)})`}. ` +
      `Bytes per answer as sent: compressed, with headers. "Drawn": of the answers in the warm-up and the measured seconds, those the shop drew in full (from its request metrics), against those it kept: answered 304 to a client's ETag (the sweep sends none), or, for the few visitors' pages a route keeps while their data is unchanged, from the process's memory (shop_kept_pages_total; docs/decisions.md, 122). Every signed-in answer is drawn.`,
    "",
  );
  out.push(
    table(
      ["route", "as", "address", "requests/s", "÷ floor", "p50", "p99", "bytes", "drawn", "errors / non-2xx"],
      report.routes.map((r) => [
        r.pattern,
        r.who,
        r.url,
        r.throughput.requestsPerSecond.toFixed(0),
        ratio(r.throughput.requestsPerSecond, floorAround(report, r)),
        ms(r.throughput.p50Ms),
        ms(r.throughput.p99Ms),
        kb(r.throughput.bytesPerRequest),
        r.kept ? `${r.kept.drawn} of ${r.kept.kept + r.kept.drawn}` : "–",
        `${r.throughput.errors + r.throughput.timeouts} / ${r.throughput.non2xx}`,
      ]),
    ),
    "",
  );
  out.push("Not read alone (each is exercised elsewhere, or cannot be):", "");
  out.push(report.skippedRoutes.map((r) => `- ${r.pattern}: ${r.reason}`).join("\n"), "");

  out.push("## Mixed load", "");
  out.push(
    `${report.mixed.clients} clients at once, each signed in as a person of its own, one request after another with no pause, for the measured seconds after 3 s of warm-up: ` +
      Object.entries(report.mixed.mix)
        .map(([who, n]) => `${n} ${who}`)
        .join(", ") +
      ".",
    "",
  );
  out.push(
    Object.entries(report.mixed.steps)
      .map(([who, steps]) => `- ${who}: ${steps}`)
      .join("\n"),
    "",
  );
  const mixedRows = [report.mixed.main, ...(report.mixed.embedded ? [report.mixed.embedded] : [])];
  out.push(
    table(
      [
        "database",
        "requests",
        "requests/s",
        "p50",
        "p99",
        "max",
        "errors",
        "orders placed",
        "accepted",
        "memory at rest",
        "memory under load",
        "from a cache",
      ],
      mixedRows.map((m) => [
        m.kind === "postgres" ? "PostgreSQL" : "embedded PGlite",
        String(m.requests),
        m.requestsPerSecond.toFixed(0),
        ms(m.p50Ms),
        ms(m.p99Ms),
        ms(m.maxMs),
        String(m.errors),
        String(m.placed),
        String(m.accepted),
        `${m.idleMemory.totalMb} MB (${m.idleMemory.processes} processes)`,
        `${m.peakMemory.totalMb} MB`,
        m.cached ? `${m.cached.kept} of ${m.cached.kept + m.cached.drawn}` : "–",
      ]),
    ),
    "",
  );
  out.push(
    `"From a cache": the answers of the shop's own request metrics during the load that were 304 to a client's ETag or a visitor's page a route keeps, answered from the process's memory (docs/decisions.md, 122); every other answer was drawn for its request. ` +
      `Memory: resident (VmRSS) of the server and every process it started, summed. The floor at rest: ${report.floor.idleMemory.totalMb} MB in ${report.floor.idleMemory.processes} processes (run by tsx, whose loader process is counted).` +
      (report.mixed.embedded
        ? ` The embedded PGlite run has its own data set: ${Object.entries(report.mixed.embedded.counts ?? {})
            .map(([key, value]) => `${value} ${key}`)
            .join(", ")}.`
        : ""),
    "",
  );
  if (report.mixed.main.errorSamples.length)
    out.push("First errors:", "", report.mixed.main.errorSamples.map((e) => `- ${e}`).join("\n"), "");

  out.push("## Catalogue calls from memory", "");
  out.push(
    "After the timed runs the shop is started once more with a database connection that counts the SQL statements it sends (bench/probe-server.ts; the app itself is unchanged), " +
      `and each call is made 100 times after a first call. ${report.calls.find((c) => !c.catalogue)?.path} reads the database and shows that the counter counts.`,
    "",
  );
  out.push(
    table(
      ["call", "SQL statements per call"],
      report.calls.map((call) => [call.path, String(call.statementsPerRequest ?? "?")]),
    ),
    "",
  );

  const floorJs = floor.bytes.bytes.js;
  const heavy = report.pages.filter((page) => page.bytes.bytes.js > budgets.jsToFloor * floorJs);
  if (heavy.length) {
    out.push("## Where the JavaScript comes from", "");
    out.push(`Script files of the pages over the JS budget (the floor's are listed first), largest first.`, "");
    for (const page of [{ path: "floor", pattern: undefined, bytes: floor.bytes }, ...heavy]) {
      const scripts = page.bytes.resources.filter((r) => r.kind === "js").sort((a, b) => b.bytes - a.bytes);
      out.push(`- ${pageName(page)}: ${scripts.map((s) => `${s.url} ${kb(s.bytes)}`).join(", ")}`);
    }
    out.push("");
  }
  const homePage = report.pages.find((p) => p.path === "/");
  if (homePage && report.budgets.some((b) => b.name.startsWith("/: HTML + CSS + fonts") && b.status === "FAIL")) {
    out.push("## What the home page's HTML, CSS and fonts are", "");
    const files = homePage.bytes.resources.filter((r) => r.kind === "html" || r.kind === "css" || r.kind === "font");
    out.push(files.map((file) => `- ${file.url} (${file.kind}) ${kb(file.bytes)}`).join("\n"), "");
  }
  if (report.explained.length) {
    out.push("## The heaviest statements and their plans", "");
    out.push(explainMarkdown(report), "");
  }
  out.push(
    "Raw figures: bench/report.json (written by each run, not committed). How to run and what each step does: bench/README.md.",
    "",
  );
  return out.join("\n");
}

/** A ratio to the floor, in bold when over the budget's. */
function judged(value: number | null | undefined, floor: number | null | undefined, limit: number | null): string {
  const text = ratio(value, floor);
  return limit !== null && value !== null && value !== undefined && floor && value / floor > limit
    ? `**${text}**`
    : text;
}

/** The pages in Chromium: bytes on the wire, and per network profile the table the budgets read. */
function pagesMarkdown(report: BenchReport): string[] {
  const floor = report.floor;
  const rows = [{ ...floor, path: `floor ${floor.path}`, login: undefined as string | undefined }, ...report.pages];
  const who = (login: string | undefined) => (login ? login.split("@")[0]! : "visitor");
  const out: string[] = [];
  out.push("## Bytes on the wire", "");
  out.push(
    `Every page of the route table (bench/routes.ts) as the person it is for, and the floor: first visit, empty cache, as transferred (compressed, with HTTP headers), from Chromium's network events, in one load without throttling that goes on until the network has been quiet for a second (bytes do not depend on the network's speed; lazy chunks count).`,
    "",
  );
  const floorBytes = floor.bytes.bytes;
  out.push(
    table(
      ["page", "as", ...kindsShown.map(([, label]) => label), "total", "total ÷ floor", "requests"],
      rows.map((page) => {
        const bytes = page.bytes.bytes;
        return [
          pageName(page),
          page === rows[0] ? "" : who(page.login),
          ...kindsShown.map(([kind]) => kb(bytes[kind])),
          kb(bytes.total),
          ratio(bytes.total, floorBytes.total),
          String(page.bytes.requests),
        ];
      }),
    ),
    "",
  );
  for (const profile of report.settings.profiles) {
    const judgedHere = profile.name === SLOW_3G;
    out.push(`## ${profile.name}, ${report.settings.cpuSlowdown}× CPU slowdown`, "");
    out.push(
      `DevTools preset: ${profile.downloadKbps} kbit/s down, ${Math.round((profile.upload * 8) / 1000)} kbit/s up, ${profile.latency} ms added to each request (the preset's ${profile.rttMs} ms RTT). ` +
        `Phone viewport 412×823, cold loads one at a time. ` +
        `"Scripts loaded": when the last script file finished arriving, from the start of navigation (a timed load ends there: once the first paint has happened and every script file the page asked for in its untimed load has arrived); "HTML in" and "CSS in": when the document and the last stylesheet had fully arrived. ` +
        `"Loads": how many timed loads the median is of, for the paint and for the scripts. The floor is loaded ${report.settings.browserRuns} times (before the pages, halfway, after them); a page once, and more when its first load came within ${Math.round(report.settings.timingMargin * 100)} % of a timing budget's ratio (or over the paint's): ${report.settings.browserRuns} times in all for the scripts, and up to its first paint until it has ${report.settings.paintRuns ?? report.settings.browserRuns} paints. ` +
        (judgedHere
          ? `JS and script files from the load without throttling. A ratio over its budget (JS ${budgets.jsToFloor}×, paint ${budgets.fcpSlow3gToFloor}×, scripts ${budgets.scriptsLoadedSlow3gToFloor}×) is in bold.`
          : "For comparison only: the budgets are judged on Slow 3G."),
      "",
    );
    const floorLoad = floor.loads[profile.name]!;
    out.push(
      table(
        [
          "page",
          "as",
          "JS",
          "÷ floor",
          "script files",
          "first contentful paint",
          "÷ floor",
          "scripts loaded",
          "÷ floor",
          "loads",
          "HTML in",
          "CSS in",
          "failed requests",
        ],
        rows.map((page) => {
          const load = page.loads[profile.name]!;
          const runs = page.runs[profile.name]!;
          return [
            pageName(page),
            page === rows[0] ? "" : who(page.login),
            kb(page.bytes.bytes.js),
            judged(page.bytes.bytes.js, floorBytes.js, judgedHere ? budgets.jsToFloor : null),
            String(page.bytes.resources.filter((r) => r.kind === "js").length),
            ms(load.fcpMs),
            judged(load.fcpMs, floorLoad.fcpMs, judgedHere ? budgets.fcpSlow3gToFloor : null),
            ms(load.scriptsLoadedMs),
            judged(
              load.scriptsLoadedMs,
              floorLoad.scriptsLoadedMs,
              judgedHere ? budgets.scriptsLoadedSlow3gToFloor : null,
            ),
            `${runs.fcp} / ${runs.scripts}`,
            ms(load.htmlDoneMs),
            ms(load.cssDoneMs),
            String(page.bytes.failed.length + load.failed.length),
          ];
        }),
      ),
      "",
    );
  }
  return out;
}

/** Lighthouse's scores, and for a page under the budget what held its score down. */
function lighthouseMarkdown(report: BenchReport): string[] {
  if (!report.lighthouse.length) return [];
  const out: string[] = [];
  out.push("## Lighthouse, mobile", "");
  out.push(
    `Lighthouse ${report.machine.lighthouse} (bench/lighthouse.ts) on the shop above and on the floor, its default mobile run: a phone's screen, Slow 4G and a 4× slower CPU simulated from the trace of an unthrottled load, performance only; ` +
      `${report.settings.lighthouseRuns} runs of each page one after another, each in a fresh Chromium; the median score is judged. ` +
      `The metrics are those of the run with the median score; "CPU" is Lighthouse's benchmark index of the machine during the runs (lower: a busier or slower machine).`,
    "",
  );
  // The floor's row (not judged) says what this machine scores for a page that does next to nothing.
  const floor = report.floor.lighthouse && { ...report.floor.lighthouse, path: "floor /" };
  const scored = floor ? [...report.lighthouse, floor] : report.lighthouse;
  out.push(
    table(
      ["page", "scores", "median", "FCP", "LCP", "TBT", "CLS", "SI", "CPU"],
      scored.map((page) => {
        const metric = (id: string) => {
          const m = page.medianRun.metrics.find((x) => x.id === id);
          return m ? `${m.value}${m.score !== null && m.score < 0.9 ? ` (${Math.round(m.score * 100)})` : ""}` : "–";
        };
        const indexes = page.runs.map((r) => r.benchmarkIndex).filter((v): v is number => v !== null);
        return [
          page.path,
          page.runs.map((r) => r.score).join(", "),
          page.median >= budgets.lighthouseScore || page === floor ? String(page.median) : `**${page.median}**`,
          ...Object.keys(metricShort).map(metric),
          indexes.length ? `${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}` : "–",
        ];
      }),
    ),
    "",
  );
  const under = report.lighthouse.filter((page) => page.median < budgets.lighthouseScore);
  if (under.length) {
    out.push(
      `Under ${budgets.lighthouseScore}: what held the median run down. A metric's own score (0 to 100) is in brackets above when under 90; below, the audits that say what they would save.`,
      "",
    );
    for (const page of under) {
      const weak = page.medianRun.metrics
        .filter((m) => m.score !== null && m.score < 0.9)
        .map((m) => `${metricShort[m.id] ?? m.id} ${m.value} (score ${Math.round((m.score ?? 0) * 100)})`);
      const audits = page.medianRun.opportunities.map((o) => `${o.title}${o.value ? ` (${o.value})` : ""}`);
      const warnings = page.medianRun.warnings.map((w) => `warning: ${w}`);
      out.push(`- ${page.path}: ${[...weak, ...audits, ...warnings].join("; ") || "no single metric under 90"}`);
    }
    out.push("");
  }
  return out;
}

/** The floor's requests a second around a route of the sweep (older reports: the one reading before it). */
function floorAround(report: BenchReport, route: SweptRoute): number {
  return route.floorRequestsPerSecond ?? report.floor.throughput.requestsPerSecond;
}

/** The floor's readings during the sweep, as a range. */
function floorReadingsText(report: BenchReport): string {
  const readings = report.floor.sweepReadings ?? [report.floor.throughput.requestsPerSecond];
  const low = Math.min(...readings).toFixed(0);
  const high = Math.max(...readings).toFixed(0);
  return readings.length > 1 ? `read ${readings.length} times: ${low} to ${high} req/s` : `${low} req/s`;
}

/** The heaviest statements the routes send, each with the routes and its plan. */
function explainMarkdown(report: BenchReport): string {
  const out: string[] = [
    `The query probe (bench/probe-server.ts) read each route once more on PostgreSQL with the data set above and kept every statement with its time; ` +
      `these are the ${report.explained.length} slowest distinct statements (sessions and login limits left out), each run again with \`EXPLAIN (ANALYZE, BUFFERS)\`. ` +
      `From the run of ${report.generatedAt.slice(0, 10)} at commit \`${report.commit}\`.`,
    "",
  ];
  for (const [index, statement] of report.explained.entries()) {
    out.push(
      `### ${index + 1}. ${statement.ms} ms: ${statement.routes.join(", ")}`,
      "",
      "```sql",
      statement.sql.replace(/\s+/g, " ").trim(),
      "```",
      "",
      "```",
      statement.plan,
      "```",
      "",
    );
  }
  return out.join("\n");
}

const README_START = "<!-- explain:start -->";
const README_END = "<!-- explain:end -->";

/** Puts the plans of this run in bench/README.md, between its markers. */
export function updateReadme(file: string, report: BenchReport): void {
  const readme = readFileSync(file, "utf8");
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end === -1) return;
  writeFileSync(
    file,
    `${readme.slice(0, start + README_START.length)}\n${explainMarkdown(report)}\n${readme.slice(end)}`,
  );
}
