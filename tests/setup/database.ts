import { afterAll, inject } from "vitest";
import { useDatabase } from "~/data/db.server";
import { createTestDatabase, templateNamesFor } from "./test-database";

// Every test file runs against its own fresh copy of the migrated template.
const database = await createTestDatabase(templateNamesFor(inject("testRunId")));
useDatabase(database);

afterAll(async () => {
  await database.drop();
});

export const testDb = database;
