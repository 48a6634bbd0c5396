// The report: budgets checked against the measured figures, and REPORT.md beside report.json.
import type { ContentCheck, PageLoad, ResourceKind } from "./browser";
import { budgets, type NetworkProfile } from "./config";
import type { LoadResult } from "./load";

export interface MeasuredTarget {
  path: string;
  public: boolean;
  login?: string;
  loads: Record<string, PageLoad>;
  content?: ContentCheck;
  throughput?: LoadResult;
}

export interface Budget {
  name: string;
  status: "PASS" | "FAIL";
  figure: string;
}

export interface BenchReport {
  generatedAt: string;
  commit: string;
  workTreeChanged: boolean;
  machine: { cpus: number; loadAverageAtStart: number[]; node: string; chromium: string };
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
  };
  floor: { path: string; loads: Record<string, PageLoad>; throughput: LoadResult };
  pages: MeasuredTarget[];
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

export function withBudgets(report: BenchReport): BenchReport {
  const list: Budget[] = [];
  const floorJs = report.floor.loads[SLOW_3G]!.bytes.js;
  for (const page of report.pages.filter((p) => p.public)) {
    const load = page.loads[SLOW_3G]!;
    const content = page.content!;
    const fullContent =
      content.textShare >= budgets.minTextShareWithoutJs && content.formsWithoutJs >= content.formsWithJs;
    const missing = content.missingWithoutJs.length
      ? ` (only with JavaScript: “${content.missingWithoutJs.join("”, “")}”)`
      : "";
    list.push({
      name: `${page.path}: full content before any script (FCP < ${budgets.publicFcpSlow3gMs / 1000} s on Slow 3G)`,
      status: pass(load.fcpMs !== null && load.fcpMs < budgets.publicFcpSlow3gMs && fullContent),
      figure: `FCP ${ms(load.fcpMs)}; without JavaScript ${Math.round(content.textShare * 100)}% of the text${missing}, ${content.formsWithoutJs}/${content.formsWithJs} forms`,
    });
  }
  for (const page of report.pages.filter((p) => p.public)) {
    const js = page.loads[SLOW_3G]!.bytes.js;
    list.push({
      name: `${page.path}: JavaScript at most ${budgets.publicJsToFloor}× the floor`,
      status: pass(js <= budgets.publicJsToFloor * floorJs),
      figure: `${kb(js)} = ${ratio(js, floorJs)} the floor's ${kb(floorJs)}`,
    });
  }
  const home = report.pages.find((p) => p.path === "/");
  if (home) {
    const bytes = home.loads[SLOW_3G]!.bytes;
    const sum = bytes.html + bytes.css + bytes.font;
    list.push({
      name: `/: HTML + CSS + fonts under ${budgets.homeHtmlCssFontBytes / 1000} KB`,
      status: pass(sum < budgets.homeHtmlCssFontBytes),
      figure: `${kb(sum)} (HTML ${kb(bytes.html)}, CSS ${kb(bytes.css)}, fonts ${kb(bytes.font)})`,
    });
  }
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
  const loaded = [
    report.floor.throughput,
    ...report.pages.map((p) => p.throughput!),
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
  const all = [
    {
      path: `floor ${floor.path}`,
      loads: floor.loads,
      throughput: floor.throughput,
      login: undefined as string | undefined,
    },
    ...report.pages,
  ];
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

  out.push("## Bytes on the wire", "");
  out.push(
    "First visit, empty cache, as transferred (compressed, with HTTP headers), from Chromium's network events.",
    "",
  );
  const floorBytes = floor.loads[SLOW_3G]!.bytes;
  out.push(
    table(
      [
        "page",
        "signed in as",
        ...kindsShown.map(([, label]) => label),
        "total",
        "JS ÷ floor",
        "total ÷ floor",
        "requests",
      ],
      all.map((page) => {
        const bytes = page.loads[SLOW_3G]!.bytes;
        return [
          page.path,
          page.login ?? "",
          ...kindsShown.map(([kind]) => kb(bytes[kind])),
          kb(bytes.total),
          ratio(bytes.js, floorBytes.js),
          ratio(bytes.total, floorBytes.total),
          String(page.loads[SLOW_3G]!.requests),
        ];
      }),
    ),
    "",
  );

  for (const profile of report.settings.profiles) {
    out.push(`## ${profile.name}, ${report.settings.cpuSlowdown}× CPU slowdown`, "");
    out.push(
      `DevTools preset: ${profile.downloadKbps} kbit/s down, ${Math.round((profile.upload * 8) / 1000)} kbit/s up, ${profile.latency} ms added to each request (the preset's ${profile.rttMs} ms RTT). ` +
        `Phone viewport 412×823. ${report.settings.browserRuns > 1 ? `Median of ${report.settings.browserRuns} loads.` : "One cold load per page."} ` +
        `"Scripts loaded": when the last script file finished arriving, from the start of navigation; "HTML in" and "CSS in": when the document and the last stylesheet had fully arrived.`,
      "",
    );
    const floorLoad = floor.loads[profile.name]!;
    out.push(
      table(
        [
          "page",
          "first contentful paint",
          "÷ floor",
          "scripts loaded",
          "÷ floor",
          "HTML in",
          "CSS in",
          "load event",
          "failed requests",
        ],
        all.map((page) => {
          const load = page.loads[profile.name]!;
          return [
            page.path,
            ms(load.fcpMs),
            ratio(load.fcpMs, floorLoad.fcpMs),
            ms(load.scriptsLoadedMs),
            ratio(load.scriptsLoadedMs, floorLoad.scriptsLoadedMs),
            ms(load.htmlDoneMs),
            ms(load.cssDoneMs),
            ms(load.loadEventMs),
            String(load.failed.length),
          ];
        }),
      ),
      "",
    );
  }

  out.push(
    `## Server: ${report.settings.connections} connections for ${report.settings.seconds} s after a ${report.settings.warmupSeconds} s warm-up`,
    "",
  );
  out.push(
    `autocannon against each URL in turn, with the session cookie for signed-in pages and \`Accept-Encoding: gzip, deflate, br\`; the calls below the pages run ${report.settings.callSeconds} s each. ` +
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
        ...all.map((page) => {
          const t = page.throughput!;
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

  const heavy = report.pages.filter(
    (page) => page.public && page.loads[SLOW_3G]!.bytes.js > budgets.publicJsToFloor * floorBytes.js,
  );
  if (heavy.length) {
    out.push("## Where the JavaScript comes from", "");
    out.push(`Script files of the public pages over the JS budget (the floor's are listed first), largest first.`, "");
    for (const page of [{ path: "floor", loads: floor.loads }, ...heavy]) {
      const scripts = page.loads[SLOW_3G]!.resources.filter((r) => r.kind === "js").sort((a, b) => b.bytes - a.bytes);
      out.push(`- ${page.path}: ${scripts.map((s) => `${s.url} ${kb(s.bytes)}`).join(", ")}`);
    }
    out.push("");
  }
  const homePage = report.pages.find((p) => p.path === "/");
  if (homePage && report.budgets.some((b) => b.name.startsWith("/: HTML + CSS + fonts") && b.status === "FAIL")) {
    out.push("## What the home page's HTML, CSS and fonts are", "");
    const files = homePage.loads[SLOW_3G]!.resources.filter(
      (r) => r.kind === "html" || r.kind === "css" || r.kind === "font",
    );
    out.push(files.map((file) => `- ${file.url} (${file.kind}) ${kb(file.bytes)}`).join("\n"), "");
  }
  out.push("Raw figures: bench/report.json. How to run and what each step does: bench/README.md.", "");
  return out.join("\n");
}
