// npm run db:seed               the demo data (embedded database) or the catalogue (DATABASE_URL)
// tsx scripts/db/seed.ts --if-empty   what npm start runs: demo data only into an empty embedded database
// tsx scripts/db/seed.ts --demo       demo data into any database (the end-to-end tests use it with PostgreSQL)
import { openDatabase, targetFromEnv } from "../../app/data/connection.server";
import { ensureFirstAdmin, seedCatalogue } from "../../app/domain/setup/seed.server";
import { seedDemo } from "./demo-data";

async function main() {
  const target = targetFromEnv();
  const db = openDatabase(target);
  try {
    if (target.kind === "postgres" && !process.argv.includes("--demo")) {
      await seedCatalogue(db.prisma);
      const admin = await ensureFirstAdmin(db.prisma, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
      console.log(admin ? `สร้างผู้ดูแลระบบคนแรก: ${admin}` : "ปรับแคตตาล็อกลวดลายแล้ว");
      return;
    }
    const onlyIfEmpty = process.argv.includes("--if-empty");
    if (onlyIfEmpty && (await db.prisma.user.count()) > 0) {
      await seedCatalogue(db.prisma);
      return;
    }
    await seedDemo(db.prisma);
    console.log("ใส่ข้อมูลตัวอย่างแล้ว");
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
