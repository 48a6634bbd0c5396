// npm start, first half: build when the sources are newer than the build, apply migrations, fill
// an empty embedded database with demo data. Then npm start replaces its shell with the compiled
// server (node build/server/main.js): nothing of this script, or of tsx, stays in memory.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildWhenStale } from "./build-when-stale";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./db/demo-data";

const root = path.resolve(import.meta.dirname, "..");

function run(script: string) {
  const result = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildWhenStale();
run("db:setup");

if (!process.env.DATABASE_URL) {
  console.log(`\nบัญชีทดลอง (รหัสผ่าน ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(22)} ${login.role}`);
  console.log("");
}
