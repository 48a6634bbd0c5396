import { expect, test } from "vitest";
import { db } from "~/data/db.server";
import { onPostgres } from "../support/http-server";

// On PostgreSQL each connection parses and plans a statement once and then only runs it
// (docs/decisions.md, 71): the statements the shop sends are named, and stay prepared on the
// connection that ran them.
test.runIf(onPostgres)("the shop's statements stay prepared on their connection", async () => {
  const prepared = await db().$transaction(async (tx) => {
    // One connection throughout: the same lookup twice, then what that connection holds prepared.
    for (let i = 0; i < 2; i++)
      await tx.user.findMany({ where: { email: "nobody@example.com" }, select: { id: true } });
    return tx.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;
  });
  const lookups = prepared.filter(
    (row) => /FROM "public"\."User"/.test(row.statement) && /"email"/.test(row.statement),
  );
  expect(lookups).toHaveLength(1);
  expect(lookups[0]!.name).toMatch(/^shop_\d+$/);
});
