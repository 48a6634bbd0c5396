import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/data/connection.server";
import { applyMigrations } from "~/data/migrations.server";
import { adminQuery, serverUrl, urlForDatabase } from "../setup/test-database";

const expectedTables = ["Design", "LoginThrottle", "Order", "OrderEvent", "OrderStatusCount", "OutboxMessage", "PartPrice", "PatternOption", "Session", "StoredImage", "User", "_prisma_migrations"];

async function tableNames(db: ReturnType<typeof openDatabase>): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

describe("migrations", () => {
  it("apply to an empty embedded database, and a second run applies nothing", async () => {
    const db = openDatabase({ kind: "pglite-instance", pglite: await PGlite.create() });
    try {
      const applied = await applyMigrations(db.adapterFactory);
      expect(applied.length).toBeGreaterThan(0);
      expect(await tableNames(db)).toEqual(expectedTables);
      expect(await applyMigrations(db.adapterFactory)).toEqual([]);
      const recorded = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>("SELECT count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      expect(Number(recorded[0]!.n)).toBe(applied.length);
    } finally {
      await db.close();
    }
  });

  if (serverUrl()) it("apply to an empty PostgreSQL database, and a second run applies nothing", async () => {
    const name = `shop_migrate_${process.pid}`;
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${name}"`);
    const db = openDatabase({ kind: "postgres", url: urlForDatabase(serverUrl()!, name) });
    try {
      expect((await applyMigrations(db.adapterFactory)).length).toBeGreaterThan(0);
      expect(await tableNames(db)).toEqual(expectedTables);
      expect(await applyMigrations(db.adapterFactory)).toEqual([]);
    } finally {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
