// npm start: build when the sources are newer than the build, apply migrations,
// fill an empty embedded database with demo data, then serve the shop.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../app/data/seed.server";

const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, "build", "server", "index.js");
const sources = ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

function run(script: string) {
  const result = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const needsBuild = !existsSync(builtEntry) || sources.some((entry) => newestChange(entry) > statSync(builtEntry).mtimeMs);
if (needsBuild) {
  console.log("กำลังสร้างเว็บ (build)...");
  run("build");
}
run("db:setup");

if (!process.env.DATABASE_URL) {
  console.log("\nบัญชีทดลอง (รหัสผ่าน " + DEMO_PASSWORD + "):");
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(22)} ${login.role}`);
  console.log("");
}

await import("../server/main");
