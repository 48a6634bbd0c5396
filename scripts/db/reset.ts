// npm run db:reset: empties the configured database (then db:setup migrates and seeds it again).
import { rmSync } from "node:fs";
import { openDatabase, targetFromEnv } from "../../app/data/connection.server";

async function main() {
  const target = targetFromEnv();
  if (target.kind === "pglite") {
    rmSync(target.dir, { recursive: true, force: true });
    console.log(`ลบฐานข้อมูลในเครื่อง ${target.dir} แล้ว`);
    return;
  }
  if (target.kind !== "postgres") return;
  // Only the shop's own schema; the database itself stays.
  const db = openDatabase(target);
  await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.prisma.$executeRawUnsafe(`CREATE SCHEMA public`);
  await db.close();
  console.log("ล้างฐานข้อมูลแล้ว");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
