import { defineConfig } from "prisma/config";

// The client talks to the database through a driver adapter (app/data/db.server.ts),
// so no URL is needed here; migrations run through scripts/db/migrate.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
});
