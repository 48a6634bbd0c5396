// The shop as the end-to-end tests see it: an up-to-date build, a fresh database with the
// demo data (embedded, or a shop_e2e database when DATABASE_URL is set), served like npm start.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { buildWhenStale } from "../../../scripts/build-when-stale";

const root = path.resolve(import.meta.dirname, "../../..");
const port = process.env.PORT || "3210";
// Each port builds into its own folder, so runs on different ports never share a build.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR: port === "3210" ? "build" : `build-e2e-${port}`,
};

if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  // One database per port, so several runs can go on side by side.
  const name = `shop_e2e_${process.env.PORT || 3210}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  // A deployment on PostgreSQL must name its session secret; the test shop makes one up per run.
  env.SESSION_SECRET ||= randomBytes(32).toString("base64url");
  // One process unless the caller asks for more (the embedded run is always one: server/cluster.ts).
  // Several processes on PostgreSQL are covered by tests/integration/hardening/two-processes.test.ts.
  env.WEB_CONCURRENCY ||= "1";
}
// The embedded database's folder, and on either database the operations listener's socket
// (server/ops-listener.ts): one per port, so runs side by side never share one.
env.DATA_DIR = path.join(root, "tests", ".tmp", `e2e-data-${process.env.PORT || 3210}`);

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A build the sources have not changed since is used as it is: one CI run builds once.
buildWhenStale(env.BUILD_DIR);
run("npm", ["run", "--silent", "db:reset"]);
run("npm", ["run", "--silent", "db:migrate"]);
run("tsx", ["scripts/db/seed.ts", "--demo"]);

Object.assign(process.env, env);
// The compiled server, as npm start runs it.
await import(pathToFileURL(path.join(root, env.BUILD_DIR!, "server", "main.js")).href);
