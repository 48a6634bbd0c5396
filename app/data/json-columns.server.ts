import { Prisma } from "./generated/client";

/**
 * Helpers for a page that reads several parts in one statement, each part a column: a JSON array
 * of rows, or a JSON object (decision 121). One statement is one round trip and one statement's
 * work in the app, where a part a query was one each.
 */

/**
 * A query's rows as one JSON array (none: []), in the order `keys`: the query's own ORDER BY is
 * for its LIMIT, and an aggregate does not promise to keep it.
 */
export function jsonRows(query: Prisma.Sql, keys: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT COALESCE(json_agg(r ORDER BY ${keys}), '[]'::json) FROM (${query}) r)`;
}

/**
 * A moment inside JSON, written as JavaScript's toISOString() writes it ("…T05:00:00.000Z"): the
 * shop keeps moments in UTC without a zone (Prisma's DateTime), and JSON would drop the "Z".
 */
export function isoMoment(moment: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`to_char(${moment}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
