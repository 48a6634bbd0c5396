// Every route of the table under load, one after another (bench/routes.ts): p99, requests per
// second beside the floor measured the same way, and the bytes of each answer as sent (compressed).
// And the EXPLAIN of the statements the heaviest routes send, from the query probe.
import pg from "pg";
import { load } from "./config";
import { type LoadResult, measureThroughput } from "./load";
import type { RouteTarget, Who } from "./routes";

export interface SweptRoute extends RouteTarget {
  throughput: LoadResult;
  /**
   * The floor's requests a second around this route: the mean of the floor's readings just before
   * and just after the group of routes it was read in (absent in reports before stop 39).
   */
  floorRequestsPerSecond?: number;
  /**
   * Of this route's answers in its warm-up and measured seconds, how many the shop drew (answered
   * in full) and how many it kept: answered 304 from a client's ETag (none here, the sweep sends no
   * If-None-Match) or, for the few visitors' pages a route keeps (docs/decisions.md, 122), from the
   * process's memory. Read from its /metrics. Every signed-in answer is drawn.
   */
  kept?: KeptCounts;
}

export interface KeptCounts {
  kept: number;
  drawn: number;
}

/**
 * The shop's answers, drawn or kept, summed over its processes (/metrics on its operations
 * listener): on one route, or (no route) on every route. Kept: a 304 to a client's ETag, or a
 * visitor's page answered from the process's memory (shop_kept_pages_total, app/http/visitor-pages.server.ts;
 * counted among the 200s of the request metrics, so taken from the drawn).
 */
export async function keptCounts(opsOrigin: string, route?: string): Promise<KeptCounts> {
  const text = await (await fetch(`${opsOrigin}/metrics`)).text();
  let notModified = 0;
  let answered = 0;
  let keptPages = 0;
  for (const row of text.split("\n")) {
    if (route !== undefined && !row.includes(`route="${route}"`)) continue;
    const value = Number(row.slice(row.lastIndexOf(" ") + 1));
    if (row.startsWith("shop_kept_pages_total{") && row.includes('outcome="kept"')) keptPages += value;
    if (!row.startsWith("shop_http_request_duration_seconds_count{")) continue;
    if (row.includes('status="304"')) notModified += value;
    else answered += value;
  }
  // A kept page is among the answers of the request metrics, unless its client went away before
  // it was sent (a load's last requests in flight, counted kept but never answered): the drawn are
  // the rest, never fewer than none.
  return { kept: notModified + keptPages, drawn: Math.max(0, answered - keptPages) };
}

export interface Sweep {
  routes: SweptRoute[];
  /** Every reading of the floor, in order. */
  floorReadings: LoadResult[];
}

export async function sweepRoutes(
  origin: string,
  opsOrigin: string,
  targets: RouteTarget[],
  cookies: Record<Who, string | undefined>,
  floorUrl: string,
  log: (line: string) => void,
): Promise<Sweep> {
  const measure = (url: string, options: { cookie?: string; accept?: string } = {}) =>
    measureThroughput(url, { ...options, seconds: load.sweepSeconds, warmupSeconds: load.sweepWarmupSeconds });
  const readFloor = async () => {
    const reading = await measure(floorUrl);
    log(`  floor: ${reading.requestsPerSecond.toFixed(0)} req/s, p99 ${reading.p99Ms ?? "–"} ms`);
    return reading;
  };
  const floorReadings = [await readFloor()];
  const routes: SweptRoute[] = [];
  for (let start = 0; start < targets.length; start += load.routesBetweenFloorReadings) {
    const group: SweptRoute[] = [];
    for (const target of targets.slice(start, start + load.routesBetweenFloorReadings)) {
      const keptBefore = await keptCounts(opsOrigin, target.pattern);
      const throughput = await measure(origin + target.url, {
        cookie: cookies[target.who],
        accept: target.kind === "page" ? "text/html,application/xhtml+xml" : "*/*",
      });
      const keptAfter = await keptCounts(opsOrigin, target.pattern);
      const kept = { kept: keptAfter.kept - keptBefore.kept, drawn: keptAfter.drawn - keptBefore.drawn };
      log(
        `  ${target.who.padEnd(7)} ${target.url}: ${throughput.requestsPerSecond.toFixed(0)} req/s, p99 ${throughput.p99Ms ?? "–"} ms, ${(throughput.bytesPerRequest / 1000).toFixed(1)} KB${kept.kept + kept.drawn ? `, ${kept.drawn} drawn` : ""}`,
      );
      group.push({ ...target, throughput, kept });
    }
    const before = floorReadings.at(-1)!;
    const after = await readFloor();
    floorReadings.push(after);
    const around = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    routes.push(...group.map((route) => ({ ...route, floorRequestsPerSecond: around })));
  }
  return { routes, floorReadings };
}

export interface ExplainedStatement {
  /** The routes that sent it. */
  routes: string[];
  sql: string;
  /** Its time in the probe, the slowest of the routes that sent it. */
  ms: number;
  plan: string;
}

interface LoggedStatement {
  sql: string;
  args: unknown[];
  ms: number;
}

/** The statements each route sends (one request, after one to warm caches), read from the probe's log. */
export async function statementsOf(
  probeOrigin: string,
  counterOrigin: string,
  targets: RouteTarget[],
  cookies: Record<Who, string | undefined>,
): Promise<Map<string, LoggedStatement[]>> {
  const result = new Map<string, LoggedStatement[]>();
  const read = async () => (await (await fetch(`${counterOrigin}/log`)).json()) as LoggedStatement[];
  for (const target of targets) {
    const headers: Record<string, string> = { accept: target.kind === "page" ? "text/html" : "*/*" };
    const cookie = cookies[target.who];
    if (cookie) headers.cookie = cookie;
    await (await fetch(probeOrigin + target.url, { headers, redirect: "manual" })).arrayBuffer();
    await read();
    await (await fetch(probeOrigin + target.url, { headers, redirect: "manual" })).arrayBuffer();
    // Sessions and login limits are every signed-in request's: not the route's own statements.
    result.set(
      target.pattern,
      (await read()).filter((statement) => !/"Session"|"RateLimiterFlexible"/.test(statement.sql)),
    );
  }
  return result;
}

/**
 * The heaviest statements (by their time in the probe, one per distinct SQL), each with its plan
 * as PostgreSQL runs it on the benchmark's data: EXPLAIN (ANALYZE, BUFFERS).
 */
export async function explainHeaviest(
  url: string,
  statements: Map<string, LoggedStatement[]>,
  count: number,
): Promise<ExplainedStatement[]> {
  const bySql = new Map<string, { statement: LoggedStatement; routes: Set<string> }>();
  for (const [route, list] of statements) {
    for (const statement of list) {
      if (!/^\s*(SELECT|WITH)/i.test(statement.sql)) continue;
      const seen = bySql.get(statement.sql);
      if (!seen) bySql.set(statement.sql, { statement, routes: new Set([route]) });
      else {
        seen.routes.add(route);
        if (statement.ms > seen.statement.ms) seen.statement = statement;
      }
    }
  }
  const heaviest = [...bySql.values()].sort((a, b) => b.statement.ms - a.statement.ms).slice(0, count);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const explained: ExplainedStatement[] = [];
    for (const { statement, routes } of heaviest) {
      // Arrays go as arrays; other objects were JSON the adapter sent as text.
      const args = statement.args.map((arg) =>
        arg !== null && typeof arg === "object" && !Array.isArray(arg) ? JSON.stringify(arg) : arg,
      );
      let plan: string;
      try {
        const rows = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, args))
          .rows;
        plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      } catch (error) {
        plan = `(not explained: ${String(error)})`;
      }
      explained.push({ routes: [...routes], sql: statement.sql, ms: Number(statement.ms.toFixed(1)), plan });
    }
    return explained;
  } finally {
    await client.end();
  }
}
