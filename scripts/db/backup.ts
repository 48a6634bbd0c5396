// npm run db:backup: a consistent, compressed, timestamped backup of the shop's database, while the
// shop runs or not, into BACKUP_DIR (default ./backups), keeping the newest BACKUP_KEEP (default 14).
//   embedded (PGlite): the running shop hands over a snapshot of its data folder (POST /ops/backup on
//                      its operations listener, server/ops-listener.ts); when it is not running the
//                      folder is read here
//   PostgreSQL:        pg_dump in its custom format (compressed; one snapshot of the whole database)
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteDir } from "../../app/data/connection.server";
import { type RunningShop, runningShop } from "../../app/data/running-shop.server";
import { BACKUP_NAME, backupDir, keepCount, pgToolMissing } from "./backup-files";

function stamp(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}

async function embeddedSnapshot(): Promise<Buffer> {
  const shop = runningShop();
  if (shop) return askRunningShop(shop.ops);
  // Nobody has the folder open: read it here (opening it runs no migration and changes nothing).
  const pglite = await PGlite.create(pgliteDir());
  try {
    return Buffer.from(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/** POST /ops/backup on the running shop's operations listener (its Unix socket, or its port on this machine). */
function askRunningShop(ops: RunningShop["ops"]): Promise<Buffer> {
  const where = "socket" in ops ? { socketPath: ops.socket } : { host: ops.host, port: ops.port };
  return new Promise((resolve, reject) => {
    const asking = request({ ...where, method: "POST", path: "/ops/backup", headers: { Host: "localhost" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the running shop answered ${res.statusCode} (${body.toString("utf8").trim()})`));
      });
      res.on("error", reject);
    });
    asking.on("error", reject);
    asking.end();
  });
}

function postgresDump(url: string, file: string): void {
  if (pgToolMissing("pg_dump")) {
    console.error(
      "ไม่พบโปรแกรม pg_dump: ติดตั้ง PostgreSQL client รุ่นเดียวกับเซิร์ฟเวอร์ก่อน (เช่น apt-get install postgresql-client)\n" +
        "pg_dump was not found: install the PostgreSQL client of the server's version first (e.g. apt-get install postgresql-client).",
    );
    process.exit(2);
  }
  const result = spawnSync(
    "pg_dump",
    ["--format=custom", "--compress=6", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${url}`],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`pg_dump failed (exit ${result.status})`);
}

/** Deletes the oldest backups beyond the newest `keep` (only files this script names). */
function prune(dir: string, keep: number): string[] {
  // Newest first by the time in the name (shop-<kind>-YYYYMMDD-HHMMSS.*), whichever database made it.
  const timeOf = (name: string) => /\d{8}-\d{6}/.exec(name)![0];
  const backups = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort((a, b) => timeOf(b).localeCompare(timeOf(a)));
  const removed = backups.slice(keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

async function main() {
  const dir = backupDir();
  mkdirSync(dir, { recursive: true });
  const url = process.env.DATABASE_URL;
  const name = url ? `shop-postgres-${stamp()}.dump` : `shop-pglite-${stamp()}.tar.gz`;
  const file = path.join(dir, name);
  // Written under a temporary name first: a backup cut short is never taken for a whole one.
  const partial = `${file}.partial`;
  try {
    if (url) postgresDump(url, partial);
    else writeFileSync(partial, await embeddedSnapshot());
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const kb = Math.round(statSync(file).size / 1024);
  console.log(`สำรองข้อมูลแล้ว: ${file} (${kb.toLocaleString("th-TH")} KB)`);
  const removed = prune(dir, keepCount());
  if (removed.length) console.log(`ลบไฟล์สำรองเก่า ${removed.length} ไฟล์ (เก็บไว้ ${keepCount()} ไฟล์ล่าสุด)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`สำรองข้อมูลไม่สำเร็จ / backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
