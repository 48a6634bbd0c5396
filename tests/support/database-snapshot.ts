import { db } from "~/data/db.server";

/**
 * Every row of every table of the test's database, as text, by table: compare a snapshot taken
 * before some refused calls with one taken after to show that nothing at all changed (a failure
 * shows the rows that did). For the small databases of the integration tests.
 */
export async function databaseSnapshot(except: readonly string[] = []): Promise<Record<string, string[]>> {
  const tables = await db().$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const rows = await db().$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${name}" t ORDER BY 1`);
    snapshot[name] = rows.map((entry) => entry.row);
  }
  return snapshot;
}
