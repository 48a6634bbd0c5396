import { existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PrismaClient } from "~/data/generated/client";
import { withParsersInstalledOnce } from "~/data/pglite-client.server";
import { templateNamesFor } from "../setup/test-database";

// Prisma on the embedded database goes through withParsersInstalledOnce (app/data/connection.server.ts).
// It must read every type exactly as the adapter on a bare PGlite does, in and out of transactions.

const EVERY_TYPE = `
  SELECT 12::int AS i, 9007199254740993::int8 AS big, 1234.50::numeric(10,2) AS price, 'ผ้าทอ'::text AS t,
         true AS yes, NULL::text AS nothing, '2026-11-23 14:05:06.789+00'::timestamptz AS at,
         '2026-11-23 14:05:06'::timestamp AS local, '2026-11-23'::date AS day, '14:05:06'::time AS clock,
         '{"ลาย":[1,2]}'::json AS j, '{"a":{"b":true}}'::jsonb AS jb, '\\x00ff10'::bytea AS bytes,
         ARRAY[1.5, 2.25]::numeric[] AS prices, ARRAY['a','ข']::text[] AS words, ARRAY[3,4]::int8[] AS bigs,
         ARRAY['2026-01-02'::date] AS days, '[]'::jsonb AS empty`;

// Two embedded databases for the whole file, started in beforeAll: a new PGlite takes 2 to 8 s to
// create its cluster (initdb) on a busy machine, so they are loaded from this run's migrated
// template when there is one (about 1.5 s each; on PostgreSQL runs there is none, and the second
// is a clone of the first). What is in them does not matter here.
let bare: PrismaClient;
let pglite: PGlite;
let lean: PrismaClient;

async function twoEmbeddedDatabases(): Promise<[PGlite, PGlite]> {
  const { dumpPath } = templateNamesFor(inject("testRunId"));
  if (existsSync(dumpPath)) {
    const template = new Blob([readFileSync(dumpPath)]);
    return Promise.all([PGlite.create({ loadDataDir: template }), PGlite.create({ loadDataDir: template })]);
  }
  const first = await PGlite.create();
  return [first, (await first.clone()) as PGlite];
}

beforeAll(async () => {
  const [first, second] = await twoEmbeddedDatabases();
  bare = new PrismaClient({ adapter: new PrismaPGlite(first) });
  pglite = second;
  lean = new PrismaClient({ adapter: new PrismaPGlite(withParsersInstalledOnce(pglite) as PGlite) });
});

afterAll(async () => {
  await bare?.$disconnect();
  await lean?.$disconnect();
  await pglite?.close();
});

describe("PGlite parsers installed once", () => {
  it("reads every type the same as the plain adapter", async () => {
    const expected = await bare.$queryRawUnsafe(EVERY_TYPE);
    expect(await lean.$queryRawUnsafe(EVERY_TYPE)).toEqual(expected);
    // Again, once the parsers are in the instance's own table.
    expect(await lean.$queryRawUnsafe(EVERY_TYPE)).toEqual(expected);
    expect(await lean.$transaction(async (tx) => tx.$queryRawUnsafe(EVERY_TYPE))).toEqual(expected);
    expect(expected).toMatchObject([
      { i: 12, big: 9007199254740993n, t: "ผ้าทอ", words: ["a", "ข"], j: { ลาย: [1, 2] } },
    ]);
  });

  it("keeps transactions atomic: a failure inside rolls everything back", async () => {
    await lean.$executeRawUnsafe(`CREATE TABLE note (id int PRIMARY KEY, body text NOT NULL)`);
    await expect(
      lean.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO note VALUES (1, 'first')`);
        await tx.$executeRawUnsafe(`INSERT INTO note VALUES (1, 'same id')`);
      }),
    ).rejects.toThrow();
    expect(await lean.$queryRawUnsafe(`SELECT count(*)::int AS n FROM note`)).toEqual([{ n: 0 }]);
    await lean.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO note VALUES (2, 'kept')`);
    });
    expect(await lean.$queryRawUnsafe(`SELECT id, body FROM note`)).toEqual([{ id: 2, body: "kept" }]);
  });
});
