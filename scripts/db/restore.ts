// npm run db:restore -- FILE [--force] [--yes]: puts a backup of npm run db:backup back.
//   shop-pglite-*.tar.gz  into the embedded data folder (DATA_DIR/pglite); the shop must be stopped
//   shop-postgres-*.dump  into the database of DATABASE_URL, with pg_restore
// The target must be empty: a folder with data, or a database with the shop's tables, is refused
// unless --force (the old embedded folder is then kept beside it, renamed; the PostgreSQL tables
// are dropped and restored). It asks before it writes; --yes answers for scripts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteDir } from "../../app/data/connection.server";
import { runningShop } from "../../app/data/running-shop.server";
import { pgToolMissing } from "./backup-files";

const args = process.argv.slice(2);
const force = args.includes("--force");
const yes = args.includes("--yes");
const file = args.find((arg) => !arg.startsWith("--"));

function fail(thai: string, english: string, code = 1): never {
  console.error(`${thai}\n${english}`);
  process.exit(code);
}

async function confirm(question: string): Promise<void> {
  if (yes) return;
  if (!process.stdin.isTTY)
    fail(
      "ต้องยืนยันก่อนกู้คืน: เพิ่ม --yes เมื่อเรียกจากสคริปต์",
      "Restoring needs a confirmation: add --yes when running from a script.",
      2,
    );
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question}\nพิมพ์ yes เพื่อยืนยัน / type yes to go on: `);
  rl.close();
  if (answer.trim().toLowerCase() !== "yes") fail("ยกเลิกแล้ว ไม่มีอะไรเปลี่ยน", "Cancelled; nothing changed.", 3);
}

async function restoreEmbedded(backup: string): Promise<void> {
  if (runningShop()) fail("ร้านกำลังเปิดอยู่: หยุดร้านก่อนกู้คืน", "The shop is running: stop it before restoring.", 2);
  const dir = pgliteDir();
  const hasData = existsSync(dir) && readdirSync(dir).length > 0;
  if (hasData && !force)
    fail(
      `โฟลเดอร์ข้อมูล ${dir} มีข้อมูลอยู่แล้ว: ไม่กู้คืนทับ (ใช้ --force เพื่อย้ายของเดิมไปเก็บไว้แล้วกู้คืน)`,
      `The data folder ${dir} is not empty: nothing was restored (--force moves it aside and restores).`,
      2,
    );
  await confirm(`กู้คืน ${backup} ลงใน ${dir}${hasData ? " (ย้ายข้อมูลเดิมไปเก็บไว้ข้าง ๆ)" : ""}`);
  if (hasData) {
    const aside = `${dir}.before-restore-${Date.now()}`;
    renameSync(dir, aside);
    console.log(`ย้ายข้อมูลเดิมไปไว้ที่ ${aside}`);
  }
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(backup)]) });
  try {
    const [row] = (await pglite.query<{ users: number }>(`SELECT count(*)::int AS users FROM "User"`)).rows;
    console.log(`กู้คืนแล้ว: ผู้ใช้ ${row?.users ?? 0} บัญชี`);
  } finally {
    await pglite.close();
  }
}

async function restorePostgres(backup: string, url: string): Promise<void> {
  if (pgToolMissing("pg_restore"))
    fail(
      "ไม่พบโปรแกรม pg_restore: ติดตั้ง PostgreSQL client รุ่นเดียวกับเซิร์ฟเวอร์ก่อน",
      "pg_restore was not found: install the PostgreSQL client of the server's version first.",
      2,
    );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ tables: number }>(
    `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`,
  );
  await client.end();
  const hasData = (rows[0]?.tables ?? 0) > 0;
  if (hasData && !force)
    fail(
      "ฐานข้อมูลปลายทางมีตารางอยู่แล้ว: ไม่กู้คืนทับ (ใช้ --force เพื่อลบตารางเดิมแล้วกู้คืน)",
      "The target database already has tables: nothing was restored (--force drops them and restores).",
      2,
    );
  await confirm(`กู้คืน ${backup} ลงในฐานข้อมูล ${new URL(url).pathname.slice(1)}${hasData ? " (ลบตารางเดิม)" : ""}`);
  const result = spawnSync(
    "pg_restore",
    [
      ...(hasData ? ["--clean", "--if-exists"] : []),
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      backup,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`pg_restore failed (exit ${result.status})`);
  await moveDataVersionsOn(url);
  console.log("กู้คืนแล้ว");
}

/**
 * App processes still running keep reads of the old data by its versions (app/data/data-versions.server.ts),
 * and the backup brings its own, older versions back: a process could take its old copy for the
 * restored data's. Every version moves past what a running shop can have seen: the restore's time
 * in microseconds (an area changes far less than a million times a second).
 */
async function moveDataVersionsOn(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A backup from before the migration data_versions has no versions yet.
    const { rows } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('"DataVersion"') IS NOT NULL AS exists`,
    );
    if (rows[0]?.exists)
      await client.query(
        `UPDATE "DataVersion" SET "version" = GREATEST("version" + 1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)`,
      );
  } finally {
    await client.end();
  }
}

async function main() {
  if (!file)
    fail("ระบุไฟล์สำรอง: npm run db:restore -- backups/shop-....tar.gz", "Name a backup: npm run db:restore -- FILE", 2);
  const backup = path.resolve(file);
  if (!existsSync(backup)) fail(`ไม่พบไฟล์ ${backup}`, `No such file: ${backup}`, 2);
  const url = process.env.DATABASE_URL;
  if (backup.endsWith(".tar.gz")) {
    if (url)
      fail(
        "ไฟล์นี้เป็นของฐานข้อมูลในเครื่อง (PGlite): เอา DATABASE_URL ออกก่อน",
        "This is an embedded (PGlite) backup: unset DATABASE_URL.",
        2,
      );
    await restoreEmbedded(backup);
  } else if (backup.endsWith(".dump")) {
    if (!url) fail("ไฟล์นี้เป็นของ PostgreSQL: ตั้ง DATABASE_URL ก่อน", "This is a PostgreSQL backup: set DATABASE_URL.", 2);
    await restorePostgres(backup, url);
  } else {
    fail("ไม่รู้จักชนิดไฟล์ (.tar.gz หรือ .dump)", "Unknown kind of backup (.tar.gz or .dump).", 2);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`กู้คืนไม่สำเร็จ / restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
