import { afterAll, inject } from "vitest";
import { setDatabase } from "~/data/db.server";
import { createTestDatabase, templateNamesFor } from "./test-database";

// Every test file runs against its own fresh copy of the migrated template.
const database = await createTestDatabase(templateNamesFor(inject("testRunId")));
setDatabase(database);

afterAll(async () => {
  await database.drop();
});

export const testDb = database;
