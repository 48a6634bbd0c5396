// Builds the app only when its sources are newer than the build: npm start, the end-to-end
// server and the hardening tests all go through here, so one CI run builds once.
//   tsx scripts/build-when-stale.ts        (BUILD_DIR picks the folder, default build/)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, child) => Math.max(newest, newestChange(path.join(entry, child))),
    stat.mtimeMs,
  );
}

/** True when `buildDir` holds a server build at least as new as every source file. */
export function buildIsFresh(buildDir = process.env.BUILD_DIR || "build"): boolean {
  // The app's build (index.js), then the compiled server (main.js), which is written last.
  const builtEntries = ["index.js", "main.js"].map((file) => path.resolve(root, buildDir, "server", file));
  if (!builtEntries.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...builtEntries.map((file) => statSync(file).mtimeMs));
  return sources.every((entry) => newestChange(entry) <= builtAt);
}

/** Runs `npm run build` into `buildDir` unless it is fresh; exits the process if the build fails. */
export function buildWhenStale(buildDir = process.env.BUILD_DIR || "build"): void {
  if (buildIsFresh(buildDir)) return;
  console.log("กำลังสร้างเว็บ (build)...");
  // Always a production build, as npm start serves: under Vitest NODE_ENV is "test", and Vite would
  // then build with import.meta.env.DEV true (the error page would show the server's error text).
  const env = { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" };
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWhenStale();
