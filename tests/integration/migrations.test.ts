import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";
import { applyMigrations } from "~/data/migrations.server";
import { adminQuery, serverUrl, urlForDatabase } from "../setup/test-database";

const expectedTables = [
  "AccountCount",
  "AnsweredPost",
  "AuditEntry",
  "DataVersion",
  "Design",
  "MeasurementProfile",
  "Notification",
  "Order",
  "OrderDayStat",
  "OrderDelivery",
  "OrderEvent",
  "OrderMessage",
  "OrderPayment",
  "OrderPersonStat",
  "OrderProblem",
  "OrderStatusCount",
  "OutboxMessage",
  "PartPrice",
  "PasswordReset",
  "PatternOption",
  "RateLimiterFlexible",
  "Review",
  "Session",
  "ShopTotal",
  "StoredImage",
  "UsedSlip",
  "User",
  "_prisma_migrations",
];

async function tableNames(db: DatabaseConnection): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

async function finishedMigrations(db: DatabaseConnection): Promise<number> {
  const recorded = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
    "SELECT count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL",
  );
  return Number(recorded[0]!.n);
}

// The first run happens in beforeAll (hook limit 60 s), where the tests share its result: it
// creates a new embedded cluster (initdb) and loads Prisma's schema engine (WebAssembly) before
// it applies every migration, 4 s on an idle machine but over 20 s on two busy cores.
describe("migrations on the embedded database", () => {
  let db: DatabaseConnection;
  let applied: string[];

  beforeAll(async () => {
    db = openDatabase({ kind: "pglite-instance", pglite: await PGlite.create() });
    applied = await applyMigrations(db.adapterFactory);
  });

  afterAll(async () => {
    await db?.close();
  });

  it("apply to an empty database: every table, and every migration recorded as finished", async () => {
    expect(applied.length).toBeGreaterThan(0);
    expect(await tableNames(db)).toEqual(expectedTables);
    expect(await finishedMigrations(db)).toBe(applied.length);
  });

  it("a second run applies nothing", async () => {
    expect(await applyMigrations(db.adapterFactory)).toEqual([]);
    expect(await finishedMigrations(db)).toBe(applied.length);
  });
});

if (serverUrl()) {
  describe("migrations on PostgreSQL", () => {
    const name = `shop_migrate_${process.pid}`;
    let db: DatabaseConnection;
    let applied: string[];

    beforeAll(async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE "${name}"`);
      db = openDatabase({ kind: "postgres", url: urlForDatabase(serverUrl()!, name) });
      applied = await applyMigrations(db.adapterFactory);
    });

    afterAll(async () => {
      await db?.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });

    it("apply to an empty database: every table, and every migration recorded as finished", async () => {
      expect(applied.length).toBeGreaterThan(0);
      expect(await tableNames(db)).toEqual(expectedTables);
      expect(await finishedMigrations(db)).toBe(applied.length);
    });

    it("a second run applies nothing", async () => {
      expect(await applyMigrations(db.adapterFactory)).toEqual([]);
    });
  });
}
