// npm test: the whole suite, step by step, with each step's time at the end.
//   npm test                                  format and lint, typecheck, Vitest, Playwright (JavaScript on and off), LINE
//   DATABASE_URL=postgres://… npm test        the same against a PostgreSQL server
//   npm test -- --also-postgres postgres://…  what CI runs: the embedded run with the browser flows
//                                             JavaScript on, then the integration tests and the
//                                             browser flows JavaScript off on the server
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildWhenStale } from "./build-when-stale";

const root = path.resolve(import.meta.dirname, "..");

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
}

function parseArgs(argv: string[]): { alsoPostgres?: string } {
  const at = argv.indexOf("--also-postgres");
  if (at === -1) return {};
  const url = argv[at + 1];
  if (!url?.startsWith("postgres")) {
    console.error("usage: npm test -- --also-postgres postgres://user@host:port/database");
    process.exit(2);
  }
  return { alsoPostgres: url };
}

const { alsoPostgres } = parseArgs(process.argv.slice(2));
const onServer = process.env.DATABASE_URL ? " (PostgreSQL)" : " (embedded PGlite)";

// With a server beside it, each browser project runs once: JavaScript on here, off on the server.
const browserProjects = alsoPostgres
  ? { name: "JavaScript on", args: ["--project=js"] }
  : { name: "JavaScript on and off", args: [] };

/**
 * The hostile-input fuzz (5,000+ requests over every route) runs once: on PostgreSQL when a server
 * is beside the embedded run, where a change to the database is pinned to the requests that made
 * it; on the embedded database otherwise. Both engines are the same PostgreSQL: what the fuzz
 * finds is the shop's handling of the input, not the engine's.
 */
const FUZZ = "tests/integration/hardening/fuzz.test.ts";

const steps: Step[] = [
  { name: "format and lint", command: ["npx", "biome", "ci", "."] },
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
  {
    name: `unit and integration tests${onServer}`,
    command: ["npx", "vitest", "run", ...(alsoPostgres ? ["--exclude", FUZZ] : [])],
  },
  {
    name: `end-to-end tests, ${browserProjects.name}${onServer}`,
    command: ["npx", "playwright", "test", ...browserProjects.args],
  },
  {
    name: `end-to-end tests with LINE connected${onServer}`,
    command: ["npx", "playwright", "test", "-c", "playwright.line.config.ts"],
  },
];
/**
 * Tests of the HTTP edge that no database engine changes (body limits, malformed requests,
 * proxy headers): the embedded run above covers them; the PostgreSQL run skips them.
 */
const ENGINE_BLIND = "tests/integration/hardening/{body-limit,edge-http,trusted-proxies}.test.ts";

if (alsoPostgres) {
  const env = { ...process.env, DATABASE_URL: alsoPostgres };
  steps.push(
    // The pure rules (the "unit" project) touch no database: they ran above.
    {
      name: "integration tests (PostgreSQL)",
      command: ["npx", "vitest", "run", "--project", "integration*", "--exclude", ENGINE_BLIND],
      env,
    },
    // The browser project without JavaScript: every write goes through the server's forms and
    // redirects, so this is where the flows meet PostgreSQL; with JavaScript they ran above.
    {
      name: "end-to-end tests without JavaScript (PostgreSQL)",
      command: ["npx", "playwright", "test", "--project=no-js"],
      env,
    },
  );
}

const times: [string, number, boolean][] = [];
const started = Date.now();
let failed = false;
// Built once here; every later step finds the build up to date (scripts/build-when-stale.ts).
const buildStart = Date.now();
buildWhenStale();
times.push(["build", Date.now() - buildStart, true]);
for (const step of steps) {
  console.log(`\n== ${step.name}`);
  const start = Date.now();
  const [command, ...args] = step.command;
  const result = spawnSync(command!, args, { cwd: root, stdio: "inherit", env: step.env ?? process.env });
  const passed = result.status === 0;
  times.push([step.name, Date.now() - start, passed]);
  if (!passed) {
    failed = true;
    break;
  }
}

console.log("\n== test step times");
for (const [name, ms, passed] of times)
  console.log(`${(ms / 1000).toFixed(0).padStart(6)}s  ${name}${passed ? "" : " (failed)"}`);
console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(6)}s  in all`);
process.exit(failed ? 1 : 0);
