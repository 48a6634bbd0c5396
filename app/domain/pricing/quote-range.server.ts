import { keptWhileUnchanged } from "~/data/data-versions.server";
import { db, Prisma } from "~/data/db.server";
import { ACTIVE_TAILOR_SQL } from "~/domain/merchants/shops.server";
import { type DesignParts, pricedParts, totalFor } from "./quote";
import type { QuoteRange } from "./quote-key";

/**
 * "ราคาเริ่มต้น" (issue 45): what a design would cost before any tailor is chosen. Among the open
 * tailors (active, with the merchant role) who price every priced part of it, the lowest and the
 * highest item price (unit × quantity, shipping not included) and how many they are. The same
 * rule as a tailor's quote (quote.ts: the sum of their prices of the parts, cutting to measure
 * included when chosen); null prices when no tailor can make it.
 */
export type { QuoteRange };

/**
 * The lowest and highest unit price and the count, for these part ids (each once), over every
 * open tailor: one statement through the part-price index. The same for everyone who asks, kept
 * while what the public sees of the tailors is unchanged (every price change raises "shops").
 */
const unitRange = keptWhileUnchanged("shops", async (sids: string[]) => {
  const [row] = await db().$queryRaw<{ from: string | null; to: string | null; tailors: number }[]>`
    WITH tailors AS MATERIALIZED (SELECT id FROM "User" WHERE ${ACTIVE_TAILOR_SQL}),
    quotes AS (
      SELECT t.id, count(p."patternSid") AS priced, sum(p.price) AS unit
      FROM tailors t JOIN "PartPrice" p ON p."merchantId" = t.id
        AND p."patternSid" IN (${Prisma.join(sids)}) AND p.price >= 0
      GROUP BY t.id
    )
    SELECT min(unit)::text AS "from", max(unit)::text AS "to", count(*)::int AS tailors
    FROM quotes WHERE priced = ${sids.length}::int`;
  return { from: row?.from ?? null, to: row?.to ?? null, tailors: row?.tailors ?? 0 };
});

export async function quoteRange(design: DesignParts, quantity: number): Promise<QuoteRange> {
  const sids = [...new Set(pricedParts(design).map((part) => part.sid))].sort();
  // Every design has its base shirt: never empty, but an empty IN () would be an SQL error.
  if (sids.length === 0) return { from: null, to: null, tailors: 0 };
  const unit = await unitRange(sids);
  if (unit.from === null || unit.to === null || unit.tailors === 0) return { from: null, to: null, tailors: 0 };
  return {
    from: totalFor(Number(unit.from), quantity),
    to: totalFor(Number(unit.to), quantity),
    tailors: unit.tailors,
  };
}

/**
 * The cart's lines still waiting for a tailor (a design the buyer made, no tailor yet: the cart
 * reads them with its lines, cart.server.ts): the range of one shirt's price for each, by line id,
 * until a tailor is chosen (the cart shows it × the line's quantity).
 */
export async function priceRangesOf(
  lines: readonly { id: number; design: DesignParts }[],
): Promise<Record<number, QuoteRange>> {
  const ranges = await Promise.all(lines.map((line) => quoteRange(line.design, 1)));
  return Object.fromEntries(lines.map((line, index) => [line.id, ranges[index]!]));
}
