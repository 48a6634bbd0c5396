import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";
import { hashPassword } from "~/domain/users/password.server";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  loginCookie,
  onPostgres,
  prepareBuild,
  startApp,
} from "../../support/http-server";

/**
 * npm run db:backup while customers order, then npm run db:restore into a new place: everything
 * committed before the backup began is there, identical (the demo shop's users, designs, images,
 * orders and events by checksum; every order whose placing was answered before the backup, placed,
 * with its event), nothing is half done, and a restore never writes over a database that has data
 * unless told --force. On the embedded database the running shop makes the snapshot; on
 * PostgreSQL pg_dump does.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const work = path.join(root, "tests", ".tmp", `backup-${process.pid}`);
const CUSTOMERS = 4;
const PASSWORD = "backup1234";

let buildDir: string;
let database: AppDatabase;
let app: AppProcess | undefined;
const customers: string[] = [];
let designId = 0;
let restoredName = "";

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("backup");
  const setup = database.open();
  const passwordHash = await hashPassword(PASSWORD);
  const tailor = await setup.prisma.user.create({
    data: {
      email: "backup-tailor@example.com",
      name: "ช่างสำรอง",
      passwordHash,
      roles: ["merchant"],
      shopName: "ร้านสำรอง",
    },
  });
  designId = (
    await setup.prisma.design.create({ data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 500 } })
  ).id;
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `backup-${i}@example.com`;
    await setup.prisma.user.create({
      data: { email, name: `ลูกค้าสำรอง ${i}`, passwordHash, roles: ["user"], address: "3 หมู่ 3 ตำบลทดสอบ" },
    });
    customers.push(email);
  }
  await setup.close();
  mkdirSync(work, { recursive: true });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (restoredName) await adminQuery(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs one of the scripts the README names, as the operator would (npm run ...), with this database's settings. */
function script(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const result = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [`scripts/db/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A checksum of each table's rows (as text, in id order), optionally only up to an id. */
async function checksums(connection: DatabaseConnection, upTo: Record<string, number>) {
  const out: Record<string, string> = {};
  for (const table of ["User", "Design", "StoredImage", "Order", "OrderEvent"]) {
    const limit = upTo[table] ?? 2_147_483_647;
    const [row] = await connection.prisma.$queryRawUnsafe<{ sum: string | null; n: bigint }[]>(
      // A design's order counts are kept by the orders' trigger: they move when orders are placed.
      `SELECT md5(string_agg((to_jsonb(t) - 'orderCount' - 'totalRevenue')::text, '|' ORDER BY t."id")) AS sum, count(*) AS n FROM "${table}" t WHERE t."id" <= ${limit}`,
    );
    out[table] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

async function maxIds(connection: DatabaseConnection) {
  const out: Record<string, number> = {};
  for (const table of ["User", "Design", "StoredImage", "Order", "OrderEvent"]) {
    const [row] = await connection.prisma.$queryRawUnsafe<{ max: number | null }[]>(
      `SELECT max("id") AS max FROM "${table}"`,
    );
    out[table] = row!.max ?? 0;
  }
  return out;
}

test("a backup taken while customers order restores everything committed before it began", async () => {
  const before = database.open();
  const seeded = await maxIds(before);
  await before.close();

  // The operations listener at its default, a Unix socket in the data folder, which the script finds.
  const shop = await startApp(buildDir, database, { OPS_PORT: "" });
  app = shop;
  const cookies = await Promise.all(customers.map((email) => loginCookie(shop, email, PASSWORD)));
  // The shop's port never hands its data over (the operations listener does).
  const proxied = await call(shop, "/ops/backup", { method: "POST", headers: { "X-Forwarded-For": "203.0.113.9" } });
  expect(proxied.status).not.toBe(200);
  expect(proxied.headers.get("Content-Type")).not.toContain("gzip");
  let stop = false;
  let backupStartedAt = Number.POSITIVE_INFINITY;
  const placedBefore: number[] = [];
  const errors: string[] = [];
  async function customer(cookie: string) {
    while (!stop) {
      const added = await call(shop, "/api/cart/add", { cookie, json: { designId, quantity: 1, sizeId: "size2" } });
      if (added.status >= 500) errors.push(`add ${added.status}`);
      const placed = await call(shop, "/api/orders/place", { cookie, method: "PATCH" });
      if (placed.status >= 500) errors.push(`place ${placed.status}`);
      const body = (await placed.json()) as { orderIds?: number[] };
      if (placed.status === 200 && performance.now() < backupStartedAt) placedBefore.push(...(body.orderIds ?? []));
    }
  }
  const load = Promise.all(cookies.map(customer));
  // The backup starts once customers are ordering (not after a fixed wait: a busy CI machine had
  // placed none in the second it used to wait).
  await expect.poll(() => placedBefore.length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);

  const backupDir = path.join(work, "backups");
  backupStartedAt = performance.now();
  const backup = script("backup", [], { ...database.env, BACKUP_DIR: backupDir, BACKUP_KEEP: "3" });
  // Orders go on a moment after the backup, then the shop stops.
  await new Promise((resolve) => setTimeout(resolve, 500));
  stop = true;
  await load;
  await shop.stop();
  app = undefined;
  expect(backup.status, backup.output).toBe(0);
  expect(errors).toEqual([]);
  expect(placedBefore.length).toBeGreaterThan(0);
  const [file] = readdirSync(backupDir);
  expect(file).toMatch(onPostgres ? /^shop-postgres-\d{8}-\d{6}\.dump$/ : /^shop-pglite-\d{8}-\d{6}\.tar\.gz$/);

  // Into a new place: an empty data folder, or a new empty database.
  let target: Record<string, string>;
  let restored: () => DatabaseConnection;
  if (onPostgres) {
    restoredName = `shop_restored_${process.pid}`;
    await adminQuery(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${restoredName}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${restoredName}`;
    target = { DATABASE_URL: url.toString() };
    restored = () => openDatabase({ kind: "postgres", url: url.toString() });
  } else {
    const dataDir = path.join(work, "restored");
    target = { DATA_DIR: dataDir, DATABASE_URL: "" };
    restored = () => openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
  }
  const backupFile = path.join(backupDir, file!);
  const restore = script("restore", ["--yes", backupFile], target);
  expect(restore.status, restore.output).toBe(0);

  const live = database.open();
  const copy = restored();
  try {
    // The demo shop as it was seeded (the orders made no change to those rows): identical.
    expect(await checksums(copy, seeded)).toEqual(await checksums(live, seeded));
    // Every order whose placing was answered before the backup began: placed, with its event.
    const rows = await copy.prisma.order.findMany({
      where: { id: { in: placedBefore } },
      select: { id: true, status: true, _count: { select: { events: true } } },
    });
    expect(rows).toHaveLength(new Set(placedBefore).size);
    for (const row of rows) expect([row.id, row.status, row._count.events]).toEqual([row.id, "ordered", 1]);
    // Nothing half done in the copy: no placed order without its event, the kept counts right.
    const [unrecorded] = await copy.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Order" o WHERE o."status" <> 'cart'
        AND NOT EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."toStatus" = 'ordered')`;
    expect(Number(unrecorded!.n)).toBe(0);
    const counted = await copy.prisma.$queryRaw<{ status: string; kept: number; real: bigint }[]>`
      SELECT c."status"::text AS status, sum(c."orders")::int AS kept,
             (SELECT count(*) FROM "Order" o WHERE o."status" = c."status") AS real
      FROM "OrderStatusCount" c GROUP BY c."status"`;
    for (const row of counted) expect(row.kept, row.status).toBe(Number(row.real));
    // And the dashboard's figures per day: what the copy's orders add up to.
    const days = await copy.prisma.$queryRaw<{ key: string; kept: number; real: bigint | null }[]>`
      SELECT s."day"::text || ' ' || s."status" AS key, sum(s."orders")::int AS kept,
             (SELECT count(*) FROM "Order" o WHERE o."status" = s."status"
                AND (COALESCE(o."orderedAt", o."createdAt") + interval '7 hours')::date = s."day") AS real
      FROM "OrderDayStat" s GROUP BY s."day", s."status"`;
    expect(days.length).toBeGreaterThan(0);
    for (const row of days) expect(row.kept, row.key).toBe(Number(row.real));
    // A shop still running on PostgreSQL kept reads by data version: the restored versions are
    // past any it could have seen, so it reads them again (scripts/db/restore.ts).
    if (onPostgres) {
      const versionOf = async (connection: DatabaseConnection) =>
        (await connection.prisma.dataVersion.findUniqueOrThrow({ where: { area: "shops" } })).version;
      expect(await versionOf(copy)).toBeGreaterThan((await versionOf(live)) + 1_000_000n);
    }
  } finally {
    await live.close();
    await copy.close();
  }

  // The target now has data: a second restore is refused and changes nothing, unless --force.
  const countOf = async () => {
    const connection = restored();
    try {
      return await connection.prisma.order.count();
    } finally {
      await connection.close();
    }
  };
  const orders = await countOf();
  const refused = script("restore", ["--yes", backupFile], target);
  expect(refused.status).toBe(2);
  expect(refused.output).toContain("--force");
  expect(await countOf()).toBe(orders);
  const forced = script("restore", ["--yes", "--force", backupFile], target);
  expect(forced.status, forced.output).toBe(0);
  expect(await countOf()).toBe(orders);
}, 240_000);

test("backups beyond BACKUP_KEEP are removed, oldest first", async () => {
  const dir = path.join(work, "keep");
  mkdirSync(dir, { recursive: true });
  const names = ["shop-pglite-20260101-000000.tar.gz", "shop-pglite-20260102-000000.tar.gz", "notes.txt"];
  for (const name of names) spawnSync("touch", [path.join(dir, name)]);
  const run = script("backup", [], { ...database.env, BACKUP_DIR: dir, BACKUP_KEEP: "2" });
  expect(run.status, run.output).toBe(0);
  const left = readdirSync(dir).sort();
  // The new backup and the newer old one stay (by their time, whichever database made them).
  expect(left).toHaveLength(3);
  expect(left).toContain("notes.txt");
  expect(left).toContain("shop-pglite-20260102-000000.tar.gz");
  expect(left).not.toContain("shop-pglite-20260101-000000.tar.gz");
}, 120_000);
