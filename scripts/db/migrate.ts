// npm run db:migrate            apply pending migrations to the configured database
// npm run db:migration -- NAME  write a new migration from prisma/schema.prisma
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, targetFromEnv } from "../../app/data/connection.server";
import { applyMigrations, createMigration } from "../../app/data/migrations.server";

const [command, name] = process.argv.slice(2);

async function main() {
  if (command === "create") {
    if (!name) throw new Error("usage: npm run db:migration -- <name>");
    // Diffing needs a scratch database for the shadow copy: an in-memory PGlite is enough.
    const scratch = openDatabase({ kind: "pglite-instance", pglite: new PGlite() });
    const folder = await createMigration(scratch.adapterFactory, name);
    console.log(folder ? `สร้าง migration ${folder}` : "schema ตรงกับ migration แล้ว ไม่มีอะไรต้องสร้าง");
    await scratch.close();
    return;
  }
  const db = openDatabase(targetFromEnv());
  const applied = await applyMigrations(db.adapterFactory);
  console.log(applied.length ? `ปรับฐานข้อมูลแล้ว: ${applied.join(", ")}` : "ฐานข้อมูลเป็นปัจจุบันแล้ว");
  await db.close();
}

main().then(
  () => process.exit(0), // the schema engine otherwise lingers for seconds
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
